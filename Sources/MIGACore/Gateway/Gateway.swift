#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One pause in front of an app (Stories 2.2 and 2.3): a countdown, a piece of content, and three
/// choices. Exit is open from the first second; Read Next ("Deepen the Pause") brings new content
/// and starts the countdown again; Proceed opens only at zero.
///
/// The gateway never reads a clock: every step is given the time, and says which events to record.
public struct Gateway: Codable, Sendable, Equatable {
  /// The one moment between start and zero a screen reader is told how long is left: often
  /// enough to know, rarely enough not to interrupt the reading.
  public static let announcedRemaining = 10

  public enum Outcome: String, Codable, Sendable {
    case exited, proceeded
  }

  public let app: SocialApp
  /// The pause length for this gateway, in seconds.
  public let seconds: Int
  public let openedAt: Date
  /// When the current countdown began (Read Next starts a new one).
  public private(set) var countdownStartedAt: Date
  /// The content on screen.
  public private(set) var contentID: String
  public private(set) var contentCategory: ContentCategory
  public private(set) var outcome: Outcome?
  /// Whether a countdown has run to zero (recorded once, as `gateway_completed`).
  public private(set) var completed = false
  public private(set) var intention: Intention?

  /// Opens a gateway showing `content`; record the returned events.
  public static func open(
    _ app: SocialApp, seconds: Int, content: ContentRotation.Pick, at now: Date
  ) -> (Gateway, [PendingEvent]) {
    let gateway = Gateway(
      app: app, seconds: seconds, openedAt: now, countdownStartedAt: now, contentID: content.item.id,
      contentCategory: content.item.category)
    return (
      gateway,
      [
        PendingEvent(.sessionStart, EventMetadata(appID: app.id, timerLength: seconds)),
        gateway.readEvent(content),
      ]
    )
  }

  private init(
    app: SocialApp, seconds: Int, openedAt: Date, countdownStartedAt: Date, contentID: String,
    contentCategory: ContentCategory
  ) {
    self.app = app
    self.seconds = seconds
    self.openedAt = openedAt
    self.countdownStartedAt = countdownStartedAt
    self.contentID = contentID
    self.contentCategory = contentCategory
  }

  /// Whole seconds left on the countdown, rounded up (0 once it has run out).
  public func remaining(at now: Date) -> Int {
    let left = Double(seconds) - now.timeIntervalSince(countdownStartedAt)
    return left <= 0 ? 0 : Int(left.rounded(.up))
  }

  public var isOpen: Bool { outcome == nil }
  public var canExit: Bool { isOpen }
  public func canProceed(at now: Date) -> Bool { isOpen && remaining(at: now) == 0 }

  /// Exit: always allowed while open. Counts as completed when the countdown had already run out.
  public mutating func exit(at now: Date) throws(GatewayError) -> [PendingEvent] {
    guard isOpen else { throw .closed }
    var events = completion(at: now)
    outcome = .exited
    events.append(PendingEvent(.exitSelected, closingMetadata(at: now)))
    return events
  }

  /// Read Next: new content and a fresh countdown.
  public mutating func readNext(_ content: ContentRotation.Pick, at now: Date) throws(GatewayError) -> [PendingEvent] {
    guard isOpen else { throw .closed }
    var events = completion(at: now)
    countdownStartedAt = now
    contentID = content.item.id
    contentCategory = content.item.category
    events.append(readEvent(content))
    return events
  }

  /// Proceed: only once the countdown is at zero. The intention, if one was picked, is recorded.
  public mutating func proceed(at now: Date, intention: Intention?) throws(GatewayError) -> [PendingEvent] {
    guard isOpen else { throw .closed }
    guard remaining(at: now) == 0 else { throw .stillCounting(remaining: remaining(at: now)) }
    var events = completion(at: now)
    outcome = .proceeded
    self.intention = intention
    var metadata = closingMetadata(at: now)
    metadata.intention = intention
    events.append(PendingEvent(.openSelected, metadata))
    return events
  }

  /// `gateway_completed`, the first time a countdown is seen at zero.
  public mutating func completion(at now: Date) -> [PendingEvent] {
    guard !completed, remaining(at: now) == 0 else { return [] }
    completed = true
    return [
      PendingEvent(
        .gatewayCompleted,
        EventMetadata(
          appID: app.id, contentID: contentID, contentCategory: contentCategory, timerLength: seconds,
          sessionDuration: now.timeIntervalSince(openedAt)))
    ]
  }

  private func readEvent(_ content: ContentRotation.Pick) -> PendingEvent {
    PendingEvent(
      content.isReread ? .contentReread : .contentRead,
      EventMetadata(appID: app.id, contentID: content.item.id, contentCategory: content.item.category))
  }

  private func closingMetadata(at now: Date) -> EventMetadata {
    EventMetadata(
      appID: app.id, contentID: contentID, contentCategory: contentCategory, timerLength: seconds,
      sessionDuration: max(0, now.timeIntervalSince(openedAt)))
  }
}

/// An event a step asks to record; the recorder stamps it with an id, the time and the local day.
public struct PendingEvent: Sendable, Equatable {
  public let kind: EventKind
  public let metadata: EventMetadata

  public init(_ kind: EventKind, _ metadata: EventMetadata = EventMetadata()) {
    self.kind = kind
    self.metadata = metadata
  }
}

public enum GatewayError: Error, Sendable, Equatable {
  /// The person already chose Exit or Proceed.
  case closed
  /// Proceed before the countdown reached zero.
  case stillCounting(remaining: Int)
}
