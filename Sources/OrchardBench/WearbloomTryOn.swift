import Foundation
import Logging
import OrchardBlobs
import OrchardDatabase
import OrchardImages
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import Synchronization
import WearbloomCore
import WearbloomServer

/// A provider that answers at once with a prepared image, timing itself: what is left of a
/// render's time is the job's own overhead.
struct InstantProvider: TryOnProvider {
  let result: [UInt8]
  let spent = Spent()

  final class Spent: Sendable {
    let seconds = Mutex<[Double]>([])
  }

  var name: String { "instant" }
  var support: TryOnSupport { TryOnSupport(GarmentCategory.allCases) }
  var isPreview: Bool { false }
  var budget: TimeInterval { RenderPolicy.budget }

  func render(
    _ input: TryOnInput, tracking: TryOnTracking, deadline: ContinuousClock.Instant
  ) async throws(TryOnFailure) -> TryOnOutcome {
    let started = ContinuousClock.now
    let outcome = TryOnOutcome.image(result)
    spent.seconds.withLock { $0.append(milliseconds(ContinuousClock.now - started) / 1_000) }
    return outcome
  }
}

/// Where a Wearbloom bench keeps its database: a SQLite file in a fresh folder, or PostgreSQL.
func benchDatabase(_ url: String?, folder: URL) -> DatabaseLocation {
  guard let url else { return .sqliteFile(path: folder.appendingPathComponent("bench.sqlite").path) }
  return .postgres(url: url)
}

/// The job's overhead over its provider's own time (`orchard-bench wearbloom-render-overhead`):
/// renders requested one after another through the service, drawn by the server's job worker
/// (woken by the request), each timed from its request to its completion by the server's clock,
/// less the provider's time. The provider answers at once with a 1200-pixel JPEG, so what remains
/// is the queue, the inputs' reading, the result's storing in every form and the two transactions.
func wearbloomRenderOverhead(runs: Int, postgres: String?) async throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tryon-bench-\(UUID())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let logger = Logger(label: "bench")
  let database = try await Database.open(benchDatabase(postgres, folder: folder), logger: logger)
  let result: Overhead = try await database.withRunningServices { database in
    _ = try await MigrationRunner(
      WardrobeStore.migrations + [
        JobQueue.migration, CreditStore.migration, RenderStore.migration, SubscriptionStore.migration,
      ]
    ).run(on: database.sql, logger: logger)
    let processor = ImageProcessor()
    let image = try await cameraPhoto(processor)
    let result = try await processor.render(
      image, as: [Rendition(longEdge: UploadPolicy.longEdge, format: .jpeg, quality: 84)],
      maximumPixels: UploadPolicy.maximumPixels
    ).values.first!.bytes
    let provider = InstantProvider(result: result)
    let clock = SystemClock()
    let wardrobe = WardrobeService(
      store: WardrobeStore(database: database.sql),
      blobs: LocalBlobStore(root: folder.appendingPathComponent("blobs").path),
      images: processor, remover: LocalBackgroundRemover(images: processor), clock: clock, random: .seeded(1),
      logger: logger)
    let bell = JobBell()
    let tryOn = TryOnService(
      wardrobe: wardrobe, database: database.sql, provider: provider, offered: TryOnSupport(GarmentCategory.allCases),
      clock: clock, random: .seeded(2), logger: logger, bell: bell)
    let worker = JobWorker(
      queue: JobQueue(database: database.sql, clock: clock, random: .seeded(3)),
      kinds: [
        JobKind(TryOnService.renderJob, concurrency: 16, timeout: .seconds(35)) { job in try await tryOn.run(job.key) }
      ], name: "bench", bell: bell, logger: logger)
    let running = Task { try await worker.run() }
    defer { running.cancel() }
    let owner = "0123456789abcdef0123456789abcdef"
    _ = try await wardrobe.setBody(owner: owner, stockID: "figure-balanced")
    _ = try await tryOn.testStorePurchase(by: owner)
    var totals: [Double] = []
    // The first render of each stock garment makes its pictures (kept for the process's life): one
    // round of the eight warms them up, and is not counted.
    let warmUp = 8
    for index in 0..<(runs + warmUp) {
      let render = try await tryOn.request(StockCatalog.garments[index % 8].id, owner: owner)
      var finished = try await tryOn.render(render.id, owner: owner)
      while !finished.status.isFinished {
        try await Task.sleep(for: .milliseconds(1))
        finished = try await tryOn.render(render.id, owner: owner)
      }
      guard finished.status == .completed, let end = finished.finishedAt else { throw ExitCode.refused }
      if index >= warmUp { totals.append(end.timeIntervalSince(finished.createdAt) * 1_000) }
    }
    let spent = provider.spent.seconds.withLock { Array($0.suffix(runs)) }.map { $0 * 1_000 }
    let overheads = zip(totals, spent).map { $0 - $1 }.sorted()
    return Overhead(
      engine: postgres == nil ? "sqlite" : "postgresql", runs: runs,
      overhead_p50_ms: percentile(overheads, 0.5), overhead_p95_ms: percentile(overheads, 0.95),
      provider_p50_ms: percentile(spent.sorted(), 0.5))
  }
  try await database.close()
  try printJSON(result)
}

struct Overhead: Encodable, Sendable {
  let engine: String
  let runs: Int
  let overhead_p50_ms: Double
  let overhead_p95_ms: Double
  let provider_p50_ms: Double
}

struct CreditsThroughput: Encodable, Sendable {
  let engine: String
  let tasks: Int
  let seconds: Double
  let reserve_capture_per_s: Double
  let transactions_per_s: Double
  let ceiling_transactions_per_s: Double
  let ledger_exact: Bool
}

func printJSON(_ value: some Encodable) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// Credits held and spent under load (`orchard-bench wearbloom-credits`): 16 tasks at once, each
/// for its own account, reserving a credit for a render and capturing it, for `seconds`; beside
/// it, in the same run on the same database, the engine's ceiling for one small write
/// transaction at the same concurrency (a counter incremented in its own transaction).
func wearbloomCredits(seconds: Double, postgres: String?) async throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("credits-bench-\(UUID())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let logger = Logger(label: "bench")
  let database = try await Database.open(benchDatabase(postgres, folder: folder), logger: logger)
  let tasks = 16
  let result: CreditsThroughput = try await database.withRunningServices { database in
    let sql = database.sql
    _ = try await MigrationRunner([CreditStore.migration]).run(on: sql, logger: logger)
    let counters = "bench_counters_\(UUID().uuidString.prefix(8).lowercased())"
    try await sql.create(table: counters).column("id", type: .bigint, .primaryKey(autoIncrement: false))
      .column("n", type: .bigint, .notNull).run()
    let store = CreditStore(database: sql, clock: SystemClock())
    let run = UUID().uuidString.prefix(8)
    for task in 0..<tasks {
      try await store.grant(10_000_000, to: "bench-\(run)-\(task)", once: "bench")
      try await sql.insert(into: counters).columns("id", "n").values(SQLBind(Int64(task)), SQLBind(Int64(0))).run()
    }
    func measure(_ body: @escaping @Sendable (Int, Int) async throws -> Void) async throws -> Double {
      let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1_000))
      let started = ContinuousClock.now
      let done = try await withThrowingTaskGroup(of: Int.self) { group in
        for task in 0..<tasks {
          group.addTask {
            var count = 0
            while ContinuousClock.now < deadline {
              try await body(task, count)
              count += 1
            }
            return count
          }
        }
        return try await group.reduce(0, +)
      }
      return Double(done) / (milliseconds(ContinuousClock.now - started) / 1_000)
    }
    let pairs = try await measure { task, count in
      let owner = "bench-\(run)-\(task)"
      _ = try await store.reserve(for: owner, render: "r\(count)")
      try await store.capture(for: owner, render: "r\(count)")
    }
    let ceiling = try await measure { task, _ in
      try await sql.inTransaction { session in
        try await session.update(counters)
          .set("n", to: SQLBinaryExpression(SQLIdentifier("n"), .add, SQLBind(Int64(1))))
          .where("id", .equal, SQLBind(Int64(task))).run()
      }
    }
    // Every balance adds up to its ledger.
    var exact = true
    for task in 0..<tasks {
      let owner = "bench-\(run)-\(task)"
      let ledger = CreditBalance(try await store.entries(of: owner))
      let balance = try await store.balance(of: owner)
      exact = exact && ledger == balance
      try await store.erase(owner)
    }
    try await sql.drop(table: counters).run()
    return CreditsThroughput(
      engine: postgres == nil ? "sqlite" : "postgresql", tasks: tasks, seconds: seconds,
      reserve_capture_per_s: pairs, transactions_per_s: pairs * 2, ceiling_transactions_per_s: ceiling,
      ledger_exact: exact)
  }
  try await database.close()
  try printJSON(result)
}
