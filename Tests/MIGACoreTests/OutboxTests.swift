import Foundation
import MIGACore
import OrchardKit
import Testing

/// A server that dedupes on event_id, can refuse some events, and fails on cue or at random.
private actor FakeServer: EventUploader {
  /// Ids in the order they were first stored: each may appear only once.
  private(set) var stored: [IdempotencyID] = []
  private var storedSet: Set<IdempotencyID> = []
  private(set) var batchSizes: [Int] = []
  private(set) var duplicatesSeen = 0
  private(set) var failures = 0
  /// Failures to raise, one per upload, before anything else.
  var scripted: [UploadError] = []
  var rejections: [IdempotencyID: String] = [:]
  var acknowledgesNothing = false
  /// With a generator: fail before storing, or store and lose the answer, each with this chance.
  private var chaos: (generator: SeededRandomNumberGenerator, chance: Double)?

  init(chaosSeed: UInt64? = nil, chance: Double = 0) {
    chaos = chaosSeed.map { (SeededRandomNumberGenerator(seed: $0), chance) }
  }

  func script(_ errors: [UploadError]) { scripted = errors }
  func reject(_ id: IdempotencyID, code: String) { rejections[id] = code }
  func preload(_ ids: [IdempotencyID]) { for id in ids { store(id) } }
  func setAcknowledgesNothing() { acknowledgesNothing = true }

  func upload(_ events: [MIGAEvent]) async throws(UploadError) -> UploadReceipt {
    batchSizes.append(events.count)
    if !scripted.isEmpty {
      failures += 1
      throw scripted.removeFirst()
    }
    if roll() {
      failures += 1
      throw .retryable(.server(status: 503))
    }
    if acknowledgesNothing { return UploadReceipt() }
    var accepted: [IdempotencyID] = []
    var duplicates: [IdempotencyID] = []
    var rejected: [UploadReceipt.Rejection] = []
    for event in events {
      if let code = rejections[event.id] {
        rejected.append(.init(id: event.id, code: code))
      } else if store(event.id) {
        accepted.append(event.id)
      } else {
        duplicates.append(event.id)
        duplicatesSeen += 1
      }
    }
    if roll() {
      failures += 1
      throw .retryable(.network)  // stored, but the answer never arrived
    }
    return UploadReceipt(accepted: accepted, duplicates: duplicates, rejected: rejected)
  }

  @discardableResult
  private func store(_ id: IdempotencyID) -> Bool {
    guard storedSet.insert(id).inserted else { return false }
    stored.append(id)
    return true
  }

  private func roll() -> Bool {
    guard let (seeded, chance) = chaos else { return false }
    var generator = seeded
    let hit = Double(generator.next() >> 11) * 0x1p-53 < chance
    chaos = (generator, chance)
    return hit
  }
}

/// A generator stuck at one value, to pin the jitter to its ends.
private struct StuckGenerator: RandomNumberGenerator {
  let value: UInt64
  mutating func next() -> UInt64 { value }
}

private func events(_ count: Int, seed: UInt64 = 5) -> [MIGAEvent] {
  var generator = SeededRandomNumberGenerator(seed: seed)
  let start = instant("2026-03-10T12:00:00Z")
  return (0..<count).map { index in
    MIGAEvent(
      id: IdempotencyID(using: &generator), kind: .sessionStart, occurredAt: start.addingTimeInterval(Double(index)),
      timeZone: "America/New_York", localDay: day("2026-03-10"), metadata: EventMetadata(appID: "instagram"))
  }
}

@Suite("Outbox", .timeLimit(.minutes(5)))
struct OutboxTests {
  private let now = instant("2026-03-10T12:00:00Z")

  private func outbox(_ events: [MIGAEvent]) -> OutboxState {
    var state = OutboxState()
    state.enqueue(events)
    return state
  }

  @Test("uploads go in order, in batches of at most 500")
  func batches() async {
    let sent = events(1_234)
    var state = outbox(sent)
    let server = FakeServer()
    var generator = SeededRandomNumberGenerator(seed: 1)
    let report = await state.flush(now: now, uploader: server, rng: &generator)
    #expect(await server.batchSizes == [500, 500, 234])
    #expect(await server.stored == sent.map(\.id))
    #expect(report.delivered.count == 1_234)
    #expect(state.pending.isEmpty)
  }

  @Test(
    "with seeded random failures every event still reaches the server exactly once",
    arguments: [1, 2, 3, 2026] as [UInt64])
  func chaos(seed: UInt64) async {
    let sent = events(4_321)
    let server = FakeServer(chaosSeed: seed, chance: 0.4)
    var generator = SeededRandomNumberGenerator(seed: 9)
    var state = outbox(Array(sent.prefix(1_000)))
    var clock = now
    for round in 0..<1_000 {
      if round == 3 { state.enqueue(sent.dropFirst(1_000)) }
      if round > 3 && state.pending.isEmpty { break }
      clock = max(clock, state.nextAttemptAt ?? clock)
      await state.flush(now: clock, uploader: server, rng: &generator)
    }
    let stored = await server.stored
    #expect(state.pending.isEmpty)
    #expect(stored.count == sent.count)
    #expect(Set(stored) == Set(sent.map(\.id)))
    #expect(Set(stored).count == stored.count)
    // The run really exercised failures and redelivery.
    #expect(await server.failures >= 5)
    #expect(await server.duplicatesSeen > 0)
    #expect((state.droppedCount, state.rejectedCount) == (0, 0))
  }

  @Test("the backoff ceiling doubles from 2 s and stops at 10 minutes")
  func ceilings() {
    #expect(
      (1...12).map(OutboxState.backoffCeiling(failures:))
        == [2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600])
    #expect(OutboxState.backoffCeiling(failures: 10_000) == 600)
  }

  @Test("each failure waits up to the growing ceiling: the top of the jitter reaches it, the bottom is 0")
  func backoffGrows() async {
    let server = FakeServer()
    await server.script(Array(repeating: .retryable(.network), count: 24))
    var state = outbox(events(3))
    var top = StuckGenerator(value: .max)
    var delays: [TimeInterval] = []
    var clock = now
    for _ in 0..<12 {
      await state.flush(now: clock, uploader: server, rng: &top)
      delays.append(state.nextAttemptAt!.timeIntervalSince(clock))
      clock = state.nextAttemptAt!
    }
    let ceilings = (1...12).map(OutboxState.backoffCeiling(failures:))
    #expect(zip(delays, ceilings).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(state.consecutiveFailures == 12)

    var bottom = StuckGenerator(value: 0)
    await state.flush(now: clock, uploader: server, rng: &bottom)
    #expect(state.nextAttemptAt == clock)
  }

  @Test("seeded full jitter spreads delays between 0 and the ceiling")
  func jitterSpread() async {
    let server = FakeServer()
    await server.script(Array(repeating: .retryable(.network), count: 60))
    var state = outbox(events(1))
    var generator = SeededRandomNumberGenerator(seed: 77)
    var clock = now
    var delays: [TimeInterval] = []
    for failure in 1...60 {
      await state.flush(now: clock, uploader: server, rng: &generator)
      let delay = state.nextAttemptAt!.timeIntervalSince(clock)
      #expect((0...OutboxState.backoffCeiling(failures: failure)).contains(delay))
      delays.append(delay)
      clock = state.nextAttemptAt!
    }
    let capped = delays.suffix(50)
    #expect(capped.min()! < 200 && capped.max()! > 400)
  }

  @Test("a server's Retry-After is honoured, up to the 10-minute cap")
  func retryAfter() async {
    let server = FakeServer()
    await server.script([.retryable(.rateLimited, retryAfter: 120), .retryable(.rateLimited, retryAfter: 3_600)])
    var state = outbox(events(1))
    var zero = StuckGenerator(value: 0)
    await state.flush(now: now, uploader: server, rng: &zero)
    #expect(state.nextAttemptAt == now.addingTimeInterval(120))
    await state.flush(now: now.addingTimeInterval(120), uploader: server, rng: &zero)
    #expect(state.nextAttemptAt == now.addingTimeInterval(120 + 600))
  }

  @Test("a flush before nextAttemptAt uploads nothing")
  func notBeforeNextAttempt() async {
    let server = FakeServer()
    await server.script([.retryable(.network)])
    var state = outbox(events(2))
    var top = StuckGenerator(value: .max)
    await state.flush(now: now, uploader: server, rng: &top)
    let next = state.nextAttemptAt!
    let early = await state.flush(now: next.addingTimeInterval(-0.001), uploader: server, rng: &top)
    #expect(early.wasDue == false)
    #expect(await server.batchSizes.count == 1)
    #expect(state.isDue(at: next))
    await state.flush(now: next, uploader: server, rng: &top)
    #expect(await server.batchSizes.count == 2)
    #expect(state.pending.isEmpty)
    #expect((state.consecutiveFailures, state.nextAttemptAt) == (0, nil))
  }

  @Test("events the server already had count as delivered")
  func duplicatesDelivered() async {
    let sent = events(10)
    let server = FakeServer()
    await server.preload(sent.prefix(4).map(\.id))
    var state = outbox(sent)
    var generator = SeededRandomNumberGenerator(seed: 1)
    let report = await state.flush(now: now, uploader: server, rng: &generator)
    #expect(report.delivered == Set(sent.map(\.id)))
    #expect(state.pending.isEmpty)
    #expect(state.rejectedCount == 0)
  }

  @Test("events the server refuses are dropped and counted, with their codes reported")
  func rejectsDropped() async {
    let sent = events(10)
    let server = FakeServer()
    for event in sent.prefix(3) {
      await server.reject(event.id, code: "LOCAL_DAY_OUT_OF_RANGE")
    }
    var state = outbox(sent)
    var generator = SeededRandomNumberGenerator(seed: 1)
    let report = await state.flush(now: now, uploader: server, rng: &generator)
    #expect(state.pending.isEmpty)
    #expect(state.rejectedCount == 3)
    #expect(report.rejected.map(\.code) == Array(repeating: "LOCAL_DAY_OUT_OF_RANGE", count: 3))
    #expect(await server.stored == sent.dropFirst(3).map(\.id))
  }

  @Test("the queue holds 10,000 events; beyond that the oldest are dropped and counted")
  func capacity() {
    let many = events(10_005)
    var state = outbox(many)
    #expect(state.pending.count == 10_000)
    #expect(state.droppedCount == 5)
    #expect(state.pending.first == many[5])
    #expect(state.pending.last == many.last)
    state.enqueue(many.suffix(10))
    #expect((state.pending.count, state.droppedCount) == (10_000, 5))
  }

  @Test("a fatal error keeps every event queued and schedules no backoff")
  func fatal() async {
    let server = FakeServer()
    await server.script([.fatal(code: "HTTP_401")])
    var state = outbox(events(700))
    var generator = SeededRandomNumberGenerator(seed: 1)
    let report = await state.flush(now: now, uploader: server, rng: &generator)
    #expect(report.failure == .fatal(code: "HTTP_401"))
    #expect(state.pending.count == 700)
    #expect((state.consecutiveFailures, state.nextAttemptAt) == (0, nil))
  }

  @Test("a failure on the second batch keeps the first delivered and backs off from one failure")
  func partialFlush() async {
    let server = FakeServer()
    await server.script([.retryable(.network)])
    var state = outbox(events(1_200))
    var generator = StuckGenerator(value: .max)
    await state.flush(now: now, uploader: server, rng: &generator)
    let retry = state.nextAttemptAt!
    await state.flush(now: retry, uploader: FlakyAfterFirst(server: server), rng: &generator)
    // Batch 1 was answered, which clears the earlier failure; batch 2's failure is then the first.
    #expect(state.pending.count == 700)
    #expect(state.consecutiveFailures == 1)
    #expect(abs(state.nextAttemptAt!.timeIntervalSince(retry) - 2) < 1e-6)
  }

  @Test("an answer naming events outside the batch cannot mark them delivered")
  func foreignIDsIgnored() async {
    let sent = events(501)
    var state = outbox(sent)
    var generator = SeededRandomNumberGenerator(seed: 1)
    await state.flush(now: now, uploader: Overreporting(foreign: sent[500].id), rng: &generator)
    #expect(state.pending == [sent[500]])
  }

  @Test("an answer that acknowledges none of the batch counts as a retryable failure")
  func unacknowledged() async {
    let server = FakeServer()
    await server.setAcknowledgesNothing()
    var state = outbox(events(3))
    var generator = SeededRandomNumberGenerator(seed: 1)
    let report = await state.flush(now: now, uploader: server, rng: &generator)
    #expect(report.failure == .retryable(.unacknowledged))
    #expect(state.pending.count == 3)
    #expect(state.nextAttemptAt != nil)
  }

  @Test("an owner can deliver a copy and apply the report to a state that gained events meanwhile")
  func deliverThenApply() async {
    let first = events(5, seed: 1)
    let later = events(2, seed: 2)
    var live = outbox(first)
    let snapshot = live
    let server = FakeServer()
    let report = await snapshot.deliver(now: now, uploader: server)
    live.enqueue(later)
    var generator = SeededRandomNumberGenerator(seed: 1)
    live.apply(report, now: now, using: &generator)
    #expect(live.pending == later)
  }

  @Test("the outbox state survives JSON")
  func codable() async throws {
    let server = FakeServer()
    await server.script([.retryable(.network)])
    var state = outbox(events(3))
    var generator = SeededRandomNumberGenerator(seed: 1)
    await state.flush(now: now, uploader: server, rng: &generator)
    let decoded = try JSONDecoder().decode(OutboxState.self, from: try JSONEncoder().encode(state))
    #expect(decoded == state)
  }

  @Test(
    "HTTP statuses: 429, 408 and 5xx are retryable, other failures fatal",
    arguments: [
      (429, UploadError.retryable(.rateLimited, retryAfter: 30)),
      (408, .retryable(.server(status: 408), retryAfter: 30)),
      (503, .retryable(.server(status: 503), retryAfter: 30)),
      (400, .fatal(code: "HTTP_400")), (401, .fatal(code: "HTTP_401")), (413, .fatal(code: "HTTP_413")),
    ])
  func httpStatuses(_ status: Int, _ expected: UploadError) {
    #expect(UploadError.http(status: status, retryAfter: 30) == expected)
  }

  @Test("a receipt's JSON names rejected events by event_id")
  func receiptJSON() throws {
    let id = IdempotencyID("0000000000000000000000000000000a")!
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(UploadReceipt(rejected: [.init(id: id, code: "X")])), as: UTF8.self)
    #expect(
      json
        == #"{"accepted":[],"duplicates":[],"rejected":[{"code":"X","event_id":"0000000000000000000000000000000a"}]}"#)
  }
}

/// Passes the first upload to `server`, then fails with a network error.
private actor FlakyAfterFirst: EventUploader {
  let server: FakeServer
  private var calls = 0

  init(server: FakeServer) { self.server = server }

  func upload(_ events: [MIGAEvent]) async throws(UploadError) -> UploadReceipt {
    calls += 1
    guard calls == 1 else { throw .retryable(.network) }
    return try await server.upload(events)
  }
}

/// Accepts the first batch and also claims `foreign`; fails every later upload.
private actor Overreporting: EventUploader {
  let foreign: IdempotencyID
  private var calls = 0

  init(foreign: IdempotencyID) { self.foreign = foreign }

  func upload(_ events: [MIGAEvent]) async throws(UploadError) -> UploadReceipt {
    calls += 1
    guard calls == 1 else { throw .retryable(.network) }
    return UploadReceipt(accepted: events.map(\.id) + [foreign])
  }
}
