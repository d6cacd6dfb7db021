import Foundation
import Logging
import OrchardBlobs
import OrchardDatabase
import OrchardImages
import OrchardImagesTesting
import OrchardJobs
import OrchardKit
import ServerKit
import ServerKitTesting
import Synchronization
import Testing
import WearbloomCore

@testable import WearbloomServer

/// A provider that answers as told, counting its calls: it draws with the local preview, refuses,
/// fails, or never answers.
struct ScriptedProvider: TryOnProvider {
  enum Script: Sendable { case draw, reject, unavailable, hang }
  let script: Script
  var budget: TimeInterval = RenderPolicy.budget
  /// Whether it lays the garment's cutout on the body, as the local preview does.
  var needsCutout = false
  let calls = Calls()

  final class Calls: Sendable {
    let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
  }

  var name: String { "scripted" }
  var support: TryOnSupport { TryOnSupport(GarmentCategory.allCases, needsCutout: needsCutout) }
  var isPreview: Bool { false }

  func render(
    _ input: TryOnInput, tracking: TryOnTracking, deadline: ContinuousClock.Instant
  ) async throws(TryOnFailure) -> TryOnOutcome {
    calls.count.withLock { $0 += 1 }
    switch script {
    case .draw:
      return try await LocalPreviewProvider(images: ImageProcessor()).render(
        input, tracking: tracking, deadline: deadline)
    case .reject: throw .rejected("422 moderated")
    case .unavailable: throw .unavailable("503 twice")
    case .hang:
      try? await Task.sleep(for: .seconds(600))
      throw .unavailable("cancelled")
    }
  }
}

/// Try-on over a fresh database of one engine (and, on PostgreSQL, a second handle on it, as a
/// second server process holds), a local blob store and a scripted provider.
struct TryOnFixture {
  let service: TryOnService
  /// The same service over the second handle.
  let second: TryOnService
  let wardrobe: WardrobeService
  let clock: ManualClock
  let owner = Wardrobe.account()
  let stranger = Wardrobe.account()

  static let shirt = "navy-t-shirt"
  static let sneakers = "dark-knit-sneakers"

  static func with(
    _ engine: TestDatabase, provider: ScriptedProvider = ScriptedProvider(script: .draw),
    offered: TryOnSupport = TryOnSupport(GarmentCategory.allCases), limiter: Bool = false,
    remover: ScriptedRemover = ScriptedRemover(script: .cutout),
    _ body: @Sendable (TryOnFixture) async throws -> Void
  ) async throws {
    try await engine.withFreshLocation { location in
      let logger = Logger(label: "test")
      let first = try await Database.open(location, logger: logger)
      let other = engine == .sqlite ? first : try await Database.open(location, logger: logger)
      let outcome: Result<Void, any Error>
      do {
        try await first.withRunningServices { first in
          try await other.withRunningServices { other in
            _ = try await MigrationRunner(
              WardrobeStore.migrations + [
                JobQueue.migration, CreditStore.migration, RenderStore.migration, SubscriptionStore.migration,
              ]
            ).run(on: first.sql, logger: logger)
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            let blobs = LocalBlobStore(
              root: FileManager.default.temporaryDirectory.appendingPathComponent("t-\(UUID())").path)
            // One sequence for both processes' services, so their ids never repeat each other's.
            let random = RandomSource.seeded(1)
            func make(_ database: Database) -> (WardrobeService, TryOnService) {
              let wardrobe = WardrobeService(
                store: WardrobeStore(database: database.sql), blobs: blobs, images: ImageProcessor(),
                remover: remover, clock: clock, random: random, logger: logger)
              let tryOn = TryOnService(
                wardrobe: wardrobe, database: database.sql, provider: provider, offered: offered, clock: clock,
                random: random, logger: logger, limiter: limiter ? RateLimiter(clock: clock) : nil)
              return (wardrobe, tryOn)
            }
            let (wardrobe, service) = make(first)
            let (_, second) = make(other)
            try await body(TryOnFixture(service: service, second: second, wardrobe: wardrobe, clock: clock))
          }
        }
        outcome = .success(())
      } catch {
        outcome = .failure(error)
      }
      try? await first.close()
      if engine != .sqlite { try? await other.close() }
      try outcome.get()
    }
  }

  /// The owner standing as a stock figure, ready to try on.
  func standing(_ who: String? = nil) async throws {
    _ = try await wardrobe.setBody(owner: who ?? owner, stockID: "figure-balanced")
  }

  func balance(_ who: String? = nil) async throws -> CreditBalance {
    try await service.credits.balance(of: who ?? owner)
  }
}

@Suite("Wearbloom's try-on: renders, credits and feedback", .timeLimit(.minutes(5)))
struct TryOnServiceTests {
  @Test(
    "a render is requested pending, drawn by its job, completed with its image, and its credit spent",
    arguments: TestDatabase.available)
  func completes(_ engine: TestDatabase) async throws {
    try await TryOnFixture.with(engine) { tryOn in
      try await tryOn.standing()
      let requested = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      #expect(requested.status == .pending)
      #expect(requested.charge == .held)
      #expect(try await tryOn.balance() == CreditBalance(available: 2, reserved: 1))
      try await tryOn.service.run(requested.id)
      let done = try await tryOn.service.render(requested.id, owner: tryOn.owner)
      #expect(done.status == .completed)
      #expect(done.charge == .captured)
      #expect(done.failure == nil)
      let result = try #require(done.result)
      #expect(try await tryOn.balance() == CreditBalance(available: 2, reserved: 0))
      // The result is the owner's image, and nobody else's.
      let mine = try await tryOn.wardrobe.lookUp(
        image: result.value, owner: tryOn.owner, variant: .full, acceptsWebP: false)
      #expect(mine?.form == ImageForm(variant: .full, format: .jpeg))
      let theirs = try await tryOn.wardrobe.lookUp(
        image: result.value, owner: tryOn.stranger, variant: .full, acceptsWebP: false)
      #expect(theirs == nil)
      await #expect(throws: TryOnError.renderNotFound) {
        _ = try await tryOn.service.render(requested.id, owner: tryOn.stranger)
      }
      #expect(try await tryOn.service.latest(of: tryOn.owner).id == requested.id)
      // Running the job again changes nothing.
      try await tryOn.service.run(requested.id)
      #expect(try await tryOn.service.credits.entries(of: tryOn.owner).map(\.kind) == [.grant, .reserve, .capture])
    }
  }

  @Test(
    "a new account's three credits are granted once; a fourth render is INSUFFICIENT_CREDITS with nothing written",
    arguments: TestDatabase.available)
  func runsOut(_ engine: TestDatabase) async throws {
    try await TryOnFixture.with(engine) { tryOn in
      try await tryOn.standing()
      for _ in 0..<3 { _ = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner) }
      await #expect(throws: TryOnError.insufficientCredits) {
        _ = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      }
      #expect(try await tryOn.balance() == CreditBalance(available: 0, reserved: 3))
      #expect(try await tryOn.service.renders.renders(of: tryOn.owner).count == 3)
      let summary = try await tryOn.service.summary(of: tryOn.owner)
      #expect(summary.state == .freeNoCredits)
      #expect(!summary.canRender)
      // Asking for the summary again grants nothing more.
      #expect(try await tryOn.service.credits.entries(of: tryOn.owner).count { $0.kind == .grant } == 1)
    }
  }

  @Test("a refused render fails as RENDER_FAILED and gives its credit back", arguments: TestDatabase.available)
  func refusedReleases(_ engine: TestDatabase) async throws {
    for script in [ScriptedProvider.Script.reject, .unavailable] {
      try await TryOnFixture.with(engine, provider: ScriptedProvider(script: script)) { tryOn in
        try await tryOn.standing()
        let render = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
        try await tryOn.service.run(render.id)
        let failed = try await tryOn.service.render(render.id, owner: tryOn.owner)
        #expect(failed.status == .failed)
        #expect(failed.failure == .renderFailed)
        #expect(failed.charge == .released)
        #expect(!failed.charge.consumedCredit)
        #expect(try await tryOn.balance() == CreditBalance(available: 3, reserved: 0))
      }
    }
  }

  @Test(
    "a garment tried on straight after its upload has its cutout made first, then laid on the body",
    arguments: TestDatabase.available)
  func cutoutMadeFirst(_ engine: TestDatabase) async throws {
    let provider = ScriptedProvider(script: .draw, needsCutout: true)
    try await TryOnFixture.with(engine, provider: provider) { tryOn in
      try await tryOn.standing()
      let garment = try await tryOn.wardrobe.addGarment(
        owner: tryOn.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      #expect(garment.removalStatus == .pending)
      let render = try await tryOn.service.request(garment.id, owner: tryOn.owner)
      try await tryOn.service.run(render.id)
      #expect(try await tryOn.service.render(render.id, owner: tryOn.owner).status == .completed)
      #expect(try await tryOn.wardrobe.garment(garment.id, owner: tryOn.owner).removalStatus == .completed)
      // The removal's own job then finds it done.
      #expect(try await tryOn.wardrobe.removeBackground(of: garment.id) == nil)
    }
  }

  @Test(
    "a garment whose photo could not be cut out is never pasted whole: GARMENT_NOT_CUT_OUT, free, then refused",
    arguments: TestDatabase.available)
  func notCutOut(_ engine: TestDatabase) async throws {
    let provider = ScriptedProvider(script: .draw, needsCutout: true)
    try await TryOnFixture.with(engine, provider: provider, remover: ScriptedRemover(script: .refuse)) { tryOn in
      try await tryOn.standing()
      let garment = try await tryOn.wardrobe.addGarment(
        owner: tryOn.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      let render = try await tryOn.service.request(garment.id, owner: tryOn.owner)
      try await tryOn.service.run(render.id)
      let failed = try await tryOn.service.render(render.id, owner: tryOn.owner)
      #expect(failed.status == .failed && failed.failure == .garmentNotCutOut && failed.charge == .released)
      #expect(provider.calls.value == 0, "nothing was drawn")
      #expect(try await tryOn.balance() == CreditBalance(available: 3, reserved: 0))
      // Now that the check has refused its cutout, the garment is refused before any credit moves.
      await #expect(throws: WardrobeError.garmentNotCutOut) {
        _ = try await tryOn.service.request(garment.id, owner: tryOn.owner)
      }
      #expect(try await tryOn.service.credits.entries(of: tryOn.owner).map(\.kind) == [.grant, .reserve, .release])
    }
  }

  @Test(
    "a render past its budget fails as RENDER_TIMEOUT, free; its late result is kept and not charged",
    arguments: TestDatabase.available)
  func timeout(_ engine: TestDatabase) async throws {
    try await TryOnFixture.with(engine, provider: ScriptedProvider(script: .hang, budget: 0.3)) { tryOn in
      try await tryOn.standing()
      let render = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      try await tryOn.service.run(render.id)
      let failed = try await tryOn.service.render(render.id, owner: tryOn.owner)
      #expect(failed.failure == .renderTimeout)
      #expect(failed.charge == .released)
      // The provider finishes after all: the result is recorded, the render stays failed and free.
      let late = try await LocalPreviewProvider(images: ImageProcessor()).render(
        body: try await TestImages.photo(width: 600, height: 900, format: .jpeg),
        garment: try await Photos.cutout(keeping: 0.5),
        category: .tops)
      try await tryOn.service.deliver(late, to: render.id)
      let after = try await tryOn.service.render(render.id, owner: tryOn.owner)
      #expect(after.status == .failed)
      #expect(after.lateResult != nil)
      #expect(after.result == nil)
      #expect(try await tryOn.balance() == CreditBalance(available: 3, reserved: 0))
    }
  }

  @Test(
    "a render whose worker is gone is failed as RENDER_TIMEOUT by the next read past its deadline",
    arguments: TestDatabase.available)
  func overdueRead(_ engine: TestDatabase) async throws {
    try await TryOnFixture.with(engine) { tryOn in
      try await tryOn.standing()
      let render = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      tryOn.clock.advance(by: RenderPolicy.budget)
      #expect(try await tryOn.service.render(render.id, owner: tryOn.owner).status == .pending)
      tryOn.clock.advance(by: TryOnService.grace)
      let failed = try await tryOn.service.render(render.id, owner: tryOn.owner)
      #expect(failed.failure == .renderTimeout)
      #expect(try await tryOn.balance() == CreditBalance(available: 3, reserved: 0))
      // Its job, run late, finds it finished and draws nothing.
      try await tryOn.service.run(render.id)
      #expect(try await tryOn.service.render(render.id, owner: tryOn.owner).result == nil)
    }
  }

  @Test(
    "a category not offered is INVALID_CATEGORY, and no body photo NO_BODY_PHOTO, before any credit is touched",
    arguments: TestDatabase.available)
  func refusedBeforeCredits(_ engine: TestDatabase) async throws {
    let offered = TryOnSupport([.tops, .bottoms, .dresses, .outerwear])
    try await TryOnFixture.with(engine, offered: offered) { tryOn in
      await #expect(throws: WardrobeError.noBodyPhoto) {
        _ = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      }
      try await tryOn.standing()
      await #expect(throws: WardrobeError.invalidCategory) {
        _ = try await tryOn.service.request(TryOnFixture.sneakers, owner: tryOn.owner)
      }
      await #expect(throws: WardrobeError.garmentNotFound) {
        _ = try await tryOn.service.request("no-such-garment", owner: tryOn.owner)
      }
      #expect(try await tryOn.service.credits.entries(of: tryOn.owner).isEmpty)
      #expect(!tryOn.service.support.supports(.shoes))
    }
  }

  @Test(
    "a subscriber renders without limit and holds nothing; a thumbs-down on a free render refunds nothing",
    arguments: TestDatabase.available)
  func subscriber(_ engine: TestDatabase) async throws {
    try await TryOnFixture.with(engine) { tryOn in
      try await tryOn.standing()
      let summary = try await tryOn.service.testStorePurchase(by: tryOn.owner)
      #expect(summary.state == .trial)
      #expect(summary.isUnlimited)
      #expect(summary.productID == SubscriptionProduct.weekly.id)
      var last: Render?
      for _ in 0..<5 {
        let render = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
        #expect(render.charge == .free)
        try await tryOn.service.run(render.id)
        last = render
      }
      // Nothing held or spent: the welcome grant alone.
      #expect(try await tryOn.service.credits.entries(of: tryOn.owner).map(\.kind) == [.grant])
      let feedback = try await tryOn.service.feedback(
        on: try #require(last).id, owner: tryOn.owner, rating: .down, category: .artifacts)
      #expect(!feedback.refunded)
      // A week of trial later, without renewal, the free credits are back in play.
      tryOn.clock.advance(by: SubscriptionProduct.weekly.trial + 1)
      let after = try await tryOn.service.summary(of: tryOn.owner)
      #expect(after.state == .freeWithCredits)
      #expect(after.hadSubscription)
      #expect(after.creditsRemaining == CreditPolicy.defaultWelcomeCredits)
    }
  }

  @Test(
    "feedback: once, on a completed render; a thumbs-down refunds at most three in thirty days",
    arguments: TestDatabase.available)
  func feedback(_ engine: TestDatabase) async throws {
    try await TryOnFixture.with(engine) { tryOn in
      try await tryOn.standing()
      try await tryOn.service.credits.grant(10, to: tryOn.owner, once: "extra")
      let pending = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      await #expect(throws: TryOnError.renderNotCompleted) {
        _ = try await tryOn.service.feedback(on: pending.id, owner: tryOn.owner, rating: .down, category: nil)
      }
      try await tryOn.service.run(pending.id)
      await #expect(throws: TryOnError.renderNotFound) {
        _ = try await tryOn.service.feedback(on: pending.id, owner: tryOn.stranger, rating: .down, category: nil)
      }
      let up = try await tryOn.service.feedback(on: pending.id, owner: tryOn.owner, rating: .up, category: nil)
      #expect(!up.refunded)
      await #expect(throws: TryOnError.feedbackAlreadySubmitted) {
        _ = try await tryOn.service.feedback(on: pending.id, owner: tryOn.owner, rating: .down, category: .other)
      }
      var refunds: [Bool] = []
      for _ in 0..<4 {
        let render = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
        try await tryOn.service.run(render.id)
        let before = try await tryOn.balance()
        let feedback = try await tryOn.service.feedback(
          on: render.id, owner: tryOn.owner, rating: .down, category: .wrongFit)
        refunds.append(feedback.refunded)
        #expect(try await tryOn.balance().available == before.available + (feedback.refunded ? 1 : 0))
        let recorded = try await tryOn.service.render(render.id, owner: tryOn.owner)
        #expect(recorded.feedback?.category == .wrongFit)
        #expect(recorded.charge == (feedback.refunded ? .refunded : .captured))
      }
      #expect(refunds == [true, true, true, false])
      // Thirty days on, the window has room again.
      tryOn.clock.advance(by: CreditPolicy.refundWindow)
      let render = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      try await tryOn.service.run(render.id)
      #expect(
        try await tryOn.service.feedback(on: render.id, owner: tryOn.owner, rating: .down, category: nil).refunded)
    }
  }

  @Test(
    "200 renders asked at once with 3 credits: exactly 3 held, 197 INSUFFICIENT_CREDITS",
    arguments: TestDatabase.available)
  func concurrentRequests(_ engine: TestDatabase) async throws {
    try await TryOnFixture.with(engine) { tryOn in
      try await tryOn.standing()
      _ = try await tryOn.service.summary(of: tryOn.owner)  // the welcome grant
      let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
        for index in 0..<200 {
          let service = index.isMultiple(of: 2) ? tryOn.service : tryOn.second
          group.addTask {
            do {
              _ = try await service.request(TryOnFixture.shirt, owner: tryOn.owner)
              return true
            } catch TryOnError.insufficientCredits {
              return false
            }
          }
        }
        return try await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(outcomes.count { $0 } == 3)
      #expect(outcomes.count { !$0 } == 197)
      let renders = try await tryOn.service.renders.renders(of: tryOn.owner)
      #expect(renders.count == 3)
      #expect(try await tryOn.balance() == CreditBalance(available: 0, reserved: 3))
      // Each is drawn, from either process, and charged exactly once.
      try await withThrowingTaskGroup(of: Void.self) { group in
        for render in renders {
          group.addTask { try await tryOn.service.run(render.id) }
          group.addTask { try await tryOn.second.run(render.id) }
        }
        try await group.waitForAll()
      }
      let entries = try await tryOn.service.credits.entries(of: tryOn.owner)
      #expect(entries.count { $0.kind == .capture } == 3)
      #expect(entries.count { $0.kind == .release } == 0)
      #expect(try await tryOn.balance() == CreditBalance(available: 0, reserved: 0))
    }
  }

  @Test(
    "one result delivered six times at once completes its render once and charges once",
    arguments: TestDatabase.available)
  func deliveredSixTimes(_ engine: TestDatabase) async throws {
    try await TryOnFixture.with(engine) { tryOn in
      try await tryOn.standing()
      let render = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      let image = try await LocalPreviewProvider(images: ImageProcessor()).render(
        body: try await TestImages.photo(width: 600, height: 900, format: .jpeg),
        garment: try await Photos.cutout(keeping: 0.5),
        category: .tops)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<6 {
          let service = index.isMultiple(of: 2) ? tryOn.service : tryOn.second
          group.addTask { try await service.deliver(image, to: render.id) }
        }
        try await group.waitForAll()
      }
      let done = try await tryOn.service.render(render.id, owner: tryOn.owner)
      #expect(done.status == .completed)
      let entries = try await tryOn.service.credits.entries(of: tryOn.owner)
      #expect(entries.map(\.kind) == [.grant, .reserve, .capture])
      // Only the winner's image is kept.
      let images = try await tryOn.wardrobe.store.images(of: tryOn.owner)
      #expect(images == [try #require(done.result)])
    }
  }

  @Test("the eleventh render request in a minute is TOO_MANY_REQUESTS")
  func rateLimit() async throws {
    try await TryOnFixture.with(.sqlite, limiter: true) { tryOn in
      try await tryOn.standing()
      _ = try await tryOn.service.testStorePurchase(by: tryOn.owner)
      for _ in 0..<RenderPolicy.rendersPerMinute {
        _ = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      }
      let refusal = await #expect(throws: OrchardError.self) {
        _ = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
      }
      #expect(refusal?.code == "TOO_MANY_REQUESTS")
      #expect(refusal?.status == .tooManyRequests)
      tryOn.clock.advance(by: 60)
      _ = try await tryOn.service.request(TryOnFixture.shirt, owner: tryOn.owner)
    }
  }
}
