/// Where a blob lives in a store: a path of segments the server chose, never text a user sent.
///
/// Every segment is 1–128 characters of `a–z`, `0–9`, `-`, `_` and `.`, and does not start with a
/// dot, so a key can never climb out of its directory (`..`), hide a temporary file (`.tmp`) or
/// need escaping in a URL. The same key names the same bytes in a local directory and in a bucket.
public struct BlobKey: Hashable, Sendable, CustomStringConvertible {
  /// The segments, outermost first.
  public let segments: [String]

  /// A key of `segments`; nil when one of them is not a valid segment.
  public init?(_ segments: [String]) {
    guard !segments.isEmpty, segments.allSatisfy(Self.isSegment) else { return nil }
    self.segments = segments
  }

  /// A key of `segments`; nil when one of them is not a valid segment.
  public init?(_ segments: String...) { self.init(segments) }

  /// Parses the slash-separated form, as a listing returns it.
  public init?(path: String) {
    self.init(path.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
  }

  /// The slash-separated form: the object name in a bucket, the relative path in a directory.
  public var description: String { segments.joined(separator: "/") }

  /// This key with `segment` added at the end; nil when it is not a valid segment.
  public func appending(_ segment: String) -> BlobKey? { BlobKey(segments + [segment]) }

  static let maximumSegmentLength = 128

  static func isSegment(_ segment: String) -> Bool {
    let bytes = segment.utf8
    guard (1...maximumSegmentLength).contains(bytes.count), bytes.first != UInt8(ascii: ".") else { return false }
    return bytes.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
      case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
      default: false
      }
    }
  }
}
