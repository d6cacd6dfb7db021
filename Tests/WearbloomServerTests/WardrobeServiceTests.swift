import CoreMetrics
import Foundation
import Logging
import OrchardBlobs
import OrchardDatabase
import OrchardIdentity
import OrchardImages
import OrchardJobs
import OrchardKit
import Prometheus
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// A remover that answers as told, counting its calls.
struct ScriptedRemover: BackgroundRemover {
  enum Script: Sendable { case cutout, refuse, fail }
  let script: Script
  var name: String { "scripted" }

  func removeBackground(from photo: [UInt8]) async throws -> RemovalOutcome {
    switch script {
    case .cutout: return .cutout(png: try await Photos.cutout(keeping: 0.5))
    case .refuse: return .refused("SUBJECT_TOO_SMALL")
    case .fail: throw FalError.unavailable(status: 503)
    }
  }
}

/// A wardrobe service over a fresh database and a fresh blob store of one kind.
struct Wardrobe {
  let service: WardrobeService
  let blobs: any BlobStore
  let clock: ManualClock
  /// Two accounts of the test's own, so tests sharing one bucket never see each other's files.
  let owner = Self.account()
  let stranger = Self.account()

  static func account() -> String {
    var generator = SystemRandomNumberGenerator()
    return IdempotencyID(using: &generator).description
  }

  static func with<R: Sendable>(
    _ engine: TestDatabase, blobs kind: StoreKind = .local, remover: ScriptedRemover.Script = .cutout,
    metrics: (any MetricsFactory)? = nil, _ body: @Sendable (Wardrobe) async throws -> R
  ) async throws -> R {
    try await engine.withFreshDatabase { database in
      _ = try await MigrationRunner(WardrobeStore.migrations).run(on: database.sql, logger: Logger(label: "test"))
      let blobs = try await kind.make()
      let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
      let service = WardrobeService(
        store: WardrobeStore(database: database.sql), blobs: blobs, images: ImageProcessor(),
        remover: ScriptedRemover(script: remover), clock: clock, random: .seeded(11), logger: Logger(label: "test"),
        metrics: metrics)
      return try await body(Wardrobe(service: service, blobs: blobs, clock: clock))
    }
  }

  /// Everything stored under an account, in the blob store.
  func files(of owner: String) async throws -> [BlobKey] {
    try await blobs.list(under: BlobKey("wearbloom", owner)!)
  }
}

/// Where the blob files go: a local directory, or the S3 store the test script starts.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case local, s3
  var testDescription: String { rawValue }

  static var available: [StoreKind] {
    ProcessInfo.processInfo.environment["ORCHARD_TEST_S3_ENDPOINT"] == nil ? [.local] : [.local, .s3]
  }

  func make() async throws -> any BlobStore {
    let environment = ProcessInfo.processInfo.environment
    switch self {
    case .local:
      return LocalBlobStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("w-\(UUID())").path)
    case .s3:
      let store = S3BlobStore(
        S3Configuration(
          endpoint: URL(string: environment["ORCHARD_TEST_S3_ENDPOINT"]!)!, region: "us-east-1",
          bucket: "orchard-tests",
          accessKey: environment["ORCHARD_TEST_S3_ACCESS_KEY"] ?? "",
          secretKey: environment["ORCHARD_TEST_S3_SECRET_KEY"] ?? ""))
      try await store.createBucketIfMissing()
      return store
    }
  }
}

@Suite("Wearbloom's wardrobe service", .timeLimit(.minutes(5)))
struct WardrobeServiceTests {
  @Test(
    "a garment photo is stored in every form, listed newest first, its removal pending",
    arguments: TestDatabase.available)
  func upload(_ engine: TestDatabase) async throws {
    try await Wardrobe.with(engine) { wardrobe in
      let photo = try await Photos.garment()
      let first = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: photo, declaredType: "image/jpeg", category: "tops")
      wardrobe.clock.advance(by: 60)
      let second = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: photo, declaredType: "image/jpeg", category: "shoes")
      #expect(first.removalStatus == .pending && first.category == .tops)
      #expect(try await wardrobe.service.ownGarments(of: wardrobe.owner).map(\.id) == [second.id, first.id])
      // The wardrobe shows the stock garments after the account's own.
      let stock = StockCatalog.garments.map(\.id)
      #expect(try await wardrobe.service.garments(of: wardrobe.owner).map(\.id) == [second.id, first.id] + stock)
      #expect(
        try await wardrobe.service.garments(of: wardrobe.owner, category: .shoes).map(\.id) == [
          second.id, "dark-knit-sneakers",
        ])
      let names = Set(try await wardrobe.files(of: wardrobe.owner).map { $0.segments.last! })
      #expect(
        names == ["full.jpeg", "small.webp", "small.jpeg", "large.webp", "large.jpeg"])
      #expect(try await wardrobe.files(of: wardrobe.owner).count == 10)
    }
  }

  @Test("each upload refusal has its code, and nothing is stored for it", arguments: TestDatabase.available)
  func refusals(_ engine: TestDatabase) async throws {
    try await Wardrobe.with(engine) { wardrobe in
      let jpeg = try await Photos.garment()
      let png = try await Photos.cutout(keeping: 0.5)
      let cases: [([UInt8], String?, String?, WardrobeError)] = [
        ([], "image/jpeg", "tops", .missingPhoto),
        (jpeg, "image/jpeg", "hats", .invalidCategory),
        (jpeg, "image/jpeg", nil, .invalidCategory),
        (png, "image/jpeg", "tops", .invalidImageType),
        (jpeg, "application/pdf", "tops", .invalidImageType),
        ([UInt8](repeating: 0xFF, count: 11_000_000), "image/jpeg", "tops", .imageTooLarge),
        (png, "image/png", "tops", .imageTooSmall),
        (Array(jpeg.prefix(40)), "image/jpeg", "tops", .imageUnreadable),
      ]
      for (photo, type, category, code) in cases {
        await #expect(throws: code) {
          try await wardrobe.service.addGarment(
            owner: wardrobe.owner, photo: photo, declaredType: type, category: category)
        }
      }
      #expect(try await wardrobe.files(of: wardrobe.owner).isEmpty)
      #expect(try await wardrobe.service.ownGarments(of: wardrobe.owner).isEmpty)
    }
  }

  @Test(
    "a removal records completed with the cutout, skipped when refused, failed when the remover fails",
    arguments: [
      (ScriptedRemover.Script.cutout, BackgroundRemovalStatus.completed), (.refuse, .skipped), (.fail, .failed),
    ]
  )
  func removal(script: ScriptedRemover.Script, status: BackgroundRemovalStatus) async throws {
    try await Wardrobe.with(.sqlite, remover: script) { wardrobe in
      let garment = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      #expect(try await wardrobe.service.removeBackground(of: garment.id) == status)
      let stored = try await wardrobe.service.garment(garment.id, owner: wardrobe.owner)
      #expect(stored.removalStatus == status)
      #expect((stored.cutout != nil) == (status == .completed))
      #expect(stored.displayImage == (status == .completed ? stored.cutout! : garment.image))
      // A second run changes nothing: the removal is done.
      #expect(try await wardrobe.service.removeBackground(of: garment.id) == nil)
      #expect(try await wardrobe.files(of: wardrobe.owner).count == (status == .completed ? 10 : 5))
    }
  }

  @Test("another account's garment is not found, to read or to delete", arguments: TestDatabase.available)
  func privacy(_ engine: TestDatabase) async throws {
    try await Wardrobe.with(engine) { wardrobe in
      let garment = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "dresses")
      await #expect(throws: WardrobeError.garmentNotFound) {
        try await wardrobe.service.garment(garment.id, owner: wardrobe.stranger)
      }
      await #expect(throws: WardrobeError.garmentNotFound) {
        try await wardrobe.service.deleteGarment(garment.id, owner: wardrobe.stranger)
      }
      #expect(try await wardrobe.service.ownGarments(of: wardrobe.stranger).isEmpty)
      #expect(try await wardrobe.service.ownGarments(of: wardrobe.owner).count == 1)
    }
  }

  @Test("an image is served to its owner only, in WebP or JPEG, and to anyone else it does not exist")
  func images() async throws {
    try await Wardrobe.with(.sqlite) { wardrobe in
      let garment = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      let id = garment.image.value
      let webp = try #require(
        try await wardrobe.service.lookUp(
          image: id, owner: wardrobe.owner, variant: .thumbnailSmall, acceptsWebP: true))
      #expect(webp.form.fileName == "small.webp" && webp.etag == "\"\(id)-thumbnailSmall-webp\"")
      let bytes = try #require(try await wardrobe.service.bytes(of: webp)?.readableBytesView)
      #expect(bytes.dropFirst(8).prefix(4).elementsEqual(Array("WEBP".utf8)))
      let jpeg = try #require(
        try await wardrobe.service.lookUp(image: id, owner: wardrobe.owner, variant: .full, acceptsWebP: true))
      #expect(
        try await wardrobe.service.bytes(of: jpeg)?.readableBytesView.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF])
          == true)
      for variant in ImageVariant.allCases {
        #expect(
          try await wardrobe.service.lookUp(image: id, owner: wardrobe.stranger, variant: variant, acceptsWebP: true)
            == nil)
      }
      #expect(
        try await wardrobe.service.lookUp(
          image: "../../etc/passwd", owner: wardrobe.owner, variant: .full, acceptsWebP: true) == nil)
    }
  }

  @Test("deleting a garment deletes its photo, cutout and thumbnails", arguments: StoreKind.available)
  func deleteGarment(_ kind: StoreKind) async throws {
    try await Wardrobe.with(.sqlite, blobs: kind) { wardrobe in
      let keep = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      let gone = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "bottoms")
      try await wardrobe.service.removeBackground(of: gone.id)
      #expect(try await wardrobe.files(of: wardrobe.owner).count == 15)
      try await wardrobe.service.deleteGarment(gone.id, owner: wardrobe.owner)
      let left = try await wardrobe.files(of: wardrobe.owner)
      #expect(left.count == 5 && left.allSatisfy { $0.segments[2] == keep.image.value })
      await #expect(throws: WardrobeError.garmentNotFound) {
        try await wardrobe.service.deleteGarment(gone.id, owner: wardrobe.owner)
      }
    }
  }

  @Test("the store's growth is counted at /metrics: images stored and their bytes by kind, and images deleted")
  func storageMetrics() async throws {
    let registry = PrometheusCollectorRegistry()
    try await Wardrobe.with(.sqlite, metrics: PrometheusMetricsFactory(registry: registry)) { wardrobe in
      let garment = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      try await wardrobe.service.removeBackground(of: garment.id)
      try await wardrobe.service.deleteGarment(garment.id, owner: wardrobe.owner)
    }
    var buffer: [UInt8] = []
    registry.emit(into: &buffer)
    let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.contains(#"wearbloom_images_stored_total{kind="garment"} 1"#))
    #expect(lines.contains(#"wearbloom_images_stored_total{kind="cutout"} 1"#))
    #expect(lines.contains(#"wearbloom_images_stored_total{kind="body"} 0"#))
    #expect(lines.contains("wearbloom_images_deleted_total 2"))
    let written = lines.first { $0.hasPrefix(#"wearbloom_image_bytes_written_total{kind="garment"} "#) }
    #expect((written?.split(separator: " ").last.flatMap { Int($0) } ?? 0) > 1_000)
  }

  @Test(
    "erasing an account leaves nothing of it, on disk or in S3, and everything of others",
    arguments: StoreKind.available)
  func erase(_ kind: StoreKind) async throws {
    try await Wardrobe.with(.sqlite, blobs: kind) { wardrobe in
      let photo = try await Photos.garment()
      for owner in [wardrobe.owner, wardrobe.stranger] {
        let garment = try await wardrobe.service.addGarment(
          owner: owner, photo: photo, declaredType: "image/jpeg", category: "tops")
        try await wardrobe.service.removeBackground(of: garment.id)
        _ = try await wardrobe.service.setBody(owner: owner, photo: photo, declaredType: "image/jpeg")
      }
      #expect(try await wardrobe.files(of: wardrobe.owner).count == 15)
      try await wardrobe.service.erase(wardrobe.owner)
      #expect(try await wardrobe.files(of: wardrobe.owner).isEmpty)
      #expect(try await wardrobe.service.store.rowCounts(of: wardrobe.owner).values.allSatisfy { $0 == 0 })
      #expect(try await wardrobe.files(of: wardrobe.stranger).count == 15)
      #expect(try await wardrobe.service.body(of: wardrobe.stranger) != nil)
    }
  }

  @Test("a new body photo replaces the old one, whose files are deleted; deleting it needs one")
  func bodyPhoto() async throws {
    try await Wardrobe.with(.sqlite) { wardrobe in
      let photo = try await Photos.garment()
      let first = try await wardrobe.service.setBody(owner: wardrobe.owner, photo: photo, declaredType: "image/jpeg")
      let second = try await wardrobe.service.setBody(owner: wardrobe.owner, photo: photo, declaredType: "image/jpeg")
      #expect(first.ownImage != second.ownImage)
      #expect(try await wardrobe.service.body(of: wardrobe.owner) == second)
      let files = try await wardrobe.files(of: wardrobe.owner)
      #expect(files.count == 5 && files.allSatisfy { $0.segments[2] == second.ownImage?.value })
      try await wardrobe.service.deleteBody(of: wardrobe.owner)
      #expect(try await wardrobe.files(of: wardrobe.owner).isEmpty)
      await #expect(throws: WardrobeError.noBodyPhoto) { try await wardrobe.service.deleteBody(of: wardrobe.owner) }
    }
  }

  @Test("the wardrobe's validator changes when a garment is added or its cutout finishes, and only then")
  func etag() async throws {
    try await Wardrobe.with(.sqlite) { wardrobe in
      let empty = WardrobeService.etag(of: try await wardrobe.service.garments(of: wardrobe.owner))
      let garment = try await wardrobe.service.addGarment(
        owner: wardrobe.owner, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
      let one = WardrobeService.etag(of: try await wardrobe.service.garments(of: wardrobe.owner))
      #expect(one != empty)
      #expect(one == WardrobeService.etag(of: try await wardrobe.service.garments(of: wardrobe.owner)))
      wardrobe.clock.advance(by: 5)
      try await wardrobe.service.removeBackground(of: garment.id)
      #expect(WardrobeService.etag(of: try await wardrobe.service.garments(of: wardrobe.owner)) != one)
    }
  }
}

@Suite("Wearbloom's accounts and the wardrobe", .timeLimit(.minutes(5)))
struct WardrobeAccountTests {
  @Test(
    "an account's export lists its wardrobe, and deleting the account removes every file and row of it",
    arguments: TestDatabase.available)
  func accountData(_ engine: TestDatabase) async throws {
    let hub = try IdentityHub(
      random: .seeded(1),
      hasher: try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(2)))
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("wearbloom-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    var configuration = ServerConfiguration.defaults
    configuration.dataDirectory = data.path
    configuration.rateLimitScale = 100
    let settings = configuration
    let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
    try await engine.withFreshLocation { location in
      try await withTestServer(
        [WearbloomApp(hub: hub, environment: [:])],
        platform: TablesOnlyPlatform(migrations: [JobQueue.migration] + hub.migrations), configuration: settings,
        database: location, clock: clock, random: .seeded(7)
      ) { client, database in
        let api = JSONAPIClient(client: client)
        let signup = try #require(
          try await api.signUpConfirmed(
            at: "/wearbloom/api/v1/auth", email: "ada@example.com", password: "tulip-91 at dawn",
            outbox: database.sql
          ).json)
        let token = try #require(signup["access_token"] as? String)
        let account = try #require((signup["user"] as? [String: Any])?["id"] as? String)
        let blobs = LocalBlobStore(root: data.path + "/blobs")
        let service = WardrobeService(
          store: WardrobeStore(database: database.sql), blobs: blobs, images: ImageProcessor(),
          remover: ScriptedRemover(script: .cutout), clock: clock, random: .seeded(3), logger: Logger(label: "test"))
        let garment = try await service.addGarment(
          owner: account, photo: try await Photos.garment(), declaredType: "image/jpeg", category: "tops")
        try await service.removeBackground(of: garment.id)
        _ = try await service.setBody(owner: account, photo: try await Photos.garment(), declaredType: "image/jpeg")
        let credits = CreditStore(database: database.sql, clock: clock)
        try await credits.grant(3, to: account, once: "welcome")
        _ = try await credits.reserve(for: account, render: "r1")

        let answer = try await api.send(.get, "/wearbloom/api/v1/auth/user/export", token: token)
        let (zip, export) = try #require(answer.exportArchive)
        let wardrobe = try #require((export["apps"] as? [String: Any])?["wardrobe"] as? [String: Any])
        let garments = try #require(wardrobe["garments"] as? [[String: Any]])
        #expect(garments.first?["id"] as? String == garment.id)
        // Every photo is in the archive, in full, at the path the document gives its image.
        let files = try #require(wardrobe["files"] as? [String: String])
        let cutout = try #require(try await service.garment(garment.id, owner: account).cutout)
        let body = try #require(try await service.body(of: account)?.ownImage)
        let kept: [(ImageReference, ImageKind)] = [(garment.image, .garment), (cutout, .cutout), (body, .body)]
        #expect(Set(files.keys) == Set(kept.map(\.0.value)))
        for (image, kind) in kept {
          let path = try #require(files[image.value])
          #expect(zip[path] == (try await service.full(image, kind: kind, owner: account)), "\(path)")
        }
        #expect(files[garment.image.value] == "wardrobe/garments/\(garment.id).jpg")
        #expect(files[cutout.value] == "wardrobe/garments/\(garment.id)-cutout.png")
        #expect(zip.entries.map(\.path).sorted() == (["account.json"] + files.values).sorted())
        // Times are ISO 8601 throughout, the apps' parts included.
        let iso = ISO8601DateFormatter()
        #expect((garments.first?["createdAt"] as? String).flatMap(iso.date(from:)) == clock.now)
        let credit = try #require((wardrobe["credits"] as? [[String: Any]])?.first)
        #expect(credit.values.contains { ($0 as? String).flatMap(iso.date(from:)) == clock.now })
        #expect(
          (wardrobe["credits"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } == ["grant", "reserve"])
        #expect(try await blobs.list(under: BlobKey("wearbloom", account)!).count == 15)

        let registry = try #require(hub.registries["wearbloom"])
        for part in registry.all { try await part.delete(account: account) }
        #expect(try await blobs.list(under: BlobKey("wearbloom", account)!).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: data.path + "/blobs/wearbloom/" + account))
        #expect(try await service.store.rowCounts(of: account).values.allSatisfy { $0 == 0 })
        #expect(try await credits.entries(of: account).isEmpty)
        #expect(try await credits.balance(of: account) == CreditBalance())
      }
    }
  }
}
