/// How the app reads without a network: every feeling has its next verses kept on the device, and
/// a kept copy is fetched afresh once it is older than ``freshFor`` (or the translation changed).
public enum OfflineReading {
  /// Seconds a kept copy of upcoming verses stays fresh while online.
  public static let freshFor = 5 * 60
  /// The feelings whose verses are kept, in the order they are offered.
  public static let emotions = Emotion.allCases
}
