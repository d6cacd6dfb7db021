import HTTPTypes

extension HTTPFields {
  /// The token of the `Authorization: Bearer …` header, at most `maxLength` bytes; nil when the
  /// header is absent, another scheme, empty or too long.
  ///
  /// Every bearer check of the server reads its token here (device tokens, access tokens, the
  /// metrics token). hummingbird-auth's `bearer` takes only the exact spelling `Bearer `, keeps
  /// the spaces around the token and sets no bound; RFC 9110 §11.1 makes the scheme's name
  /// case-insensitive, and clients send `bearer` too.
  public func bearerToken(maxLength: Int) -> String? {
    BearerToken.token(in: self[.authorization], maxLength: maxLength)
  }
}

/// The one reader of bearer tokens (``HTTPFields/bearerToken(maxLength:)``).
public enum BearerToken {
  /// The token of an `Authorization` header's value, at most `maxLength` bytes.
  public static func token(in header: String?, maxLength: Int) -> String? {
    guard let header, header.utf8.count > 7, header.prefix(7).lowercased() == "bearer " else { return nil }
    // Spaces and tabs around the token are not part of it (trimmed by hand: Foundation's
    // trimming bridges the whole header, on every call).
    let rest = header.utf8.dropFirst(7)
    let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard let first = rest.firstIndex(where: { !blank($0) }), let last = rest.lastIndex(where: { !blank($0) }) else {
      return nil
    }
    let token = String(Substring(header.utf8[first...last]))
    guard (1...maxLength).contains(token.utf8.count) else { return nil }
    return token
  }
}
