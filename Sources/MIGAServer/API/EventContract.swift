import Foundation
import MIGAAPI
import MIGACore
import OrchardKit
import ServerKit

/// Turns an uploaded batch into events to store, events to refuse one by one, and contract
/// violations that refuse the whole request.
///
/// The line between the two kinds of refusal is the OpenAPI document: whatever its schema rejects
/// (a field of the wrong shape, a number out of range) is a broken client and the request gets 400
/// with the first rule's code — the event rules' own codes where MIGACore has one. What fits the
/// schema but cannot be true (a local day too far from its instant, 30 February) is refused in the
/// receipt, so the app can drop that event and keep delivering the rest.
enum EventContract {
  /// The most events in one batch (the outbox's batch size).
  static let maxBatch = OutboxState.batchSize

  /// The checked batch in order. An id repeated within the batch counts once, as its first copy.
  struct Checked {
    var events: [MIGAEvent] = []
    var rejected: [Components.Schemas.Rejection] = []
  }

  static func check(_ batch: [Components.Schemas.Event]) throws(OrchardError) -> Checked {
    guard !batch.isEmpty else {
      throw .badRequest("The batch has no events; send 1 to \(maxBatch).", code: "EMPTY_BATCH")
    }
    guard batch.count <= maxBatch else {
      throw .badRequest(
        "The batch has \(batch.count) events; send at most \(maxBatch) at a time.", code: "BATCH_TOO_LARGE")
    }
    var checked = Checked()
    var seen = Set<IdempotencyID>()
    for (index, wire) in batch.enumerated() {
      guard let id = IdempotencyID(wire.event_id) else {
        throw refusal(index, "event_id must be 32 lowercase hex digits", code: "INVALID_EVENT_ID")
      }
      // A repeated copy is held to the contract like the first, then counts for nothing.
      let outcome = try outcome(wire, id: id, index: index)
      guard seen.insert(id).inserted else { continue }
      switch outcome {
      case .store(let event): checked.events.append(event)
      case .reject(let code): checked.rejected.append(.init(event_id: wire.event_id, code: code))
      }
    }
    return checked
  }

  /// What becomes of one event that fits the contract.
  private enum Outcome {
    case store(MIGAEvent)
    /// Refused in the receipt with this code.
    case reject(Components.Schemas.Rejection.codePayload)
  }

  /// The event's outcome; throws for a contract violation.
  private static func outcome(
    _ wire: Components.Schemas.Event, id: IdempotencyID, index: Int
  ) throws(OrchardError)
    -> Outcome
  {
    // The shapes and every field rule first: a request that breaks the contract is refused whole,
    // whatever its dates are. Only then the dates, which may be impossible (the 31st of February)
    // or too far from each other: those refuse the one event in the receipt.
    let occurredAt = WireTimestamp.instant(wire.occurred_at)
    if case .malformed = occurredAt {
      throw refusal(index, "occurred_at must be YYYY-MM-DDTHH:MM:SS.sssZ in UTC", code: "INVALID_OCCURRED_AT")
    }
    let localDay = WireTimestamp.day(wire.local_day)
    if case .malformed = localDay { throw refusal(index, "local_day must be YYYY-MM-DD", code: "INVALID_LOCAL_DAY") }
    guard let kind = EventKind(rawValue: wire.kind.rawValue) else {
      throw refusal(index, "kind \(wire.kind.rawValue) is not one this server stores", code: "INVALID_KIND")
    }
    let metadata = EventMetadata(
      appID: wire.metadata.app_id, contentID: wire.metadata.content_id,
      contentCategory: wire.metadata.content_category.flatMap { ContentCategory(rawValue: $0.rawValue) },
      timerLength: wire.metadata.timer_length, sessionDuration: wire.metadata.session_duration,
      intention: wire.metadata.intention.flatMap { Intention(rawValue: $0.rawValue) })
    do {
      try MIGAEvent.validateFields(timeZone: wire.time_zone, metadata: metadata)
    } catch {
      throw refusal(index, rule(error), code: error.code)
    }
    guard case .value(let instant) = occurredAt else { return .reject(.INVALID_OCCURRED_AT) }
    guard case .value(let day) = localDay else { return .reject(.INVALID_LOCAL_DAY) }
    let event = MIGAEvent(
      id: id, kind: kind, occurredAt: instant, timeZone: wire.time_zone, localDay: day, metadata: metadata)
    do {
      try event.validate()
    } catch {
      return .reject(.LOCAL_DAY_OUT_OF_RANGE)
    }
    return .store(event)
  }

  private static func refusal(_ index: Int, _ rule: String, code: String) -> OrchardError {
    .badRequest("Event \(index + 1) of the batch: \(rule). Nothing in the batch was stored.", code: code)
  }

  /// The API speaks English: the rule as the English catalog words it.
  private static func rule(_ error: EventValidationError) -> String {
    MIGATexts.all.localizer(.english)(error.message)
  }
}
