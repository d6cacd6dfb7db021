#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why an IANA time zone name could not be turned into a `TimeZone`.
public enum TimeZoneLookupError: Error, Hashable, Sendable {
  /// The database is there but has no zone of this name (a typo, or a name from a newer database).
  case unknownIdentifier(String)
  /// This process has no time zone database at all; see ``Foundation/TimeZone/init(ianaIdentifier:)``.
  case databaseUnavailable
}

// What we found (Swift 6.3.1, Debian 12): in a process that links only FoundationEssentials,
// `TimeZone(identifier:)` returns nil for every IANA name — "America/New_York", "Asia/Tokyo", even
// "UTC"; only "GMT" and fixed offsets (`TimeZone(secondsFromGMT:)`) exist. The zone rules live in
// FoundationInternationalization (backed by the bundled ICU), which FoundationEssentials looks up
// *at run time*. So this file, importing only FoundationEssentials, gets correct DST offsets as soon
// as anything in the process links FoundationInternationalization — which `import Foundation` does.
// (Checked: Essentials-only code reports -5/-4/-4/-5 h around the 2026 New York transitions when
// the executable imports Foundation, and nil otherwise.)
//
// That is the honest platform-free split: OrchardKit stays free of ICU and computes days from
// `TimeZone.secondsFromGMT(for:)` alone; the executables (server, apps — Foundation everywhere on
// Apple platforms) own the database, and the test target imports Foundation for the same reason.
// What we must not do is silently fall back to GMT when the database is missing, hence this
// throwing lookup.
extension TimeZone {
  /// Looks up an IANA zone ("Europe/Berlin"), telling "no such zone" apart from "no database".
  ///
  /// On Linux the database is only present when the process links FoundationInternationalization
  /// (any `import Foundation` in the executable does); otherwise every name fails with
  /// ``TimeZoneLookupError/databaseUnavailable`` rather than quietly becoming GMT.
  public init(ianaIdentifier identifier: String) throws(TimeZoneLookupError) {
    if let zone = TimeZone(identifier: identifier) {
      self = zone
    } else if TimeZone(identifier: "America/New_York") == nil {
      // A zone present in every tz database is missing, so the database itself is.
      throw .databaseUnavailable
    } else {
      throw .unknownIdentifier(identifier)
    }
  }
}
