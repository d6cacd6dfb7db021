import Foundation

/// Conditional requests against a strong validator.
public enum EntityTag {
  /// Whether `If-None-Match` names `etag`: the header holds one ETag, a list of them, or `*`
  /// (RFC 9110 §13.1.2); a weak form of the same tag matches too, as the weak comparison asks.
  public static func matches(_ header: String?, _ etag: String) -> Bool {
    guard let header else { return false }
    return header.split(separator: ",").contains { candidate in
      let tag = candidate.trimmingCharacters(in: .whitespaces)
      return tag == "*" || tag == etag || tag == "W/" + etag
    }
  }
}
