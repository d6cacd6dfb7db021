import Foundation
import OrchardImages
import OrchardImagesTesting
import ServerKit
import Synchronization
import Testing
import WearbloomCore

@testable import WearbloomServer

@Suite("Try-on through fal's queue, against a fake speaking fal's contract", .timeLimit(.minutes(5)))
struct FalTryOnProviderTests {
  static func result() async throws -> [UInt8] { try await TestImages.photo(width: 432, height: 648, format: .jpeg) }

  static func input(_ category: GarmentCategory = .tops) async throws -> TryOnInput {
    TryOnInput(
      render: "r1", body: try await TestImages.photo(width: 300, height: 450, format: .jpeg),
      garment: try await Photos.cutout(keeping: 0.5), category: category)
  }

  /// Submissions written down by the render's run.
  final class Record: Sendable {
    let jobs = Mutex<[(String, String)]>([])
    var tracking: TryOnTracking {
      TryOnTracking(recordSubmission: { job, record in self.jobs.withLock { $0.append((job, record)) } })
    }
  }

  func provider(_ fake: FakeFalTryOn, _ model: FalTryOnProvider.Model = .fashn) throws -> FalTryOnProvider {
    let settings = try #require(FalSettings(environment: fake.environment(), publicURL: "https://wearbloom.example"))
    return FalTryOnProvider(model, settings: settings)
  }

  /// A deadline for a render: by default far beyond what a fake answering at once needs, on a busy machine.
  func soon(_ seconds: Double = 120) -> ContinuousClock.Instant { .now + .milliseconds(Int64(seconds * 1_000)) }

  @Test(
    "FASHN: submitted once with both pictures as data URIs, its category and our webhook; followed to COMPLETED; the result fetched"
  )
  func fashn() async throws {
    let jpeg = try await Self.result()
    let fake = try await FakeFalTryOn.start(.succeeds, result: jpeg)
    let record = Record()
    let outcome = try await provider(fake).render(
      try await Self.input(.dresses), tracking: record.tracking, deadline: soon())
    #expect(outcome == .image(jpeg))
    let submission = try #require(fake.observed.submissions.first)
    #expect(fake.submissions == 1)
    #expect(submission.path == "fal-ai/fashn/tryon/v1.6")
    #expect(submission.authorization == "Key test-key")
    #expect(submission.webhook == "https://wearbloom.example/wearbloom/api/v1/webhooks/fal")
    #expect(submission.json["category"] as? String == "one-pieces")
    #expect((submission.json["model_image"] as? String)?.hasPrefix("data:image/jpeg;base64,") == true)
    #expect((submission.json["garment_image"] as? String)?.hasPrefix("data:image/png;base64,") == true)
    #expect(record.jobs.withLock { $0.map(\.0) } == ["job-1"])
    #expect(fake.observed.downloads == 1)
  }

  @Test("Nano Banana: a prompt naming the piece, the two pictures in order, and any category, shoes included")
  func nanoBanana() async throws {
    let jpeg = try await Self.result()
    let fake = try await FakeFalTryOn.start(.succeeds, result: jpeg)
    let provider = try provider(fake, .nanoBanana)
    #expect(provider.support.supports(.shoes))
    #expect(provider.budget == 90)
    let outcome = try await provider.render(try await Self.input(.shoes), tracking: Record().tracking, deadline: soon())
    #expect(outcome == .image(jpeg))
    let submission = try #require(fake.observed.submissions.first)
    #expect(submission.path == "fal-ai/nano-banana/edit")
    #expect((submission.json["prompt"] as? String)?.contains("shoes") == true)
    #expect((submission.json["image_urls"] as? [String])?.count == 2)
    #expect(!FalTryOnProvider.Model.fashn.support.supports(.shoes))
  }

  @Test("a 5xx on submission is tried once more; a 4xx is final and not retried")
  func retries() async throws {
    let jpeg = try await Self.result()
    let flaky = try await FakeFalTryOn.start(.unavailableOnce, result: jpeg)
    #expect(
      try await provider(flaky).render(try await Self.input(), tracking: Record().tracking, deadline: soon())
        == .image(jpeg))
    #expect(flaky.submissions == 2)
    let refusing = try await FakeFalTryOn.start(.rejects, result: jpeg)
    await #expect {
      _ = try await provider(refusing).render(try await Self.input(), tracking: Record().tracking, deadline: soon())
    } throws: { error in
      guard case .rejected(let detail) = error as? TryOnFailure else { return false }
      return detail.hasPrefix("422")
    }
    #expect(refusing.submissions == 1)
  }

  @Test(
    "a job that never completes is RENDER_TIMEOUT at its deadline; a malformed result or one off fal's hosts fails, never fetched"
  )
  func failures() async throws {
    let jpeg = try await Self.result()
    let stuck = try await FakeFalTryOn.start(.neverCompletes, result: jpeg)
    await #expect(throws: TryOnFailure.timedOut) {
      _ = try await provider(stuck).render(try await Self.input(), tracking: Record().tracking, deadline: soon(0.4))
    }
    #expect(TryOnFailure.timedOut.failure == .renderTimeout)
    let malformed = try await FakeFalTryOn.start(.malformedResult, result: jpeg)
    await #expect(throws: TryOnFailure.malformedResult) {
      _ = try await provider(malformed).render(try await Self.input(), tracking: Record().tracking, deadline: soon())
    }
    let foreign = try await FakeFalTryOn.start(.foreignResultURL, result: jpeg)
    await #expect(throws: TryOnFailure.untrustedResult("https://files.example.com/result.jpg")) {
      _ = try await provider(foreign).render(try await Self.input(), tracking: Record().tracking, deadline: soon())
    }
    #expect(foreign.observed.downloads == 0)
    #expect(TryOnFailure.untrustedResult("x").failure == .renderFailed)
  }

  @Test("a run cut off after submitting follows the same job when run again, never submitting twice")
  func resumes() async throws {
    let jpeg = try await Self.result()
    let fake = try await FakeFalTryOn.start(.neverCompletes, result: jpeg)
    let record = Record()
    await #expect(throws: TryOnFailure.timedOut) {
      _ = try await provider(fake).render(try await Self.input(), tracking: record.tracking, deadline: soon(0.3))
    }
    let written = try #require(record.jobs.withLock { $0.first })
    fake.set(.succeeds)
    let again = TryOnTracking(submitted: written.1)
    #expect(try await provider(fake).render(try await Self.input(), tracking: again, deadline: soon()) == .image(jpeg))
    #expect(fake.submissions == 1)
  }

  @Test("a render finished meanwhile by its webhook stops the polling")
  func finishedElsewhere() async throws {
    let fake = try await FakeFalTryOn.start(.neverCompletes, result: try await Self.result())
    let tracking = TryOnTracking(finishedElsewhere: { true })
    #expect(
      try await provider(fake).render(try await Self.input(), tracking: tracking, deadline: soon())
        == .finishedElsewhere)
  }
}
