import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A person's settings (Epic 4) and where their day begins.
public struct MIGASettings: Codable, Sendable, Equatable {
  public var pause = PauseSettings()
  public var categories = CategoryPreferences()
  /// The IANA zone the person's days are counted in.
  public var timeZone = "UTC"
  /// The hour a new day begins (04:00 by default, so a late night belongs to the day before).
  public var dayStartHour = 4
  /// The hours a day may start at.
  public static var dayStartHours: ClosedRange<Int> { DayBoundary.startHours }

  /// "A day can start at any hour from 00:00 to 23:00", from ``dayStartHours``.
  public static var dayStartRange: Message<MIGAText> {
    Message(.dayStartRange, ["first": hourText(dayStartHours.lowerBound), "last": hourText(dayStartHours.upperBound)])
  }

  /// An hour as the settings show it: "04:00".
  public static func hourText(_ hour: Int) -> String { (hour < 10 ? "0" : "") + "\(hour):00" }
  /// The person's own estimate of their daily social-app minutes; caps hours reclaimed per day.
  public var dailyMinutesEstimate: Int?

  public init() {}

  /// Takes the zone a device reports (a browser's, the phone's), when it names a real zone;
  /// anything else keeps the current one.
  public mutating func adopt(zone: String?) {
    guard let zone, let valid = try? IANAZone(zone) else { return }
    timeZone = valid.identifier
  }

  /// The day boundary these settings describe.
  public func boundary() throws -> DayBoundary {
    try DayBoundary(timeZone: TimeZone(ianaIdentifier: timeZone), dayStartHour: dayStartHour)
  }

  var statsSettings: StatsSettings { StatsSettings(dailyCapMinutes: dailyMinutesEstimate.map(Double.init)) }
}

/// What this build turns on: the JSON API serves these as its remote flags, and the cores'
/// defaults follow them, so the web version and the apps behave alike.
public struct MIGAFeatures: Sendable, Equatable {
  /// Offer the one-tap intention at Proceed (it feeds the intentionality score).
  public let intentionPrompt: Bool
  /// Shorten a first reach's pause and lengthen repeats (``AdaptivePause``).
  public let adaptivePause: Bool
  /// Record the additional experimental events.
  public let experimentalMetrics: Bool

  /// This build's features: the intention prompt and the adaptive pause are on; the experimental
  /// metrics wait for their experiment.
  public static let standard = MIGAFeatures(intentionPrompt: true, adaptivePause: true, experimentalMetrics: false)
}

/// Everything MIGA keeps for one person, on their device (the web version keeps it per device on
/// the server): onboarding, settings, hub, the content rotation and an open gateway. The event log
/// is kept beside it (an append-only table on the server, a file on the phone) and handed to each
/// step, which appends what it records.
///
/// Every step takes the log, the recorder (clock, zone) and a random number generator, so it is the
/// same code, tested once, behind the SwiftUI app, the web pages and the server.
public struct MIGAState: Codable, Sendable, Equatable {
  public var onboarding = Onboarding()
  public var settings = MIGASettings()
  public private(set) var hub: HubSelection?
  public private(set) var rotation = ContentRotation()
  public private(set) var gateway: Gateway?

  public init() {}

  /// Finishes onboarding with its answers: the hub, the pause, interests and the time estimate.
  public mutating func completeOnboarding(known: [SocialApp] = AppRegistry.builtIn) throws(MIGAError) {
    let apps = onboarding.appIDs.compactMap { id in known.first { $0.id == id } }
    guard let hub = HubSelection(apps) else { throw .noApps }
    while !onboarding.isComplete {
      do { try onboarding.advance() } catch { throw .noApps }
    }
    self.hub = hub
    settings.pause.set(seconds: onboarding.pauseSeconds)
    settings.categories = CategoryPreferences(onboarding.interests)
    settings.dailyMinutesEstimate = onboarding.dailyMinutes
  }

  // MARK: The gateway

  /// Opens the pause in front of an app in the hub, with the next content.
  @discardableResult
  public mutating func openGateway<G: RandomNumberGenerator>(
    appID: String, library: [ContentItem], log: inout EventLog, recorder: EventRecorder, using generator: inout G
  ) throws(MIGAError) -> Gateway {
    guard let app = hub?.app(id: appID) else { throw .unknownApp }
    // A pause opens with a short quote, readable within it; Read Next may bring a longer passage.
    guard
      let pick = rotation.next(from: library, preferences: settings.categories, kinds: [.quote], using: &generator)
        ?? rotation.next(from: library, preferences: settings.categories, using: &generator)
    else {
      throw .noContent
    }
    let now = recorder.clock.now
    let seconds = settings.pause.pause(afterRecentOpens: AdaptivePause.recentOpens(in: log, before: now))
    let (gateway, events) = Gateway.open(app, seconds: seconds, content: pick, at: now)
    self.gateway = gateway
    record(events, in: &log, recorder: recorder, using: &generator)
    return gateway
  }

  /// Exit: the win. Closes the gateway.
  public mutating func exit<G: RandomNumberGenerator>(
    log: inout EventLog, recorder: EventRecorder, using generator: inout G
  ) throws(MIGAError) {
    guard var gateway else { throw .noGateway }
    let events: [PendingEvent]
    do { events = try gateway.exit(at: recorder.clock.now) } catch { throw .gateway(error) }
    self.gateway = nil
    record(events, in: &log, recorder: recorder, using: &generator)
  }

  /// Read Next: new content, and the countdown starts again.
  public mutating func readNext<G: RandomNumberGenerator>(
    library: [ContentItem], log: inout EventLog, recorder: EventRecorder, using generator: inout G
  ) throws(MIGAError) {
    guard var gateway else { throw .noGateway }
    guard let pick = rotation.next(from: library, preferences: settings.categories, using: &generator) else {
      throw .noContent
    }
    let events: [PendingEvent]
    do { events = try gateway.readNext(pick, at: recorder.clock.now) } catch { throw .gateway(error) }
    self.gateway = gateway
    record(events, in: &log, recorder: recorder, using: &generator)
  }

  /// Proceed, once the countdown is at zero: returns the app to open.
  public mutating func proceed<G: RandomNumberGenerator>(
    intention: Intention?, log: inout EventLog, recorder: EventRecorder, using generator: inout G
  ) throws(MIGAError) -> SocialApp {
    guard var gateway else { throw .noGateway }
    let events: [PendingEvent]
    do {
      events = try gateway.proceed(at: recorder.clock.now, intention: intention)
    } catch {
      throw .gateway(error)
    }
    self.gateway = nil
    record(events, in: &log, recorder: recorder, using: &generator)
    return gateway.app
  }

  /// The content on screen in the open gateway.
  public func currentContent(in library: [ContentItem]) -> ContentItem? {
    gateway.flatMap { gateway in library.first { $0.id == gateway.contentID } }
  }

  // MARK: Settings

  public mutating func addApp(_ app: SocialApp) -> Bool { hub?.add(app) ?? false }
  public mutating func removeApp(id: String) -> Bool { hub?.remove(id: id) ?? false }

  /// Forgets everything: a fresh start at the welcome step.
  public mutating func erase() { self = MIGAState() }

  // MARK: Stats

  /// The numbers on the stats screen, from this device's own log.
  public func stats(log: EventLog, now: Date) throws -> Stats {
    Stats(log: log, now: now, boundary: try settings.boundary(), settings: settings.statsSettings)
  }

  private func record<G: RandomNumberGenerator>(
    _ events: [PendingEvent], in log: inout EventLog, recorder: EventRecorder, using generator: inout G
  ) {
    for event in events {
      recorder.record(event.kind, metadata: event.metadata, in: &log, using: &generator)
    }
  }
}

public enum MIGAError: Error, Sendable, Equatable {
  /// Onboarding ended without an app.
  case noApps
  /// The app is not in the hub.
  case unknownApp
  /// The library is empty.
  case noContent
  /// No gateway is open.
  case noGateway
  case gateway(GatewayError)
}
