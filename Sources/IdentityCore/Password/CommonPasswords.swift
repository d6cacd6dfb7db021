/// The passwords attackers try first, from Openwall's public-domain list (see
/// `scripts/build-common-passwords`): a password whose lower-cased form is one of them is refused.
public enum CommonPasswords {
  /// The list as a set, built on first use.
  static let all: Set<Substring> = Set(source.split(separator: "\n"))

  /// Whether `folded` (a lower-cased password) is on the list.
  public static func contains(_ folded: String) -> Bool { all.contains(Substring(folded)) }

  /// Every entry, most common first (for tests that hold the policy to the whole list).
  public static var entries: [String] { source.split(separator: "\n").map(String.init) }
}
