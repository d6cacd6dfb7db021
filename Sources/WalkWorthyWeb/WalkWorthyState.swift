import Foundation
import OrchardKit
import WalkWorthyCore

/// Everything the iOS app would keep on the phone, kept for one browser under its device id.
struct WalkWorthyState: Codable, Sendable {
  /// Nil until onboarding is saved.
  var profile: Profile?
  var translation = Translation.standard
  /// The card on the home screen; nil shows the first of today's list.
  var currentID: String?
  var canvasLinked = false
  /// "Use fake Canvas link"; nil follows `USE_FAKE_CANVAS`.
  var fakeCanvas: Bool?
  var theme = ThemeChoice.system
  var notifications = NotificationSettings()
  /// What the planner says should be pending now.
  var pending: [NotificationRequest] = []
  /// Payload ids already notified, so a refresh never notifies twice.
  var delivered: Set<String> = []
  var history = History()
  /// The pop-up sequence last dealt.
  var popups: [PopupSlot] = []
  /// The browser's IANA zone, for daily times and quiet hours.
  var timeZone = "UTC"
  /// How far a tester moved this device's clock (test servers only).
  var clockShift: TimeInterval?
  var lastRefresh: RefreshRecord?

  var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)! }

  func usesFakeCanvas(_ config: Config) -> Bool { fakeCanvas ?? config.useFakeCanvas }

  /// The browser's zone, when it is a real IANA zone; anything else keeps the current one.
  mutating func adopt(zone: String?) {
    guard let zone, !zone.isEmpty, zone.count <= 64, (try? TimeZone(ianaIdentifier: zone)) != nil else { return }
    timeZone = zone
  }
}

/// Light, dark, or whatever the system says.
enum ThemeChoice: String, Codable, Sendable, CaseIterable {
  case system, light, dark

  var label: String {
    switch self {
    case .system: "System"
    case .light: "Light"
    case .dark: "Dark"
    }
  }
}

/// One card of the last pop-up sequence: which entry, under which tag.
struct PopupSlot: Codable, Sendable, Hashable {
  let id: String
  let tag: Tag
}

/// A pop-up as the page shows it.
struct ShownPopup {
  let tag: Tag
  let card: VerseCard
}

/// The last "Refresh" and how it ended, for the home screen to report.
struct RefreshRecord: Codable, Sendable, Equatable {
  enum Kind: String, Codable, Sendable {
    case scheduled, nothingNew, expired, alreadyDelivered, notificationsOff, failed
  }

  let kind: Kind
  let at: Date
  /// The notification, when one was scheduled.
  let notification: NotificationRequest?
  /// A failed fetch's sentence for the person.
  let problem: String?

  init(_ outcome: RefreshOutcome, at: Date) {
    self.at = at
    var notification: NotificationRequest?
    var problem: String?
    switch outcome {
    case .scheduled(let request, _):
      kind = .scheduled
      notification = request
    case .nothingNew: kind = .nothingNew
    case .expired: kind = .expired
    case .alreadyDelivered: kind = .alreadyDelivered
    case .notificationsOff: kind = .notificationsOff
    case .fetchFailed(let error):
      kind = .failed
      problem = error.userMessage
    }
    self.notification = notification
    self.problem = problem
  }
}
