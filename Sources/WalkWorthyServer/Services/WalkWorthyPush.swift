import Foundation
import Logging
import OrchardJobs
import OrchardKit
import ServerKit
import WalkWorthyCore

/// "Notify me" on the web: a browser's Web Push subscription is kept with its device, and at the
/// daily time the person chose (on the device's clock) the day's encouragement, if it has one
/// that was not notified before, is sent to it through the job queue. What is due is
/// ``DailyPush``'s rule and what is sent ``BackgroundRefresh``'s, as the app's own background
/// refresh decides.
struct WalkWorthyPush: Sendable {
  let service: WalkWorthyService
  let queue: JobQueue
  /// Rung when a message is due at once, so the worker sends it without waiting for its poll.
  let bell: JobBell
  let sender: WebPushSender
  /// Where the web version's encouragements come from (the mock's, or this server's own).
  let api: APIMode
  /// The bundled encouragements, for the device's translation of what is sent.
  let library: EncouragementLibrary
  /// Test servers only: an endpoint on this machine (a fake push service) may be subscribed.
  let allowsLoopback: Bool
  /// Test servers only: each device's own clock, which a tester moves.
  let testDeviceClock: Bool

  static let job = "walkworthy-push"

  /// What a job names: the device whose daily message is due.
  struct Due: Codable, Sendable {
    let device: String
  }

  /// The VAPID public key a browser subscribes with.
  var publicKey: String { sender.key.publicKey }

  func now(_ device: WalkWorthyDevice) -> Date {
    device.onDevice.now(service.clock.now, shiftsAllowed: testDeviceClock)
  }

  // MARK: Subscriptions

  /// Keeps the browser's subscription (replacing any earlier one of this device) and plans its
  /// first message; a subscription that could never be sent to is refused with its reason.
  func subscribe(_ id: IdempotencyID, endpoint: String, p256dh: String, auth: String) async throws {
    let checked = try WebPushSubscription(
      endpoint: endpoint, p256dh: p256dh, auth: auth, allowsLoopback: allowsLoopback)
    try await service.change(id) { device in
      device.push = PushSubscriptionRecord(
        endpoint: checked.endpoint, p256dh: checked.p256dh, auth: checked.auth, since: now(device))
    }
    try await plan(id)
  }

  func unsubscribe(_ id: IdempotencyID) async throws {
    try await service.change(id) { device in device.push = nil }
  }

  /// The tester moved the device's clock: daily moments are accounted for from the new time if it
  /// went back, and the next message is planned on it.
  func clockMoved(_ id: IdempotencyID) async throws {
    let moved = try await service.change(id) { device in
      guard var push = device.push else { return false }
      push.since = DailyPush.since(push.since, afterClockMovedTo: now(device))
      device.push = push
      return true
    }
    if moved { try await plan(id) }
  }

  /// Queues the device's next message for the moment its clock reaches the next daily time (at
  /// once if it has passed). A plan made again for the same moment is the same job; one made
  /// stale by a change finds nothing due when it runs, and plans again.
  func plan(_ id: IdempotencyID) async throws {
    let device = try await service.device(id)
    guard let push = device.push,
      let next = DailyPush.next(
        after: push.since, settings: device.onDevice.notifications, mode: service.config.notificationMode,
        timeZone: device.zone)
    else { return }
    let serverNow = service.clock.now
    let runAt = serverNow.addingTimeInterval(max(0, next.timeIntervalSince(now(device))))
    try await queue.enqueue(
      Self.job, key: "\(id):\(Int64(next.timeIntervalSince1970)):\(Int64(runAt.timeIntervalSince1970))",
      value: Due(device: id.description), runAt: runAt)
    if runAt <= serverNow { bell.ring() }
  }

  // MARK: Sending

  /// What the service worker shows: the notification's title and words, its tag (one per
  /// encouragement, so a repeat replaces rather than stacks) and the page a tap opens.
  struct Message: Codable, Sendable, Equatable {
    let title: String
    let body: String
    let tag: String
    let url: String
  }

  /// The job's run: if the device's next daily moment has come, the day's encouragement is sent
  /// (when it has one not notified before); then the next is planned. A busy push service has the
  /// job wait as it asks; a gone subscription is forgotten.
  func run(_ id: IdempotencyID) async throws {
    let device = try await service.device(id)
    guard let push = device.push else { return }
    let now = now(device)
    let settings = device.onDevice.notifications
    guard
      let next = DailyPush.next(
        after: push.since, settings: settings, mode: service.config.notificationMode, timeZone: device.zone)
    else { return }
    guard next <= now else { return try await plan(id) }
    let api = TranslatedAPI(
      service.api(for: id, mode: api, at: now), library: library, translation: device.onDevice.translation)
    let outcome = await BackgroundRefresh.run(
      api: api, settings: settings, mode: service.config.notificationMode,
      now: now, timeZone: device.zone, delivered: device.onDevice.delivered,
      text: WalkWorthyTexts.all.localizer(.english))
    var delivered: String?
    if case .scheduled(let request, let payloadID) = outcome {
      // Kept in the history before it is sent, as a refreshed encouragement is when it is
      // scheduled, so the tap has its verse to open.
      let entry = try await service.change(id) { device in
        await device.onDevice.pushing(api: api, library: library, at: now)
      }
      let message = Message(
        title: request.title, body: request.body, tag: request.id,
        url: entry.map(WalkWorthyPath.entry) ?? WalkWorthyPath.home.path)
      let subscription = try WebPushSubscription(
        endpoint: push.endpoint, p256dh: push.p256dh, auth: push.auth, allowsLoopback: allowsLoopback)
      switch try await sender.send(
        Array(try JSONEncoder().encode(message)), to: subscription, ttl: Int(DailyPush.timeToLive))
      {
      case .accepted:
        delivered = payloadID
      case .gone, .unreachable(.privateAddress):
        service.logger.info("a push subscription is gone, and forgotten", metadata: ["device": "\(id)"])
        return try await service.change(id) { device in if device.push?.endpoint == push.endpoint { device.push = nil }
        }
      case .retry(let after):
        throw RetryLater(after: after, reason: "the push service asked to wait")
      case .unreachable(let error):
        throw RetryLater(after: WebPushSender.defaultRetry, reason: "the push service did not answer (\(error))")
      case .refused(let status):
        service.logger.warning(
          "a push service refused a message", metadata: ["device": "\(id)", "status": "\(status)"])
      }
    }
    try await service.change(id) { device in
      guard var kept = device.push, kept.endpoint == push.endpoint else { return }
      kept.since = now
      device.push = kept
      if let delivered { device.onDevice.delivered.insert(delivered) }
    }
    try await plan(id)
  }
}
