import OrchardKit

/// The device's append-only event log, in the order events were recorded. Stats read it; the
/// outbox copies it to the server.
///
/// An event whose id is already in the log is ignored, so a restore from the server or a replayed
/// append can never count anything twice.
public struct EventLog: Sendable, Equatable {
  /// Every event, oldest recording first.
  public private(set) var events: [MIGAEvent] = []
  private var ids: Set<IdempotencyID> = []

  /// An empty log.
  public init() {}

  /// A log of `events` in order, keeping the first of any repeated id.
  public init(_ events: some Sequence<MIGAEvent>) {
    append(contentsOf: events)
  }

  /// Appends `event` unless its id is already logged; returns whether it was appended.
  @discardableResult
  public mutating func append(_ event: MIGAEvent) -> Bool {
    guard ids.insert(event.id).inserted else { return false }
    events.append(event)
    return true
  }

  /// Appends each event in order, skipping ids already logged.
  public mutating func append(contentsOf events: some Sequence<MIGAEvent>) {
    for event in events {
      append(event)
    }
  }

  /// Whether an event with this id is logged.
  public func contains(_ id: IdempotencyID) -> Bool {
    ids.contains(id)
  }

  public static func == (lhs: EventLog, rhs: EventLog) -> Bool {
    lhs.events == rhs.events
  }
}

extension EventLog: Codable {
  /// Decodes a JSON array of events, dropping repeated ids as ``append(_:)`` would.
  public init(from decoder: any Decoder) throws {
    self.init(try [MIGAEvent](from: decoder))
  }

  /// Encodes as a JSON array of events, oldest first.
  public func encode(to encoder: any Encoder) throws {
    try events.encode(to: encoder)
  }
}
