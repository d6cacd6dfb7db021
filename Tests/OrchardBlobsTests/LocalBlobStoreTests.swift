import Foundation
import OrchardBlobs
import Testing

@Suite("A local directory store", .timeLimit(.minutes(5)))
struct LocalBlobStoreTests {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("blobs-\(UUID().uuidString)").path

  @Test("a blob is a file under the root, readable by the server's user alone")
  func filesArePrivate() async throws {
    let store = LocalBlobStore(root: root)
    let key = BlobKey("wearbloom", "0123abcd", "photo.jpg")!
    try await store.put(key, bytes: [1, 2, 3], contentType: "image/jpeg")
    let attributes = try FileManager.default.attributesOfItem(atPath: root + "/wearbloom/0123abcd/photo.jpg")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folder = try FileManager.default.attributesOfItem(atPath: root + "/wearbloom/0123abcd")
    #expect((folder[.posixPermissions] as? Int) == 0o700)
  }

  @Test("an unfinished write (a hidden temporary file) is never listed")
  func temporaryFilesAreHidden() async throws {
    let store = LocalBlobStore(root: root)
    let key = BlobKey("wearbloom", "0123abcd", "photo.jpg")!
    try await store.put(key, bytes: [1], contentType: "image/jpeg")
    FileManager.default.createFile(atPath: root + "/wearbloom/0123abcd/.tmp-crashed", contents: Data([7]))
    #expect(try await store.list(under: BlobKey("wearbloom", "0123abcd")!) == [key])
    let entries = try FileManager.default.contentsOfDirectory(atPath: root + "/wearbloom/0123abcd")
    #expect(Set(entries) == ["photo.jpg", ".tmp-crashed"])
  }

  @Test("an unfinished write older than the cutoff is removed; a newer one and every blob stay")
  func staleTemporaryFilesGo() async throws {
    let store = LocalBlobStore(root: root)
    let key = BlobKey("wearbloom", "0123abcd", "image", "full.jpg")!
    try await store.put(key, bytes: [1], contentType: "image/jpeg")
    let folder = root + "/wearbloom/0123abcd/image"
    FileManager.default.createFile(atPath: folder + "/.tmp-crashed", contents: Data([7]))
    FileManager.default.createFile(atPath: folder + "/.tmp-writing", contents: Data([8]))
    let hourAgo = Date().addingTimeInterval(-3_600)
    try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: folder + "/.tmp-crashed")
    try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: folder + "/full.jpg")
    #expect(try await store.deleteUnfinishedWrites(before: Date().addingTimeInterval(-60)) == 1)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["full.jpg", ".tmp-writing"])
    #expect(try await store.get(key) == [1])
  }

  @Test("deleting a user's blobs removes their folder from the disk")
  func deleteAllRemovesTheFolder() async throws {
    let store = LocalBlobStore(root: root)
    try await store.put(BlobKey("wearbloom", "0123abcd", "a", "photo.jpg")!, bytes: [1], contentType: "image/jpeg")
    try await store.deleteAll(under: BlobKey("wearbloom", "0123abcd")!)
    #expect(!FileManager.default.fileExists(atPath: root + "/wearbloom/0123abcd"))
    #expect(FileManager.default.fileExists(atPath: root + "/wearbloom"))
  }
}

@Suite("Blob keys", .timeLimit(.minutes(5)))
struct BlobKeyTests {
  @Test(
    "a key's segments are short, lowercase, and cannot climb, hide or need escaping",
    arguments: ["..", ".", "", ".tmp-1", "A", "a/b", "a b", "é", "a%2e", String(repeating: "a", count: 129), "a\u{0}"])
  func refused(_ segment: String) {
    #expect(BlobKey("wearbloom", segment) == nil)
  }

  @Test(
    "ids, dashes, underscores and extensions make keys", arguments: ["0123abcd", "photo.jpg", "thumb-480.webp", "a_b"])
  func accepted(_ segment: String) {
    #expect(BlobKey("wearbloom", segment)?.description == "wearbloom/" + segment)
  }

  @Test("a listing's path parses back into the key, and nothing else does")
  func paths() {
    #expect(BlobKey(path: "wearbloom/u/photo.jpg") == BlobKey("wearbloom", "u", "photo.jpg"))
    #expect(BlobKey(path: "wearbloom//photo.jpg") == nil)
    #expect(BlobKey(path: "/wearbloom/photo.jpg") == nil)
    #expect(BlobKey(path: "wearbloom/../photo.jpg") == nil)
  }
}

@Suite("S3-compatible storage", .timeLimit(.minutes(5)))
struct S3BlobStoreTests {
  @Test("a request signed with the wrong secret is refused by the store, and says why")
  func wrongSecret() async throws {
    guard let configuration = StoreUnderTest.s3Configuration(secret: "not-the-secret") else { return }
    let store = S3BlobStore(configuration)
    await #expect {
      try await store.put(BlobKey("tests", "refused")!, bytes: [1], contentType: "image/jpeg")
    } throws: { error in
      "\(error)".contains("SignatureDoesNotMatch") || "\(error)".contains("InvalidAccessKeyId")
    }
  }

  @Test("ORCHARD_S3_* chooses object storage; without it blobs live in the data directory")
  func configuration() throws {
    let local = try BlobStores.configured(environment: [:], dataDirectory: "/srv/orchard")
    #expect((local as? LocalBlobStore)?.root == "/srv/orchard/blobs")
    let s3 = try BlobStores.configured(
      environment: [
        "ORCHARD_S3_ENDPOINT": "http://127.0.0.1:8333", "ORCHARD_S3_BUCKET": "photos",
        "ORCHARD_S3_ACCESS_KEY": "a", "ORCHARD_S3_SECRET_KEY": "s",
      ], dataDirectory: "/srv/orchard")
    #expect((s3 as? S3BlobStore)?.configuration.bucket == "photos")
    #expect(throws: S3ConfigurationError.self) {
      try BlobStores.configured(
        environment: ["ORCHARD_S3_ENDPOINT": "http://127.0.0.1:8333"], dataDirectory: "/srv/orchard")
    }
    #expect(throws: S3ConfigurationError.self) {
      try BlobStores.configured(
        environment: [
          "ORCHARD_S3_ENDPOINT": "ftp://x", "ORCHARD_S3_BUCKET": "p", "ORCHARD_S3_ACCESS_KEY": "a",
          "ORCHARD_S3_SECRET_KEY": "s",
        ], dataDirectory: "/srv/orchard")
    }
  }
}
