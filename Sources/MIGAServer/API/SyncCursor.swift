/// A position in one of the server's histories (the content library's changes, or the order events
/// were received in), handed to clients as the opaque text `v1.<n>`.
///
/// Exactly the strings the contract's pattern `^v1\.[0-9]{1,18}$` allows parse, and every one of
/// them does (18 digits never overflow `Int64`): a client that follows the contract is never
/// refused, and anything else is `BAD_CURSOR`.
public struct SyncCursor: Sendable, Hashable, CustomStringConvertible {
  /// The last sequence number the holder has seen; 0 is "nothing yet".
  public let seq: Int64

  public init(seq: Int64) {
    precondition(seq >= 0, "sequence numbers start at 0")
    self.seq = seq
  }

  /// Parses `v1.<1 to 18 digits>`; nil for anything else.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard (4...21).contains(bytes.count), bytes[0] == UInt8(ascii: "v"), bytes[1] == UInt8(ascii: "1"),
      bytes[2] == UInt8(ascii: ".")
    else { return nil }
    var value: Int64 = 0
    for byte in bytes[3...] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    self.seq = value
  }

  public var description: String { "v1.\(seq)" }
}
