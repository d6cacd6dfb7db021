import OrchardKit
import ServerKit

/// A position in one device's event log, as the API hands it out: `v2.` and the id of the last
/// event the device has been given, or `v2.start`. It names only the device's own event, never
/// the row number behind it, which counts every device's writes and so would tell each device how
/// much all the others store. `v1.<row>` cursors, handed out before, are still read.
enum EventCursor: Sendable, Hashable, CustomStringConvertible {
  case start
  case after(IdempotencyID)
  case legacy(Int64)

  init?(_ text: String) {
    if text == "v2.start" {
      self = .start
    } else if text.hasPrefix("v2."), let event = IdempotencyID(String(text.dropFirst(3))),
      event.description == text.dropFirst(3)
    {
      self = .after(event)
    } else if let legacy = SyncCursor(text) {
      self = .legacy(legacy.seq)
    } else {
      return nil
    }
  }

  var description: String {
    switch self {
    case .start: "v2.start"
    case .after(let event): "v2.\(event)"
    case .legacy(let seq): SyncCursor(seq: seq).description
    }
  }

  /// A cursor this device was never given: malformed, another device's, or from an erased log.
  static let unknown = OrchardError.badRequest(
    "The cursor is not one this server gave this device; start again without it.", code: "BAD_CURSOR")
}
