import Foundation
import OrchardBlobs
import Testing

/// The stores the suite runs against: a local directory always, and the S3-compatible store the
/// test script starts (SeaweedFS) when `ORCHARD_TEST_S3_ENDPOINT` names it. The same tests, word
/// for word, for both.
enum StoreUnderTest: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case local, s3

  var testDescription: String { rawValue }

  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  static var available: [StoreUnderTest] {
    environment["ORCHARD_TEST_S3_ENDPOINT"] == nil ? [.local] : [.local, .s3]
  }

  static func s3Configuration(secret: String? = nil) -> S3Configuration? {
    guard let endpoint = environment["ORCHARD_TEST_S3_ENDPOINT"].flatMap(URL.init(string:)) else { return nil }
    return S3Configuration(
      endpoint: endpoint, region: "us-east-1", bucket: "orchard-tests",
      accessKey: environment["ORCHARD_TEST_S3_ACCESS_KEY"] ?? "",
      secretKey: secret ?? environment["ORCHARD_TEST_S3_SECRET_KEY"] ?? "")
  }

  /// A fresh store, and a prefix no other test writes under.
  func make(deleteBatch: Int = 1000) async throws -> (store: any BlobStore, prefix: BlobKey) {
    let prefix = BlobKey("tests", String(UInt64.random(in: .min ... .max), radix: 36))!
    switch self {
    case .local:
      let root = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)").path
      return (LocalBlobStore(root: root), prefix)
    case .s3:
      let store = S3BlobStore(Self.s3Configuration()!, deleteBatch: deleteBatch)
      try await store.createBucketIfMissing()
      return (store, prefix)
    }
  }
}

@Suite("Blob stores: a local directory and S3-compatible storage, the same tests", .timeLimit(.minutes(5)))
struct BlobStoreTests {
  @Test("S3 runs too when the test script asks for it")
  func s3IsThereWhenRequired() {
    if StoreUnderTest.environment["ORCHARD_TEST_REQUIRE_S3"] == "1" {
      #expect(StoreUnderTest.available.contains(.s3), "ORCHARD_TEST_REQUIRE_S3=1 but the S3 store did not start")
    }
  }

  @Test("what is put is got back, byte for byte, and a missing key is nil", arguments: StoreUnderTest.available)
  func roundTrip(_ kind: StoreUnderTest) async throws {
    let (store, prefix) = try await kind.make()
    let key = prefix.appending("photo.jpg")!
    let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    try await store.put(key, bytes: bytes, contentType: "image/jpeg")
    #expect(try await store.get(key) == bytes)
    #expect(try await store.get(prefix.appending("other.jpg")!) == nil)
    #expect(try await store.get(prefix.appending("photo.jpg")!.appending("below")!) == nil)
    _ = try await store.deleteAll(under: prefix)
  }

  @Test("an empty blob and a 6 MiB one both come back whole", arguments: StoreUnderTest.available)
  func sizes(_ kind: StoreUnderTest) async throws {
    let (store, prefix) = try await kind.make()
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let large = (0..<(6 << 20)).map { _ in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state)
    }
    try await store.put(prefix.appending("empty")!, bytes: [], contentType: "application/octet-stream")
    try await store.put(prefix.appending("large")!, bytes: large, contentType: "application/octet-stream")
    #expect(try await store.get(prefix.appending("empty")!) == [])
    #expect(try await store.get(prefix.appending("large")!) == large)
    _ = try await store.deleteAll(under: prefix)
  }

  @Test("a put replaces what was there", arguments: StoreUnderTest.available)
  func replace(_ kind: StoreUnderTest) async throws {
    let (store, prefix) = try await kind.make()
    let key = prefix.appending("body.jpg")!
    try await store.put(key, bytes: [1, 2, 3], contentType: "image/jpeg")
    try await store.put(key, bytes: [4, 5], contentType: "image/jpeg")
    #expect(try await store.get(key) == [4, 5])
    #expect(try await store.list(under: prefix) == [key])
    _ = try await store.deleteAll(under: prefix)
  }

  @Test("a delete removes the blob, and deleting it again is fine", arguments: StoreUnderTest.available)
  func delete(_ kind: StoreUnderTest) async throws {
    let (store, prefix) = try await kind.make()
    let key = prefix.appending("cutout.png")!
    try await store.put(key, bytes: [9], contentType: "image/png")
    try await store.delete(key)
    #expect(try await store.get(key) == nil)
    try await store.delete(key)
    #expect(try await store.list(under: prefix).isEmpty)
  }

  @Test(
    "a listing holds exactly the keys under the prefix, not a neighbour whose name starts the same",
    arguments: StoreUnderTest.available)
  func listing(_ kind: StoreUnderTest) async throws {
    let (store, prefix) = try await kind.make()
    let mine = prefix.appending("user-1")!
    let neighbour = prefix.appending("user-10")!
    let keys = [
      mine.appending("a.jpg")!, mine.appending("garments")!.appending("b.png")!,
      mine.appending("garments")!.appending("c.webp")!,
    ]
    for key in keys + [neighbour.appending("d.jpg")!] {
      try await store.put(key, bytes: Array(key.description.utf8), contentType: "image/jpeg")
    }
    #expect(Set(try await store.list(under: mine)) == Set(keys))
    #expect(try await store.list(under: prefix.appending("nobody")!).isEmpty)
    _ = try await store.deleteAll(under: prefix)
  }

  @Test(
    "deleting everything under a user leaves nothing of theirs and everything of others",
    arguments: StoreUnderTest.available)
  func deleteAll(_ kind: StoreUnderTest) async throws {
    let (store, prefix) = try await kind.make(deleteBatch: 3)
    let leaving = prefix.appending("leaving")!
    let staying = prefix.appending("staying")!
    let theirs = (0..<7).map { leaving.appending("g\($0).png")! }
    for key in theirs { try await store.put(key, bytes: [1], contentType: "image/png") }
    try await store.put(staying.appending("g.png")!, bytes: [2], contentType: "image/png")
    #expect(try await store.list(under: leaving).count == 7)
    #expect(try await store.deleteAll(under: leaving) == 7)
    #expect(try await store.list(under: leaving).isEmpty)
    for key in theirs { #expect(try await store.get(key) == nil) }
    #expect(try await store.get(staying.appending("g.png")!) == [2])
    #expect(try await store.deleteAll(under: leaving) == 0)
    _ = try await store.deleteAll(under: prefix)
  }

  @Test("a listing with times names every key under the prefix, written about now", arguments: StoreUnderTest.available)
  func entriesCarryTheirTimes(_ kind: StoreUnderTest) async throws {
    let (store, prefix) = try await kind.make()
    let before = Date().addingTimeInterval(-120)
    let keys = [prefix.appending("a")!.appending("full.jpg")!, prefix.appending("b")!.appending("thumb.webp")!]
    for key in keys { try await store.put(key, bytes: [1, 2], contentType: "image/jpeg") }
    let entries = try await store.entries(under: prefix)
    #expect(Set(entries.map(\.key)) == Set(keys))
    #expect(entries.allSatisfy { $0.modified > before && $0.modified < Date().addingTimeInterval(120) })
    #expect(try await store.entries(under: prefix.appending("none")!).isEmpty)
    _ = try await store.deleteAll(under: prefix)
  }

  @Test("many writers to one key leave one of their versions whole", arguments: StoreUnderTest.available)
  func concurrentWrites(_ kind: StoreUnderTest) async throws {
    let (store, prefix) = try await kind.make()
    let key = prefix.appending("photo.jpg")!
    let versions = (0..<8).map { version in [UInt8](repeating: UInt8(version), count: 200_000) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for bytes in versions { group.addTask { try await store.put(key, bytes: bytes, contentType: "image/jpeg") } }
      try await group.waitForAll()
    }
    let stored = try #require(try await store.get(key))
    #expect(versions.contains(stored))
    #expect(try await store.list(under: prefix) == [key])
    _ = try await store.deleteAll(under: prefix)
  }
}
