import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What WalkWorthy keeps for one device, whichever face it came through: an app install talking to
/// the JSON API, or a browser on the web version. The server's part is the same for both; what the
/// phone keeps itself, the web version keeps in ``onDevice`` for the browser.
public struct WalkWorthyDevice: Codable, Sendable, Equatable {
  /// The personal details the student shares: kept only while they have opted in.
  public private(set) var profile: ProfileUpload?
  /// "Use fake Canvas link"; nil follows the app's `USE_FAKE_CANVAS`.
  public var fakeCanvas: Bool?
  /// The IANA zone that decides the student's today.
  public private(set) var timeZone = IANAZone.utc.identifier
  public var selection = SelectionState()
  /// The linked calendar feed and when it was last read.
  public var calendar: CalendarLink?
  /// What the app keeps on the phone; the web version keeps it here.
  public var onDevice = OnDeviceState()
  /// The browser's Web Push subscription (the web version's "Notify me"), if it made one.
  public var push: PushSubscriptionRecord?

  public init() {}

  /// A member a row was written without (by an earlier build) takes its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    profile = try container.decodeIfPresent(ProfileUpload.self, forKey: .profile)
    fakeCanvas = try container.decodeIfPresent(Bool.self, forKey: .fakeCanvas)
    timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone) ?? IANAZone.utc.identifier
    selection = try container.decodeIfPresent(SelectionState.self, forKey: .selection) ?? SelectionState()
    calendar = try container.decodeIfPresent(CalendarLink.self, forKey: .calendar)
    onDevice = try container.decodeIfPresent(OnDeviceState.self, forKey: .onDevice) ?? OnDeviceState()
    push = try container.decodeIfPresent(PushSubscriptionRecord.self, forKey: .push)
  }

  /// Personal data (a profile, a Canvas) is read for choosing only with the student's opt-in.
  public var isPersonalized: Bool { profile != nil }

  /// Whether the fake Canvas stands in for a real one, given the app's default.
  public func usesFakeCanvas(_ config: Config) -> Bool { fakeCanvas ?? config.useFakeCanvas }

  public var zone: TimeZone { IANAZone.stored(timeZone).timeZone }

  /// The signals to choose by: today's canvas only with opt-in (the caller reads none otherwise).
  public func signals(canvas: TodayCanvas?, now: Date) -> DaySignals {
    EncouragementSelector.signals(personalized: isPersonalized, canvas: canvas, now: now, timeZone: zone)
  }

  /// Shares what the profile's opt-in allows, and forgets it all without one: what the API's
  /// `PUT /profile` and the web version's profile form both do.
  public mutating func share(_ profile: Profile) {
    self.profile = profile.uploadPayload
  }

  /// A shared profile read back as an earlier build stored it.
  public mutating func restore(sharedProfile: ProfileUpload?) { profile = sharedProfile }

  /// Forgets the shared profile.
  public mutating func unshareProfile() { profile = nil }

  /// The profile a student filled in on this device: the device keeps all of it, the server's
  /// part only what the opt-in allows.
  public mutating func keep(_ profile: Profile) {
    onDevice.profile = profile
    share(profile)
  }

  /// Sets the zone, when it is a real IANA zone.
  public mutating func setZone(_ zone: IANAZone) { timeZone = zone.identifier }

  /// Takes the zone a device reports (a browser's), when it names a real zone; anything else
  /// keeps the current one.
  public mutating func adopt(zone: String?) {
    guard let zone, let valid = try? IANAZone(zone) else { return }
    setZone(valid)
  }
}

/// A linked feed: where it is and when it was last read successfully.
public struct CalendarLink: Codable, Sendable, Equatable {
  public let url: String
  public let fetchedAt: Date

  public init(url: String, fetchedAt: Date) {
    self.url = url
    self.fetchedAt = fetchedAt
  }

  /// A stored feed is read again once it is this old.
  public static let refreshAfter: TimeInterval = 3_600

  public func needsRefresh(at now: Date) -> Bool { now.timeIntervalSince(fetchedAt) > Self.refreshAfter }
}
