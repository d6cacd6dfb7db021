import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the WalkWorthy app keeps on the phone: the profile as the student filled it in, what they
/// read and chose, notifications, history and pop-ups. The web version keeps the same for a
/// browser, on the server, under its device.
public struct OnDeviceState: Codable, Sendable, Equatable {
  /// Nil until onboarding is saved.
  public var profile: Profile?
  public var translation = Translation.standard
  /// The card on the home screen; nil shows the first of today's list.
  public var currentID: String?
  /// The practice Canvas link ("Link Canvas (Mock)").
  public var canvasLinked = false
  public var theme = ThemeChoice.system
  public var notifications = NotificationSettings()
  /// What the planner says should be pending now.
  public var pending: [NotificationRequest] = []
  /// Payload ids already notified, so a refresh never notifies twice.
  public var delivered: Set<String> = []
  public var history = History()
  /// The pop-up sequence last dealt.
  public var popups: [PopupSlot] = []
  /// How far a tester moved this device's clock (test servers only).
  public var clockShift: TimeInterval?
  public var lastRefresh: RefreshRecord?
  /// Notifications sent, until the person dismisses them.
  public var inbox = NotificationInbox()

  public init() {}

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    profile = try container.decodeIfPresent(Profile.self, forKey: .profile)
    translation = try container.decodeIfPresent(Translation.self, forKey: .translation) ?? .standard
    currentID = try container.decodeIfPresent(String.self, forKey: .currentID)
    canvasLinked = try container.decodeIfPresent(Bool.self, forKey: .canvasLinked) ?? false
    theme = try container.decodeIfPresent(ThemeChoice.self, forKey: .theme) ?? .system
    notifications = try container.decodeIfPresent(NotificationSettings.self, forKey: .notifications) ?? .init()
    pending = try container.decodeIfPresent([NotificationRequest].self, forKey: .pending) ?? []
    delivered = try container.decodeIfPresent(Set<String>.self, forKey: .delivered) ?? []
    history = try container.decodeIfPresent(History.self, forKey: .history) ?? History()
    popups = try container.decodeIfPresent([PopupSlot].self, forKey: .popups) ?? []
    clockShift = try container.decodeIfPresent(TimeInterval.self, forKey: .clockShift)
    lastRefresh = try container.decodeIfPresent(RefreshRecord.self, forKey: .lastRefresh)
    inbox = try container.decodeIfPresent(NotificationInbox.self, forKey: .inbox) ?? NotificationInbox()
  }

  /// The time on this device: `now` moved by a tester's shift, when shifts are allowed.
  public func now(_ now: Date, shiftsAllowed: Bool) -> Date {
    guard shiftsAllowed, let clockShift else { return now }
    return now.addingTimeInterval(clockShift)
  }

  /// The background task's body, run now: fetch the next encouragement in the device's translation
  /// and, if it is due and new, schedule it, plan the pending notifications again, keep it in the
  /// history and the inbox and put it on the home card; then remember how the refresh ended, for Home to report.
  public mutating func refresh(
    api: any EncouragementAPI, library: EncouragementLibrary, mode: NotificationMode, now: Date, timeZone: TimeZone,
    text: Localizer<WalkWorthyText>
  ) async {
    let api = TranslatedAPI(api, library: library, translation: translation)
    let outcome = await BackgroundRefresh.run(
      api: api, settings: notifications, mode: mode, now: now, timeZone: timeZone, delivered: delivered, text: text)
    if case .scheduled(let notification, let payloadID) = outcome {
      delivered.insert(payloadID)
      inbox.keep(notification)
      pending = NotificationPlanner.plan(
        settings: notifications, mode: mode, now: now, timeZone: timeZone, pending: pending + [notification],
        text: text)
      // The answer does not change between two reads, so reading it again gives the scheduled one.
      if let payload = try? await api.fetchNext().payload { record(payload, from: library, at: now) }
    }
    lastRefresh = RefreshRecord(outcome, at: now)
  }
}

extension OnDeviceState {
  /// Shows a pop-up sequence: it becomes the last one dealt, and its first card, on screen at
  /// once, is kept in the history (the others are, as each is reached).
  public mutating func showPopups(_ cards: [PopupCard], at now: Date) {
    popups = cards.map { PopupSlot(id: $0.card.id, tag: $0.tag) }
    if let first = cards.first { history.record(first.card, at: now) }
  }

  /// A Web Push is about to carry the encouragement `api` hands out next: like a refreshed one, it
  /// joins the history (in the device's translation) and Home opens on it. Returns its history
  /// entry's id, the verse a tap on the notification opens; nil when nothing is handed out.
  public mutating func pushing(api: any EncouragementAPI, library: EncouragementLibrary, at now: Date) async -> Int? {
    let api = TranslatedAPI(api, library: library, translation: translation)
    guard let payload = try? await api.fetchNext().payload else { return nil }
    record(payload, from: library, at: now)
    return history.entries.first?.id
  }

  /// Keeps a payload in the history under its entry's id, in the device's translation: our server numbers each hand-out
  /// (`ww-isaiah-41-13.7`), and a verse filed under that number would be listed next to the same
  /// verse seen on Home.
  mutating func record(_ payload: EncouragementPayload, from library: EncouragementLibrary, at now: Date) {
    guard let entry = library.encouragement(payloadID: payload.id) else { return history.record(payload, at: now) }
    history.record(VerseCard(entry, in: translation), at: now)
    // Home opens on what just arrived.
    currentID = entry.id
  }
}

/// Light, dark, or whatever the system says.
public enum ThemeChoice: String, Codable, Sendable, CaseIterable {
  case system, light, dark
}

/// One card of the last pop-up sequence: which entry, under which tag.
public struct PopupSlot: Codable, Sendable, Hashable {
  public let id: String
  public let tag: Tag

  public init(id: String, tag: Tag) {
    self.id = id
    self.tag = tag
  }
}

/// The last "Refresh" and how it ended, for the home screen to report.
public struct RefreshRecord: Codable, Sendable, Equatable {
  public enum Kind: String, Codable, Sendable {
    case scheduled, nothingNew, expired, alreadyDelivered, notificationsOff, failed
  }

  public let kind: Kind
  public let at: Date
  /// The notification, when one was scheduled.
  public let notification: NotificationRequest?
  /// Why a fetch failed, as its stable code.
  public let problem: String?

  public init(_ outcome: RefreshOutcome, at: Date) {
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
      problem = error.code
    }
    self.notification = notification
    self.problem = problem
  }
}
