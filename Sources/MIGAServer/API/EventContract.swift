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
      guard seen.insert(id).inserted else { continue }
      switch try outcome(wire, id: id, index: index) {
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
    let occurredAt: Date
    switch WireTimestamp.instant(wire.occurred_at) {
    case .malformed:
      throw refusal(index, "occurred_at must be YYYY-MM-DDTHH:MM:SS.sssZ in UTC", code: "INVALID_OCCURRED_AT")
    case .impossible: return .reject(.INVALID_OCCURRED_AT)
    case .value(let instant): occurredAt = instant
    }
    let localDay: LocalDay
    switch WireTimestamp.day(wire.local_day) {
    case .malformed: throw refusal(index, "local_day must be YYYY-MM-DD", code: "INVALID_LOCAL_DAY")
    case .impossible: return .reject(.INVALID_LOCAL_DAY)
    case .value(let day): localDay = day
    }
    let metadata = EventMetadata(
      appID: wire.metadata.app_id, contentID: wire.metadata.content_id,
      contentCategory: wire.metadata.content_category.flatMap { ContentCategory(rawValue: $0.rawValue) },
      timerLength: wire.metadata.timer_length, sessionDuration: wire.metadata.session_duration,
      intention: wire.metadata.intention.flatMap { Intention(rawValue: $0.rawValue) })
    guard let kind = EventKind(rawValue: wire.kind.rawValue) else {
      throw refusal(index, "kind \(wire.kind.rawValue) is not one this server stores", code: "INVALID_KIND")
    }
    // Every field rule first, on the event moved to the UTC date of its instant (always a valid
    // local day), so a field's own code wins over the day's; then the day itself.
    let utcDay = LocalDay(String(wire.occurred_at.prefix(10)))!
    do {
      try MIGAEvent(
        id: id, kind: kind, occurredAt: occurredAt, timeZone: wire.time_zone, localDay: utcDay, metadata: metadata
      ).validate()
    } catch {
      throw refusal(index, rule(error), code: error.code)
    }
    let event = MIGAEvent(
      id: id, kind: kind, occurredAt: occurredAt, timeZone: wire.time_zone, localDay: localDay, metadata: metadata)
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

  private static func rule(_ error: EventValidationError) -> String {
    switch error {
    case .localDayOutOfRange: "local_day must be within two days of occurred_at"
    case .invalidTimeZone: "time_zone must be an IANA zone name such as Europe/Paris"
    case .invalidAppID: "metadata.app_id must be 1 to 64 of a-z, 0-9, '.', '_' and '-', starting with a letter or digit"
    case .invalidContentID: "metadata.content_id must be 1 to 64 printable ASCII characters without spaces"
    case .timerLengthOutOfRange:
      "metadata.timer_length must be \(MIGAEvent.timerLengthRange.lowerBound) to "
        + "\(MIGAEvent.timerLengthRange.upperBound) seconds"
    case .sessionDurationOutOfRange: "metadata.session_duration must be 0 to 86400 seconds"
    }
  }
}
