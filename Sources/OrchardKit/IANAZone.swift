#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A time zone as people's devices name it, the IANA way (`Europe/Paris`,
/// `America/Argentina/Buenos_Aires`, `Etc/GMT+5`), checked to exist. The one place a zone name
/// from a browser, an app or a form is judged: every app stores `identifier` and counts days in
/// `timeZone`.
public struct IANAZone: Sendable, Hashable {
  /// The longest name accepted; real ones are under 40 characters.
  public static let maxLength = 64

  public let identifier: String
  public let timeZone: TimeZone

  /// Coordinated Universal Time, every new device's zone until it tells us its own.
  public static let utc = IANAZone(trusted: "UTC", TimeZone(secondsFromGMT: 0)!)

  /// Throws unless `identifier` is well formed and names a zone in this process's database.
  public init(_ identifier: String) throws(IANAZoneError) {
    guard Self.isWellFormed(identifier) else { throw .malformed }
    do {
      timeZone = try TimeZone(ianaIdentifier: identifier)
    } catch {
      throw error == .databaseUnavailable ? .databaseUnavailable : .unknown
    }
    self.identifier = identifier
  }

  private init(trusted identifier: String, _ timeZone: TimeZone) {
    self.identifier = identifier
    self.timeZone = timeZone
  }

  /// The zone a stored name names, or UTC for a name this process's database no longer knows
  /// (every stored name was checked when it was set).
  public static func stored(_ identifier: String) -> IANAZone {
    (try? IANAZone(identifier)) ?? .utc
  }

  /// The shape of a zone name: a letter, then letters, digits and `/ _ + -`, at most
  /// ``maxLength``. A core without the time zone database can check no more than this.
  public static func isWellFormed(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard (1...maxLength).contains(bytes.count), isLetter(bytes[0]) else { return false }
    return bytes.allSatisfy { byte in
      isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || [UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte)
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}

/// Why a zone name was refused.
public enum IANAZoneError: Error, Sendable, Hashable {
  /// Not the shape of a zone name (empty, too long, spaces, punctuation).
  case malformed
  /// Well formed, but no zone has that name.
  case unknown
  /// This process has no time zone database; see ``Foundation/TimeZone/init(ianaIdentifier:)``.
  case databaseUnavailable
}
