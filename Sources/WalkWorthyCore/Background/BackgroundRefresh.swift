import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How one background refresh ended.
public enum RefreshOutcome: Sendable, Equatable {
  /// One notification to schedule; record `payloadID` as delivered once it is scheduled.
  case scheduled(NotificationRequest, payloadID: String)
  /// `shouldNotify` was false or there was no payload.
  case nothingNew
  /// The payload's `expiresAt` has passed, or would have by the end of quiet hours.
  case expired(payloadID: String)
  /// This payload was notified before.
  case alreadyDelivered(payloadID: String)
  /// Notifications are off, so nothing was fetched.
  case notificationsOff
  case fetchFailed(EncouragementAPIError)
}

/// The body of the `com.walkworthy.refresh` background task: fetch the next encouragement and, if
/// the server asks for it, it has not expired and it was not delivered before, schedule exactly one
/// local notification (at the end of quiet hours if it arrives during them).
public enum BackgroundRefresh {
  /// The identifier registered with BGTaskScheduler (and listed in Info.plist).
  public static let taskIdentifier = "com.walkworthy.refresh"

  /// Pure apart from `api`: the caller schedules the request and records the payload id in `delivered`.
  public static func run(
    api: any EncouragementAPI, settings: NotificationSettings, mode: NotificationMode, now: Date, timeZone: TimeZone,
    delivered: Set<String>, text: Localizer<WalkWorthyText>
  ) async -> RefreshOutcome {
    guard mode == .local, settings.isEnabled else { return .notificationsOff }
    let response: NextResponse
    do {
      response = try await api.fetchNext()
    } catch let error as EncouragementAPIError {
      return .fetchFailed(error)
    } catch {
      return .fetchFailed(.unreachable(source: "fetchNext", reason: String(describing: error)))
    }
    guard response.shouldNotify, let payload = response.payload else { return .nothingNew }
    guard !delivered.contains(payload.id) else { return .alreadyDelivered(payloadID: payload.id) }
    let fireAt = ZonedClock(timeZone: timeZone).outside(settings.quietHours, now)
    // An expiry we cannot read counts as passed: better silent than a stale notification.
    if payload.expiresAt != nil, (payload.expiryDate ?? .distantPast) <= fireAt {
      return .expired(payloadID: payload.id)
    }
    let request = NotificationRequest(
      id: "walkworthy.encouragement.\(payload.id)", kind: .encouragement, fireAt: fireAt,
      title: payload.translation.map { text(.cardTitle, ["ref": payload.ref, "translation": $0]) } ?? payload.ref,
      body: payload.encouragement)
    return .scheduled(request, payloadID: payload.id)
  }
}
