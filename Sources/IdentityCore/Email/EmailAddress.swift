/// An account's email address, normalised so that one mailbox is one account: surrounding
/// whitespace dropped and every letter lower-cased (as hosted auth services compare addresses).
///
/// Validation is deliberately plain. It refuses what can never be delivered (no `@`, no dot in the
/// domain, spaces, control characters, more than 254 characters) and accepts the rest; a mailbox
/// is proven by the mail that reaches it, not by a pattern.
public struct EmailAddress: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The normalised address, as stored and compared.
  public let normalized: String

  /// The longest address SMTP can carry (RFC 5321's path limit, less its angle brackets).
  public static let maximumLength = 254
  /// The longest local part (before the `@`) RFC 5321 allows.
  public static let maximumLocalLength = 64

  /// The address `raw` names, or why it cannot be one.
  public static func parse(_ raw: String) -> Result<EmailAddress, EmailProblem> {
    let trimmed = raw.trimmingWhitespace()
    guard !trimmed.isEmpty else { return .failure(.missing) }
    guard trimmed.unicodeScalars.count <= maximumLength else { return .failure(.tooLong) }
    let lowered = trimmed.lowercased()
    guard lowered.unicodeScalars.allSatisfy(isAllowed) else { return .failure(.invalid) }
    let parts = lowered.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return .failure(.invalid) }
    let (local, domain) = (parts[0], parts[1])
    guard !local.isEmpty, local.unicodeScalars.count <= maximumLocalLength,
      !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
    else { return .failure(.invalid) }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2,
      labels.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.count <= 63 && !$0.hasPrefix("-") && !$0.hasSuffix("-") }),
      labels.last!.unicodeScalars.count >= 2, !labels.last!.allSatisfy(\.isNumber)
    else { return .failure(.invalid) }
    return .success(EmailAddress(normalized: lowered))
  }

  private init(normalized: String) { self.normalized = normalized }

  public init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(String.self)
    guard case .success(let address) = Self.parse(raw) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an email address"))
    }
    self = address
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(normalized)
  }

  public var description: String { normalized }

  /// Printable characters other than spaces, brackets and quotes, which an address never needs
  /// unquoted; letters beyond ASCII are allowed (internationalised mail, RFC 6531).
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x21 || scalar.value == 0x7F { return false }
    if (0x80...0x9F).contains(scalar.value) { return false }
    if scalar.properties.isWhitespace || scalar.properties.generalCategory == .format { return false }
    return !"()<>[]\\,;:\"".unicodeScalars.contains(scalar)
  }
}

/// Why an email address was refused, as a code; the sentence is the catalog's.
public enum EmailProblem: String, Error, Sendable, CaseIterable {
  case missing = "email_missing"
  case invalid = "email_address_invalid"
  case tooLong = "email_too_long"

  public var text: IdentityText {
    switch self {
    case .missing: .emailMissing
    case .invalid: .emailInvalid
    case .tooLong: .emailTooLong
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing whitespace or newlines.
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}
