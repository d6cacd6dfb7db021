import Foundation
import Logging
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import WearbloomCore

/// Wearbloom's try-on on the server: a render requested (its credit held, its job queued, in one
/// transaction), drawn by the configured provider in a job, finished exactly once (its credit spent
/// or given back with it), and its feedback taken. The subscription and credits each answer come
/// from here too. The web version and the API both call this; the rules are the core's.
public struct TryOnService: Sendable {
  let wardrobe: WardrobeService
  let renders: RenderStore
  let credits: CreditStore
  let subscriptions: SubscriptionStore
  let provider: any TryOnProvider
  /// Where try-on is offered: the configuration's categories that the provider renders.
  let support: TryOnSupport
  let queue: JobQueue
  /// Wakes this process's worker as a render is queued; nil leaves it to the worker's poll.
  let bell: JobBell?
  let clock: any WallClock
  let random: RandomSource
  let logger: Logger
  /// Counts each user's render requests; nil takes every one.
  let limiter: RateLimiter?
  /// Free credits a new account is given once.
  let welcomeCredits: Int
  /// Seconds a render may take: the provider's own, unless the configuration says otherwise.
  let budget: TimeInterval

  public init(
    wardrobe: WardrobeService, database: any SQLDatabase, provider: any TryOnProvider, offered: TryOnSupport,
    clock: any WallClock, random: RandomSource, logger: Logger, limiter: RateLimiter? = nil, bell: JobBell? = nil,
    welcomeCredits: Int = CreditPolicy.defaultWelcomeCredits, budget: TimeInterval? = nil
  ) {
    self.budget = budget ?? provider.budget
    self.wardrobe = wardrobe
    credits = CreditStore(database: database, clock: clock)
    renders = RenderStore(database: database, credits: credits)
    subscriptions = SubscriptionStore(database: database, clock: clock)
    self.provider = provider
    support = TryOnSupport(
      offered.categories.intersection(provider.support.categories), needsCutout: provider.support.needsCutout)
    queue = JobQueue(database: database, clock: clock, random: random)
    self.bell = bell
    self.clock = clock
    self.random = random
    self.logger = logger
    self.limiter = limiter
    self.welcomeCredits = welcomeCredits
  }

  /// The job that draws a render, keyed by the render's id.
  public static let renderJob = "wearbloom-render"

  /// Render requests a user may make: ``RenderPolicy/rendersPerMinute``, refilled evenly.
  static let requests = RateRule(
    "wearbloom-renders", burst: Double(RenderPolicy.rendersPerMinute), perMinute: Double(RenderPolicy.rendersPerMinute))

  /// Seconds past its deadline a render is left to its job before a reader fails it: the job's own
  /// timeout lands first whenever a worker is alive.
  static let grace: TimeInterval = 5

  /// Every category: a render already requested was checked against the offer then.
  static let anything = TryOnSupport(GarmentCategory.allCases)

  // MARK: Requests

  /// Requests a render of `garmentID` on `owner`'s body photo. Refused, in this order and before
  /// any credit is touched or any provider called: too many requests (429), a garment not theirs,
  /// a category not offered, no body photo; then, for a user who does not subscribe, no credit
  /// (`INSUFFICIENT_CREDITS`). A subscriber's render holds nothing.
  public func request(_ garmentID: Garment.ID, owner: String) async throws -> Render {
    if let limiter, case .limited(let seconds) = limiter.take(Self.requests, for: owner) {
      throw WearbloomProblem.tooManyRequests(retryAfter: seconds)
    }
    let (garment, _) = try await wardrobe.tryOn(garmentID, owner: owner, support: support)
    let now = clock.now
    let subscriber = try await subscriptions.subscription(of: owner).isSubscriber(at: now)
    try await welcome(owner)
    var generator = random.generator
    let render = Render(
      id: IdempotencyID(using: &generator).description, owner: owner, garmentID: garment.id,
      category: garment.category, provider: provider.name, isPreview: provider.isPreview,
      charge: subscriber ? .free : .held, createdAt: now)
    try await renders.database.inTransaction { [credits, renders, queue] session in
      if !subscriber { _ = try await credits.reserve(for: owner, render: render.id, on: session) }
      try await renders.insert(render, on: session)
      try await queue.enqueue(Self.renderJob, key: render.id, maxAttempts: 3, on: session)
    }
    bell?.ring()
    return render
  }

  /// Grants a new account its free credits (a device on its first try-on, its one render), once:
  /// granting again changes nothing.
  func welcome(_ owner: String) async throws {
    guard try await !credits.hasBalance(owner) else { return }
    try await credits.grant(
      OnboardingPolicy.startingCredits(for: owner, welcome: welcomeCredits), to: owner, once: "welcome")
  }

  // MARK: The job

  /// Draws a render and finishes it: the job's work, safe to run again (a run cut off by a crash
  /// resumes at the provider's job it had submitted, never submitting twice).
  public func run(_ id: Render.ID) async throws {
    guard let render = try await renders.render(id), !render.status.isFinished else { return }
    if RenderPolicy.isOverdue(render, at: clock.now, budget: budget) {
      _ = try await finish(id, failure: .renderTimeout)
      return
    }
    try await renders.start(id, at: clock.now)
    var pictures: (garment: [UInt8], body: [UInt8])?
    do {
      var (garment, body) = try await wardrobe.tryOn(render.garmentID, owner: render.owner, support: Self.anything)
      if provider.support.needsCutoutFirst(garment) {
        // Asked for straight after the upload: the cutout is made here rather than waited for
        // (its own job then finds it done), and read again.
        try await wardrobe.removeBackground(of: garment.id)
        (garment, body) = try await wardrobe.tryOn(render.garmentID, owner: render.owner, support: Self.anything)
      }
      if provider.support.refusal(of: garment) == .garmentNotCutOut {
        // Never the photo pasted on as a rectangle: nothing drawn, nothing charged.
        _ = try await finish(id, failure: .garmentNotCutOut)
        return
      }
      pictures = try await wardrobe.pictures(of: garment, on: body)
    } catch is WardrobeError {
      pictures = nil
    }
    guard let pictures else {
      // The garment or the body photo was deleted since: nothing to draw, nothing charged.
      _ = try await finish(id, failure: .renderFailed)
      return
    }
    let remaining = RenderPolicy.deadline(of: render, budget: budget).timeIntervalSince(clock.now)
    let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, remaining) * 1_000))
    let tracking = TryOnTracking(
      submitted: try await renders.providerState(of: id),
      recordSubmission: { [renders, clock] job, record in
        _ = try await renders.recordSubmission(id, job: job, state: record, at: clock.now)
      },
      finishedElsewhere: { [renders] in try await renders.render(id)?.status.isFinished ?? true })
    let input = TryOnInput(render: id, body: pictures.body, garment: pictures.garment, category: render.category)
    let outcome: TryOnOutcome
    do {
      outcome = try await Self.within(deadline) { [provider] () async throws(TryOnFailure) -> TryOnOutcome in
        try await provider.render(input, tracking: tracking, deadline: deadline)
      }
    } catch {
      logger.info("a render failed", metadata: ["render": "\(id)", "provider": "\(provider.name)", "why": "\(error)"])
      _ = try await finish(id, failure: error.failure)
      return
    }
    if case .image(let bytes) = outcome { try await deliver(bytes, to: id) }
  }

  /// Stores a provider's result and completes the render with it, spending its credit. A result
  /// for a render already failed (out of time) is kept but charges nothing; one for a render
  /// already completed is dropped.
  func deliver(_ bytes: [UInt8], to id: Render.ID) async throws {
    guard let render = try await renders.render(id) else { return }
    if render.status == .completed { return }
    let image: ImageReference
    do {
      image = try await wardrobe.storeRender(bytes, owner: render.owner)
    } catch {
      logger.warning("a render's result could not be read", metadata: ["render": "\(id)", "error": "\(error)"])
      _ = try await finish(id, failure: .renderFailed)
      return
    }
    if try await renders.finish(id, completedWith: image, failure: nil, at: clock.now) != nil { return }
    if try await renders.recordLateResult(id, image, at: clock.now) { return }
    try await wardrobe.deleteRender(image, owner: render.owner)
  }

  /// Fails an unfinished render, giving its credit back; nil when it had finished already.
  @discardableResult
  func finish(_ id: Render.ID, failure: RenderFailure) async throws -> Render? {
    try await renders.finish(id, completedWith: nil, failure: failure, at: clock.now)
  }

  /// Runs `body` until `deadline`; a body still running then is cancelled as `timedOut`.
  static func within<T: Sendable>(
    _ deadline: ContinuousClock.Instant, _ body: @escaping @Sendable () async throws(TryOnFailure) -> T
  ) async throws(TryOnFailure) -> T {
    let result: Result<T, TryOnFailure> = await withTaskGroup(of: Result<T, TryOnFailure>?.self) { group in
      group.addTask {
        do throws(TryOnFailure) { return .success(try await body()) } catch { return .failure(error) }
      }
      group.addTask {
        try? await Task.sleep(until: deadline, clock: .continuous)
        return Task.isCancelled ? nil : .failure(.timedOut)
      }
      defer { group.cancelAll() }
      while let next = await group.next() {
        if let next { return next }
      }
      return .failure(.timedOut)
    }
    return try result.get()
  }

  // MARK: Webhooks

  /// A fal webhook, its signature verified: the render it is about finishes (completed with the
  /// result, or failed), once. A webhook for a job we do not know, for a render already
  /// finished, or told again, changes nothing; each is answered 200 all the same, so fal stops
  /// retrying.
  func receiveFal(_ webhook: FalWebhook) async throws {
    guard let fal = provider as? FalTryOnProvider,
      let (render, _) = try await renders.render(provider: fal.name, job: webhook.requestID)
    else { return }
    switch render.status {
    case .completed: return
    case .failed where render.lateResult != nil: return
    default: break
    }
    guard webhook.status == "OK" else {
      logger.info(
        "fal reported a failed render", metadata: ["render": "\(render.id)", "error": "\(webhook.error ?? "")"])
      _ = try await finish(render.id, failure: .renderFailed)
      return
    }
    guard let url = webhook.payload?.images.first?.url else {
      _ = try await finish(render.id, failure: .renderFailed)
      return
    }
    let bytes: [UInt8]
    do {
      bytes = try await fal.download(url)
    } catch {
      logger.warning("a fal result was not fetched", metadata: ["render": "\(render.id)", "why": "\(error)"])
      _ = try await finish(render.id, failure: error.failure)
      return
    }
    try await deliver(bytes, to: render.id)
  }

  // MARK: Reading

  /// One of `owner`'s renders. One left unfinished well past its deadline (its worker gone) is
  /// failed as `RENDER_TIMEOUT` now, its credit given back, so no one waits on it forever.
  public func render(_ id: Render.ID, owner: String) async throws -> Render {
    guard let render = try await renders.render(id), render.owner == owner else { throw TryOnError.renderNotFound }
    return try await settledIfOverdue(render)
  }

  /// `owner`'s newest render.
  /// `owner`'s looks, newest first (``Looks``); one left unfinished well past its deadline is
  /// settled first, as when it is read alone.
  public func looks(of owner: String) async throws -> [Render] {
    var settled: [Render] = []
    for render in try await renders.renders(of: owner) {
      settled.append(render.status.isFinished ? render : try await settledIfOverdue(render))
    }
    return Looks.kept(settled)
  }

  /// Deletes one of `owner`'s looks and its picture, once it is finished (``Looks/deletable(_:)``).
  public func deleteLook(_ id: Render.ID, owner: String) async throws {
    let look = try Looks.deletable(try await render(id, owner: owner)).get()
    guard try await renders.delete(finished: id, owner: owner) else { throw TryOnError.renderNotFound }
    for image in [look.result, look.lateResult].compactMap(\.self) {
      try await wardrobe.deleteRender(image, owner: owner)
    }
  }

  public func latest(of owner: String) async throws -> Render {
    guard let render = try await renders.latest(of: owner) else { throw TryOnError.renderNotFound }
    return try await settledIfOverdue(render)
  }

  private func settledIfOverdue(_ render: Render) async throws -> Render {
    guard RenderPolicy.isOverdue(render, at: clock.now, budget: budget + Self.grace) else { return render }
    if let failed = try await finish(render.id, failure: .renderTimeout) { return failed }
    return try await renders.render(render.id) ?? render
  }

  // MARK: Feedback

  /// Takes `owner`'s thumbs-up or thumbs-down on a completed render; a thumbs-down on one that
  /// spent a credit gives it back, at most three times in thirty days.
  public func feedback(
    on id: Render.ID, owner: String, rating: FeedbackRating, category: FeedbackCategory?
  ) async throws -> RenderFeedback {
    try await renders.feedback(on: id, owner: owner, rating: rating, category: category, at: clock.now)
  }

  // MARK: Subscription and credits

  /// What `GET subscription` answers: the state, the credits, whether a render may be asked for.
  public func summary(of owner: String) async throws -> SubscriptionSummary {
    let subscription = try await subscriptions.subscription(of: owner)
    try await welcome(owner)
    return SubscriptionSummary(subscription, credits: try await credits.balance(of: owner), at: clock.now)
  }

  /// A purchase in the web's test store: the weekly plan bought now (its free trial the first
  /// time), applied to the subscription exactly as a verified App Store notification is.
  public func testStorePurchase(by owner: String) async throws -> SubscriptionSummary {
    let subscription = try await subscriptions.subscription(of: owner)
    var generator = random.generator
    try await subscriptions.apply(
      [SubscriptionProduct.weekly.purchase(by: subscription, at: clock.now)], to: owner,
      event: .init(source: "test-store", id: IdempotencyID(using: &generator).description))
    return try await summary(of: owner)
  }

  /// Every render, credit, subscription and onboarding row of `owner`'s, for the account's
  /// deletion (the results' files go with the wardrobe's folder).
  public func erase(_ owner: String) async throws {
    try await renders.erase(owner)
    try await credits.erase(owner)
    try await subscriptions.erase(owner)
    try await OnboardingStore(database: renders.database).erase(claimedBy: owner)
  }
}
