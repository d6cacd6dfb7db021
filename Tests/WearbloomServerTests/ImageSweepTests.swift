import Foundation
import Logging
import OrchardBlobs
import OrchardDatabase
import OrchardImages
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// A wardrobe and its sweep over a fresh database and a blob store of its own (a fresh folder, or
/// a fresh bucket), its clock starting at the real time so that files' times and rows' agree.
struct Sweeping {
  let service: WardrobeService
  let sweep: ImageSweep
  let blobs: any BlobStore
  let clock: ManualClock
  let owner = Wardrobe.account()

  static func with(
    _ engine: TestDatabase, blobs kind: StoreKind, _ body: @Sendable (Sweeping) async throws -> Void
  ) async throws {
    try await engine.withFreshDatabase { database in
      let migrations = WardrobeStore.migrations + [RenderStore.migration, JobQueue.migration]
      _ = try await MigrationRunner(migrations).run(on: database.sql, logger: Logger(label: "test"))
      let blobs = try await Self.store(kind)
      let clock = ManualClock(Date())
      let service = WardrobeService(
        store: WardrobeStore(database: database.sql), blobs: blobs, images: ImageProcessor(),
        remover: ScriptedRemover(script: .cutout), clock: clock, random: .seeded(5), logger: Logger(label: "test"))
      let sweep = ImageSweep(
        wardrobe: service, queue: JobQueue(database: database.sql, clock: clock, random: .seeded(6)))
      try await body(Sweeping(service: service, sweep: sweep, blobs: blobs, clock: clock))
    }
  }

  /// The sweep looks at every image under `wearbloom/`, so no other test may share its bucket.
  static func store(_ kind: StoreKind) async throws -> any BlobStore {
    let environment = ProcessInfo.processInfo.environment
    guard kind == .s3, let endpoint = environment["ORCHARD_TEST_S3_ENDPOINT"].flatMap(URL.init(string:)) else {
      return try await kind.make()
    }
    let store = S3BlobStore(
      S3Configuration(
        endpoint: endpoint, region: "us-east-1",
        bucket: "orchard-sweep-" + String(UInt64.random(in: .min ... .max), radix: 36),
        accessKey: environment["ORCHARD_TEST_S3_ACCESS_KEY"] ?? "",
        secretKey: environment["ORCHARD_TEST_S3_SECRET_KEY"] ?? ""))
    try await store.createBucketIfMissing()
    return store
  }

  /// An image stored as an upload stores it (files, then its row), kept by nothing yet.
  func upload(_ kind: ImageKind = .garment) async throws -> ImageReference {
    var generator = SystemRandomNumberGenerator()
    let image = ImageReference(using: &generator)
    try await service.files.store(upload: try await Photos.garment(), as: image, kind: kind, owner: owner)
    try await service.store.insert(image: image, owner: owner, kind: kind, at: clock.now)
    return image
  }

  func files(of image: ImageReference, owner: String? = nil) async throws -> [BlobKey] {
    try await blobs.list(under: BlobKey("wearbloom", owner ?? self.owner, image.value)!)
  }

  /// Moves the clock past the grace period (the files' own times stay real: the sweep's rule
  /// compares them with the clock).
  /// Moves the clock a grace period past the present. Files on disk carry the real time they were
  /// written, which a slow, busy machine may put well after the clock's start, so the period is
  /// counted from whichever is later.
  func passGracePeriod() {
    clock.set(max(clock.now, Date()).addingTimeInterval(OrphanImages.defaultGracePeriod + 60))
  }

  static var cases: [(TestDatabase, StoreKind)] {
    TestDatabase.available.flatMap { engine in StoreKind.available.map { (engine, $0) } }
  }
}

@Suite("Wearbloom's sweep of what crashed uploads leave behind", .timeLimit(.minutes(5)))
struct ImageSweepTests {
  @Test("an image row nothing keeps, older than the grace period, goes with its files", arguments: Sweeping.cases)
  func unkeptRowGoes(_ engine: TestDatabase, _ kind: StoreKind) async throws {
    try await Sweeping.with(engine, blobs: kind) { sweeping in
      let image = try await sweeping.upload()
      #expect(try await !sweeping.files(of: image).isEmpty)
      sweeping.passGracePeriod()
      #expect(try await sweeping.sweep.sweep().rows == 1)
      #expect(try await sweeping.service.store.image(image) == nil)
      #expect(try await sweeping.files(of: image).isEmpty)
    }
  }

  @Test("an image younger than the grace period stays: its upload may still be under way", arguments: Sweeping.cases)
  func youngImageStays(_ engine: TestDatabase, _ kind: StoreKind) async throws {
    try await Sweeping.with(engine, blobs: kind) { sweeping in
      let image = try await sweeping.upload()
      sweeping.clock.advance(by: OrphanImages.defaultGracePeriod - 120)
      #expect(try await sweeping.sweep.sweep() == ImageSweep.Outcome())
      #expect(try await sweeping.service.store.image(image) != nil)
      #expect(try await !sweeping.files(of: image).isEmpty)
    }
  }

  @Test(
    "an image a garment, its cutout, a body photo or a render keeps is never touched, however old",
    arguments: Sweeping.cases)
  func keptImagesStay(_ engine: TestDatabase, _ kind: StoreKind) async throws {
    try await Sweeping.with(engine, blobs: kind) { sweeping in
      let garment = try await sweeping.service.addGarment(
        owner: sweeping.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      #expect(try await sweeping.service.removeBackground(of: garment.id) == .completed)
      let body = try await sweeping.service.setBody(
        owner: sweeping.owner, photo: try await Photos.garment(), declaredType: "image/jpeg")
      let result = try await sweeping.upload(.render)
      try await sweeping.service.store.database.insert(into: RenderStore.renders)
        .columns(
          "id", "owner", "garment", "category", "provider", "preview", "status", "result", "charge",
          "created_at", "updated_at"
        )
        .values(
          SQLBind("render-1"), SQLBind(sweeping.owner), SQLBind(garment.id), SQLBind("tops"), SQLBind("local"),
          SQLBind(Int64(1)), SQLBind("completed"), SQLBind(result.value), SQLBind("free"),
          SQLBind(sweeping.clock.now.timeIntervalSince1970), SQLBind(sweeping.clock.now.timeIntervalSince1970)
        ).run()
      let unkept = try await sweeping.upload()
      let kept =
        try await sweeping.service.garment(garment.id, owner: sweeping.owner).images + [
          try #require(body.ownImage), result,
        ]
      #expect(kept.count == 4)
      sweeping.clock.advance(by: 30 * 86_400)
      #expect(try await sweeping.sweep.sweep() == ImageSweep.Outcome(rows: 1))
      for image in kept {
        #expect(try await sweeping.service.store.image(image) != nil)
        #expect(try await !sweeping.files(of: image).isEmpty)
      }
      #expect(try await sweeping.files(of: unkept).isEmpty)
    }
  }

  @Test("a folder of files with no image row goes once the grace period has passed", arguments: Sweeping.cases)
  func folderWithoutRowGoes(_ engine: TestDatabase, _ kind: StoreKind) async throws {
    try await Sweeping.with(engine, blobs: kind) { sweeping in
      var generator = SystemRandomNumberGenerator()
      let image = ImageReference(using: &generator)
      try await sweeping.service.files.store(
        upload: try await Photos.garment(), as: image, kind: .garment, owner: sweeping.owner)
      #expect(try await sweeping.sweep.sweep() == ImageSweep.Outcome())
      #expect(try await !sweeping.files(of: image).isEmpty)
      sweeping.passGracePeriod()
      #expect(try await sweeping.sweep.sweep() == ImageSweep.Outcome(folders: 1))
      #expect(try await sweeping.files(of: image).isEmpty)
    }
  }

  @Test("a folder under another owner than its row's goes; the row's own folder stays", arguments: Sweeping.cases)
  func copyUnderAnotherOwnerGoes(_ engine: TestDatabase, _ kind: StoreKind) async throws {
    try await Sweeping.with(engine, blobs: kind) { sweeping in
      let garment = try await sweeping.service.addGarment(
        owner: sweeping.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      let other = Wardrobe.account()
      try await sweeping.service.copyFiles(from: sweeping.owner, to: other)
      sweeping.passGracePeriod()
      #expect(try await sweeping.sweep.sweep() == ImageSweep.Outcome(folders: 1))
      #expect(try await sweeping.files(of: garment.image, owner: other).isEmpty)
      #expect(try await !sweeping.files(of: garment.image).isEmpty)
    }
  }

  @Test("the local store's unfinished write goes once the grace period has passed", arguments: TestDatabase.available)
  func unfinishedWriteGoes(_ engine: TestDatabase) async throws {
    try await Sweeping.with(engine, blobs: .local) { sweeping in
      let garment = try await sweeping.service.addGarment(
        owner: sweeping.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      let store = try #require(sweeping.blobs as? LocalBlobStore)
      let folder = store.root + "/wearbloom/\(sweeping.owner)/\(garment.image.value)"
      #expect(FileManager.default.createFile(atPath: folder + "/.tmp-crashed", contents: Data([1, 2, 3])))
      #expect(try await sweeping.sweep.sweep() == ImageSweep.Outcome())
      #expect(FileManager.default.fileExists(atPath: folder + "/.tmp-crashed"))
      sweeping.passGracePeriod()
      #expect(try await sweeping.sweep.sweep() == ImageSweep.Outcome(unfinishedWrites: 1))
      #expect(!FileManager.default.fileExists(atPath: folder + "/.tmp-crashed"))
      #expect(try await !sweeping.files(of: garment.image).isEmpty)
    }
  }

  @Test(
    "every process starting queues the same sweep, and a run queues the next within an interval",
    arguments: TestDatabase.available)
  func oneSweepPerInterval(_ engine: TestDatabase) async throws {
    try await Sweeping.with(engine, blobs: .local) { sweeping in
      try await sweeping.sweep.scheduleAfterStart()
      try await sweeping.sweep.scheduleAfterStart()
      let queued = try await sweeping.sweep.queue.list(kind: ImageSweep.job)
      #expect(queued.count == 1)
      try await sweeping.sweep.run()
      let next = try #require(
        try await sweeping.sweep.queue.list(kind: ImageSweep.job).max { $0.runAfter < $1.runAfter })
      #expect(next.runAfter > sweeping.clock.now)
      // The clock starts at the real time, a fraction of a second in: the next interval's start,
      // read back from the database, is within one interval of it up to a double's rounding.
      #expect(next.runAfter.timeIntervalSince(sweeping.clock.now) <= OrphanImages.interval + 0.001)
    }
  }
}
