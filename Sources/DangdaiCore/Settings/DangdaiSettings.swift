import OrchardKit

/// A learner's settings: the app's language, how readings are shown, the time zone their days
/// (streaks, activity) follow, whether answers make a sound, and the look.
public struct DangdaiSettings: Hashable, Sendable, Codable {
  public enum ReadingDisplay: String, Hashable, Sendable, Codable, CaseIterable {
    case pinyin, zhuyin, both
  }

  /// Light, dark, or as the system is set.
  public enum Theme: String, Hashable, Sendable, Codable, CaseIterable {
    case system, light, dark
  }

  public var language: Language
  public var readingDisplay: ReadingDisplay
  public var timeZone: String
  /// Whether an answer's ding or bonk (and the celebration's) plays.
  public var sound: Bool
  public var theme: Theme

  public init(
    language: Language = .english, readingDisplay: ReadingDisplay = .pinyin, timeZone: String = "UTC",
    sound: Bool = true, theme: Theme = .system
  ) {
    self.language = language
    self.readingDisplay = readingDisplay
    self.timeZone = timeZone
    self.sound = sound
    self.theme = theme
  }

  /// Whether the learner's days follow a zone of their own (not the default, UTC).
  public var hasOwnZone: Bool { timeZone != IANAZone.utc.identifier }
}

extension DangdaiSettings {
  /// A new learner's settings: in the account's language when Dangdai's catalogs speak it, else
  /// English; everything else as the defaults.
  public static func newLearner(speaking language: Language) -> DangdaiSettings {
    DangdaiSettings(language: DangdaiTexts.all.languages.contains(language) ? language : .english)
  }

  /// The browser's time zone to take, for a learner whose days follow none of their own yet (a
  /// new learner's are UTC's): their first form carries it, so their days end where they live.
  /// Nil when it is not to be taken (they have a zone, or it is no zone).
  public func zoneToAdopt(_ zone: String?) -> String? {
    guard !hasOwnZone, let zone, zone != IANAZone.utc.identifier, (try? IANAZone(zone)) != nil else { return nil }
    return zone
  }
}
