import OrchardKit

/// What makes a password acceptable (OWASP ASVS 5.0 §6.2): long enough, not absurdly long, and
/// not one of the passwords attackers try first. There are no composition rules, and a password is
/// kept exactly as typed: never trimmed, never truncated.
public struct PasswordPolicy: Sendable, Equatable {
  /// The fewest characters accepted.
  public var minimumLength: Int
  /// The most characters accepted: far beyond any passphrase, short of a denial of service.
  public var maximumLength: Int
  /// The most UTF-8 bytes accepted, so that characters built of many code points cannot make a
  /// password of "128 characters" arbitrarily large.
  public var maximumBytes: Int

  public init(minimumLength: Int = 8, maximumLength: Int = 128, maximumBytes: Int = 1_024) {
    precondition(0 < minimumLength && minimumLength <= maximumLength, "a policy accepts some length")
    self.minimumLength = minimumLength
    self.maximumLength = maximumLength
    self.maximumBytes = maximumBytes
  }

  /// Orchard's policy: 8 to 128 characters, none of the common ones.
  public static let standard = PasswordPolicy()

  /// Why `password` is refused, or `nil` when it is accepted. `email` is the account's address:
  /// a password that merely repeats it (or the part before the `@`) is refused too.
  public func problem(with password: String, email: EmailAddress? = nil) -> PasswordProblem? {
    let length = password.count
    if length < minimumLength { return .tooShort(minimum: minimumLength) }
    if length > maximumLength || password.utf8.count > maximumBytes { return .tooLong(maximum: maximumLength) }
    let folded = password.lowercased()
    if CommonPasswords.contains(folded) { return .common }
    if let email, folded == email.normalized || folded == email.normalized.prefix(while: { $0 != "@" }) {
      return .sameAsEmail
    }
    return nil
  }
}

/// Why a password was refused. Every case is GoTrue's `weak_password`; `reason` says which rule.
public enum PasswordProblem: Error, Sendable, Equatable {
  case tooShort(minimum: Int)
  case tooLong(maximum: Int)
  /// One of the most common passwords (breach corpora put these first in every attack).
  case common
  /// The account's own email address, or its part before the `@`.
  case sameAsEmail

  /// The machine-readable rule, as GoTrue names the reasons of a `weak_password`.
  public var reason: String {
    switch self {
    case .tooShort: "length"
    case .tooLong: "length_max"
    case .common: "pwned"
    case .sameAsEmail: "email"
    }
  }

  /// The sentence that explains it, in the reader's language.
  public var message: Message<IdentityText> {
    switch self {
    case .tooShort(let minimum): Message(.passwordTooShort, ["minimum": minimum])
    case .tooLong(let maximum): Message(.passwordTooLong, ["maximum": maximum])
    case .common: Message(.passwordCommon)
    case .sameAsEmail: Message(.passwordSameAsEmail)
    }
  }
}

/// The two passwords of a sign-up form that asks for one twice.
public enum PasswordConfirmation {
  /// Whether the confirmation matches, exactly as typed.
  public static func matches(_ password: String, _ confirmation: String) -> Bool {
    Array(password.utf8) == Array(confirmation.utf8)
  }
}
