/// A language an app speaks, by its BCP 47 primary subtag (`en`, `fr`, `ja`, `ko`).
public struct Language: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue.lowercased() }

  public static let english = Language(rawValue: "en")
  public static let french = Language(rawValue: "fr")
  public static let japanese = Language(rawValue: "ja")
  public static let korean = Language(rawValue: "ko")

  public var description: String { rawValue }

  /// Which plural form a count takes (CLDR's cardinal rules, for the languages Orchard speaks).
  public func pluralCategory(_ count: Int) -> PluralCategory {
    switch rawValue {
    case "fr": (count == 0 || count == 1) ? .one : .other
    case "ja", "ko", "zh": .other
    default: count == 1 ? .one : .other
    }
  }
}

/// CLDR's plural categories that Orchard's languages use.
public enum PluralCategory: String, Sendable {
  case one, other
}

/// The keys of an app's sentences: one enum per app, whose cases every catalog must cover.
public protocol TextKey: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

/// One app's sentences in one language, by key. A sentence may name values in braces:
/// `{name}` for a value as it is, and `{count, plural, one {# day} other {# days}}` for a
/// number whose words change with it (`#` is the number; `=0 {…}` names an exact one).
public struct Catalog<Key: TextKey>: Sendable {
  public let language: Language
  public let messages: [Key: String]

  public init(_ language: Language, _ messages: [Key: String]) {
    self.language = language
    self.messages = messages
  }

  /// The keys this catalog lacks: a test fails on any, in every language an app declares.
  public var missing: [Key] { Key.allCases.filter { messages[$0] == nil } }
}

/// An app's catalogs, one per language it declares; English is always one of them.
public struct Texts<Key: TextKey>: Sendable {
  public let catalogs: [Catalog<Key>]

  public init(_ catalogs: [Catalog<Key>]) {
    precondition(catalogs.contains { $0.language == .english }, "every app speaks English")
    self.catalogs = catalogs
  }

  /// The languages the app declares, English first.
  public var languages: [Language] { catalogs.map(\.language) }

  /// The keys each catalog lacks, by language (for the test that holds every app to none).
  public var missing: [Language: [String]] {
    var missing: [Language: [String]] = [:]
    for catalog in catalogs where !catalog.missing.isEmpty {
      missing[catalog.language] = catalog.missing.map(\.rawValue)
    }
    return missing
  }

  /// Sentences in `language`, or English when the app does not speak it.
  public func localizer(_ language: Language) -> Localizer<Key> {
    let english = catalogs.first { $0.language == .english }!
    return Localizer(catalogs.first { $0.language == language } ?? english, fallback: english)
  }
}

/// Sentences in one language with their values filled in.
public struct Localizer<Key: TextKey>: Sendable {
  public let catalog: Catalog<Key>
  let fallback: Catalog<Key>

  init(_ catalog: Catalog<Key>, fallback: Catalog<Key>) {
    self.catalog = catalog
    self.fallback = fallback
  }

  public var language: Language { catalog.language }

  /// The sentence for `key` with `values` filled in. A key no catalog has is a programming error
  /// the catalog tests catch; it shows as the key itself rather than a crash.
  public func callAsFunction(_ key: Key, _ values: [String: any Sendable] = [:]) -> String {
    let template = catalog.messages[key] ?? fallback.messages[key] ?? key.rawValue
    return MessageFormat.format(template, values: values, language: language)
  }

  /// A message a core returned: its key and its values.
  public func callAsFunction(_ message: Message<Key>) -> String { self(message.key, message.values) }
}

/// What a core says, as a key and the values its sentence names: the sentence itself is the
/// catalog's, in the reader's language.
public struct Message<Key: TextKey>: Sendable {
  public let key: Key
  public let values: [String: any Sendable]

  public init(_ key: Key, _ values: [String: any Sendable] = [:]) {
    self.key = key
    self.values = values
  }
}

extension Message: Equatable {
  public static func == (lhs: Message, rhs: Message) -> Bool {
    lhs.key == rhs.key && lhs.values.mapValues { "\($0)" } == rhs.values.mapValues { "\($0)" }
  }
}
