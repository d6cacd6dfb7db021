import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import OrchardBlobs
import OrchardDatabase
import OrchardIdentity
import OrchardImages
import OrchardImagesTesting
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// Wearbloom's API over a whole server: accounts, uploads as multipart, the wardrobe, the body
/// photo and the images, each on a fresh database and data directory.
struct WearbloomAPI {
  let api: JSONAPIClient
  let database: Database
  let data: URL
  let clock: ManualClock
  let app: WearbloomApp

  static func with(
    _ engine: TestDatabase = .sqlite, rateLimitScale: Double = 100, environment: [String: String] = [:],
    _ body: @Sendable (WearbloomAPI) async throws -> Void
  ) async throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("wearbloom-api-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    var configuration = ServerConfiguration.defaults
    configuration.dataDirectory = data.path
    configuration.rateLimitScale = rateLimitScale
    let settings = configuration
    let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
    // Each server its own hub: the wardrobe registers its part of each account as it mounts.
    let hub = try IdentityHub(
      random: .seeded(1),
      hasher: try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(2)))
    let app = WearbloomApp(hub: hub, environment: environment)
    try await engine.withFreshLocation { location in
      try await withTestServer(
        [app],
        platform: TablesOnlyPlatform(migrations: [JobQueue.migration] + hub.migrations), configuration: settings,
        database: location, clock: clock, random: .seeded(7)
      ) { client, database in
        try await body(
          WearbloomAPI(api: JSONAPIClient(client: client), database: database, data: data, clock: clock, app: app))
      }
    }
  }

  /// A new account's access token and id.
  func signUp(_ email: String = "ada-\(UUID().uuidString.prefix(8))@example.com") async throws -> (String, String) {
    let answer = try #require(
      try await api.signUpConfirmed(
        at: "/wearbloom/api/v1/auth", email: email, password: "tulip-91 at dawn", outbox: database.sql
      )
      .json)
    let token = try #require(answer["access_token"] as? String)
    let id = try #require((answer["user"] as? [String: Any])?["id"] as? String)
    return (token, id)
  }

  /// A fresh access token for an account `signUp` made (after the clock moved past the last one's life).
  func signIn(_ email: String) async throws -> String {
    let answer = try await api.send(
      .post, "/wearbloom/api/v1/auth/token?grant_type=password", json: ["email": email, "password": "tulip-91 at dawn"])
    return try #require(answer.json?["access_token"] as? String)
  }

  /// One part of a multipart form.
  struct Part {
    let name: String
    var filename: String?
    var type: String?
    let bytes: [UInt8]

    static func photo(_ bytes: [UInt8], type: String? = "image/jpeg") -> Part {
      Part(name: "photo", filename: "photo", type: type, bytes: bytes)
    }

    static func category(_ name: String) -> Part { Part(name: "category", bytes: Array(name.utf8)) }
  }

  /// Sends `parts` as `multipart/form-data`.
  func upload(
    _ method: HTTPRequest.Method = .post, _ path: String = "/wearbloom/api/v1/garments", token: String, _ parts: [Part]
  ) async throws -> JSONAPIClient.Answer {
    let boundary = "orchard-\(UUID().uuidString)"
    var body: [UInt8] = []
    for part in parts {
      var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
      if let filename = part.filename { head += "; filename=\"\(filename)\"" }
      head += "\r\n"
      if let type = part.type { head += "Content-Type: \(type)\r\n" }
      body += Array((head + "\r\n").utf8) + part.bytes + Array("\r\n".utf8)
    }
    body += Array("--\(boundary)--\r\n".utf8)
    let response = try await api.client.execute(
      uri: path, method: method,
      headers: [.authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=\(boundary)"],
      body: ByteBuffer(bytes: body))
    return .init(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
  }

  /// A GET of `path`, with `headers`.
  func get(_ path: String, token: String, headers: HTTPFields = [:]) async throws -> JSONAPIClient.Answer {
    try await api.send(.get, path, token: token, headers: headers)
  }

  /// The wardrobe service over the server's own database and data directory, for what a test does
  /// underneath the API (the removal job's work).
  func service() -> WardrobeService {
    WardrobeService(
      store: WardrobeStore(database: database.sql), blobs: LocalBlobStore(root: data.path + "/blobs"),
      images: ImageProcessor(), remover: ScriptedRemover(script: .cutout), clock: clock, random: .seeded(5),
      logger: Logger(label: "test"))
  }

  /// Runs every job that is due (background removals) to the end, as the platform's worker does,
  /// over the services the server's routes use.
  @discardableResult
  func runJobs() async throws -> Int {
    let services = try #require(app.servicesMade)
    return try await JobWorker(
      queue: services.tryOn.queue, kinds: WearbloomJobs(services: services).kinds, name: "test",
      logger: Logger(label: "test")
    )
    .drain()
  }

  /// Every file of `account`'s in the data directory's store.
  func files(of account: String) async throws -> [BlobKey] {
    try await LocalBlobStore(root: data.path + "/blobs").list(under: BlobKey("wearbloom", account)!)
  }
}

extension JSONAPIClient.Answer {
  var code: String? { json?["code"] as? String }
  var bytes: [UInt8] { [UInt8](body) }

  /// An account export downloaded as a zip: the archive, and its `account.json` read.
  var exportArchive: (zip: ZipReader, json: [String: Any])? {
    guard headers[.contentType] == "application/zip", let zip = ZipReader(bytes),
      let document = zip["account.json"],
      let json = (try? JSONSerialization.jsonObject(with: Data(document))) as? [String: Any]
    else { return nil }
    return (zip, json)
  }
}

@Suite("Wearbloom's API", .timeLimit(.minutes(5)))
struct WearbloomAPITests {
  @Test(
    "a garment's colour is read as it is added; PATCH names it, an empty name takes the guess back, a name too long or holding a line break is refused and changes nothing, and a stock or another's garment is not found"
  )
  func rename() async throws {
    try await WearbloomAPI.with { server in
      let (token, _) = try await server.signUp()
      let created = try await server.upload(token: token, [.photo(try await Photos.garment()), .category("tops")])
      let id = try #require(created.json?["id"] as? String)
      // The photo's garment is a mid blue on a beige wall.
      #expect(created.json?["colour"] as? String == GarmentColour.blue.rawValue)
      #expect(created.json?["name"] == nil)
      let path = "/wearbloom/api/v1/garments/\(id)"
      let renamed = try await server.api.send(.patch, path, token: token, json: ["name": "  Linen shirt "])
      #expect(renamed.status == .ok)
      #expect(renamed.json?["name"] as? String == "Linen shirt")
      #expect(try await server.get(path, token: token).json?["name"] as? String == "Linen shirt")
      let tooLong = String(repeating: "x", count: GarmentName.maximumLength + 1)
      // The contract's limits (40 characters, no control character) are checked before the core's.
      for name in [tooLong, "Linen\nshirt"] {
        let refused = try await server.api.send(.patch, path, token: token, json: ["name": name])
        #expect(refused.status == .badRequest)
        #expect(refused.code == "BAD_REQUEST")
      }
      #expect(try await server.get(path, token: token).json?["name"] as? String == "Linen shirt")
      let cleared = try await server.api.send(.patch, path, token: token, json: ["name": ""])
      #expect(cleared.status == .ok)
      #expect(cleared.json?["name"] == nil)
      #expect(cleared.json?["colour"] as? String == GarmentColour.blue.rawValue)
      let stock = try await server.api.send(
        .patch, "/wearbloom/api/v1/garments/navy-t-shirt", token: token, json: ["name": "Mine"])
      #expect(stock.code == WardrobeError.garmentNotFound.rawValue)
      let (other, _) = try await server.signUp()
      let stranger = try await server.api.send(.patch, path, token: other, json: ["name": "Mine"])
      #expect(stranger.status == .notFound)
    }
  }

  @Test(
    "a photo goes in as multipart and comes back to its owner without its location, in every form, cached and revalidated",
    arguments: TestDatabase.available)
  func uploadAndImages(_ engine: TestDatabase) async throws {
    try await WearbloomAPI.with(engine) { server in
      let (token, account) = try await server.signUp()
      let photo = TestImages.withExif(try await Photos.garment())
      let created = try await server.upload(token: token, [.photo(photo), .category("tops")])
      #expect(created.status == .created)
      let garment = try #require(created.json)
      #expect(garment["backgroundRemoval"] as? String == "pending")
      #expect(garment["stock"] as? Bool == false)
      #expect(created.headers[.cacheControl] == "private, no-store")
      let id = try #require(garment["id"] as? String)

      // Its removal waits in the job queue, stored with it.
      let jobs = try await server.database.sql.select().column("job_key").from("jobs")
        .where("kind", .equal, SQLBind(WardrobeService.removalJob)).all(decoding: KeyRow.self)
      #expect(jobs.map(\.job_key) == [id])

      // The full image: upright (the EXIF said turn a quarter), no EXIF, no GPS.
      let links = try #require(garment["photo"] as? [String: String])
      let full = try await server.get(try #require(links["full"]), token: token)
      #expect(full.status == .ok)
      #expect(full.headers[.contentType] == "image/jpeg")
      #expect(full.headers[.cacheControl] == "private, max-age=31536000, immutable")
      #expect(!full.bytes.contains(Array("Exif".utf8)))
      #expect(!full.bytes.contains(TestImages.be16(0x8825)))
      let size = try await ImageProcessor().size(of: full.bytes)
      #expect(size.width == 300 && size.height == 400)

      // Thumbnails: WebP to a client that takes it, JPEG to one that does not; each revalidates.
      let small = try #require(links["thumbnailSmall"])
      let webp = try await server.get(small, token: token, headers: [.accept: "image/webp,image/*"])
      #expect(webp.headers[.contentType] == "image/webp")
      #expect(!webp.bytes.contains(Array("Exif".utf8)))
      #expect(try await ImageProcessor().size(of: webp.bytes).height == ThumbnailPolicy.smallLongEdge)
      let jpeg = try await server.get(small, token: token, headers: [.accept: "image/jpeg"])
      #expect(jpeg.headers[.contentType] == "image/jpeg")
      let etag = try #require(webp.headers[.eTag])
      #expect(etag != jpeg.headers[.eTag])
      let again = try await server.get(small, token: token, headers: [.accept: "image/webp", .ifNoneMatch: etag])
      #expect(again.status == .notModified)
      #expect(again.body.isEmpty)
      #expect(
        try await server.get(small, token: token, headers: [.accept: "application/json"]).status == .notAcceptable)

      // The wardrobe: own first, then the stock; revalidated by its ETag until the cutout lands.
      let list = try await server.get("/wearbloom/api/v1/garments", token: token)
      let listed = try #require(list.json?["garments"] as? [[String: Any]])
      #expect(listed.compactMap { $0["id"] as? String } == [id] + StockCatalog.garments.map(\.id))
      #expect(list.headers[.cacheControl] == "private, no-cache")
      let listTag = try #require(list.headers[.eTag])
      let unchanged = try await server.get("/wearbloom/api/v1/garments", token: token, headers: [.ifNoneMatch: listTag])
      #expect(unchanged.status == .notModified)

      // The platform's worker runs the removal: the local remover cuts the garment out.
      #expect(try await server.runJobs() == 1)
      let changed = try await server.get("/wearbloom/api/v1/garments", token: token, headers: [.ifNoneMatch: listTag])
      #expect(changed.status == .ok)
      let done = try #require(try await server.get("/wearbloom/api/v1/garments/\(id)", token: token).json)
      #expect(done["backgroundRemoval"] as? String == "completed")
      let cutout = try #require((done["image"] as? [String: String])?["full"])
      #expect(cutout != links["full"])
      #expect(try await server.get(cutout, token: token).headers[.contentType] == "image/png")

      // Removing the garment removes every file of it.
      #expect(try await server.files(of: account).count == 10)
      #expect(try await server.api.send(.delete, "/wearbloom/api/v1/garments/\(id)", token: token).status == .noContent)
      #expect(try await server.files(of: account).isEmpty)
      let gone = try await server.get("/wearbloom/api/v1/garments/\(id)", token: token)
      #expect(gone.status == .notFound && gone.code == "GARMENT_NOT_FOUND")
      #expect(try await server.get(try #require(links["full"]), token: token).status == .notFound)
      // Its thumbnail, remembered since it was served, is forgotten with it.
      #expect(try await server.get(small, token: token, headers: [.accept: "image/webp"]).status == .notFound)
    }
  }

  @Test("the list and the images answered before the OpenAPI layer are the generated handlers' answers")
  func rememberedAnswers() async throws {
    try await WearbloomAPI.with { server in
      let (token, _) = try await server.signUp()
      let photo = try await Photos.garment()
      for category in ["tops", "shoes"] {
        #expect(try await server.upload(token: token, [.photo(photo), .category(category)]).status == .created)
      }
      try await server.runJobs()
      // A query item the fast path does not know sends the request on to the generated handler.
      for (fast, generated) in [
        ("/wearbloom/api/v1/garments", "/wearbloom/api/v1/garments?page=1"),
        ("/wearbloom/api/v1/garments?category=shoes", "/wearbloom/api/v1/garments?category=shoes&page=1"),
      ] {
        let a = try await server.get(fast, token: token)
        let b = try await server.get(generated, token: token)
        #expect(a.status == .ok && b.status == .ok)
        #expect(NSDictionary(dictionary: try #require(a.json)) == NSDictionary(dictionary: try #require(b.json)))
        for field in [HTTPField.Name.contentType, .cacheControl, .eTag] {
          #expect(a.headers[field] == b.headers[field], "\(fast) \(field)")
        }
        let revalidated = try await server.get(
          fast, token: token, headers: [.ifNoneMatch: try #require(a.headers[.eTag])])
        #expect(revalidated.status == .notModified)
      }
      let listed = try #require(try await server.get("/wearbloom/api/v1/garments", token: token).json?["garments"])
      let first = try #require((listed as? [[String: Any]])?.first?["image"] as? [String: String])
      for path in [first["full"], first["thumbnailSmall"], first["thumbnailLarge"]].compactMap({ $0 }) {
        for accept in ["image/webp,image/*", "image/jpeg", "*/*"] {
          let separator = path.contains("?") ? "&" : "?"
          let a = try await server.get(path, token: token, headers: [.accept: accept])
          let b = try await server.get(path + separator + "page=1", token: token, headers: [.accept: accept])
          // A cutout's full form is a PNG: refused (406) to a client that takes only JPEG, either way.
          #expect(a.status == b.status, "\(path) \(accept)")
          #expect(a.status != .ok || a.body == b.body, "\(path) \(accept)")
          #expect(a.status == (accept == "image/jpeg" && !path.contains("variant") ? .notAcceptable : .ok))
          for field in [HTTPField.Name.contentType, .cacheControl, .eTag, .vary] {
            #expect(a.headers[field] == b.headers[field], "\(path) \(accept) \(field)")
          }
        }
      }
    }
  }

  @Test("a HEIC photo from an iPhone is taken, and stored as JPEG and WebP")
  func heic() async throws {
    try await WearbloomAPI.with { server in
      let (token, _) = try await server.signUp()
      let photo = try await TestImages.photo(width: 640, height: 480, format: .heic)
      let created = try await server.upload(token: token, [.photo(photo, type: "image/heic"), .category("bottoms")])
      #expect(created.status == .created)
      let full = try #require((created.json?["photo"] as? [String: String])?["full"])
      #expect(try await server.get(full, token: token).headers[.contentType] == "image/jpeg")
    }
  }

  @Test("each refused upload has its code and status, and nothing of it is stored")
  func refusals() async throws {
    try await WearbloomAPI.with { server in
      let (token, account) = try await server.signUp()
      let jpeg = try await TestImages.photo(width: 640, height: 480, format: .jpeg)
      let png = try await TestImages.photo(width: 640, height: 480, format: .png)
      let cases: [(String, [WearbloomAPI.Part], HTTPResponse.Status, String)] = [
        (
          "a PNG declared as JPEG", [.photo(png, type: "image/jpeg"), .category("tops")], .unsupportedMediaType,
          "INVALID_IMAGE_TYPE"
        ),
        (
          "a photo with no type", [.photo(jpeg, type: nil), .category("tops")], .unsupportedMediaType,
          "INVALID_IMAGE_TYPE"
        ),
        (
          "a PDF", [.photo(Array("%PDF-1.7\n".utf8), type: "application/pdf"), .category("tops")],
          .unsupportedMediaType, "INVALID_IMAGE_TYPE"
        ),
        ("no photo", [.category("tops")], .badRequest, "MISSING_PHOTO"),
        ("an empty photo", [.photo([]), .category("tops")], .badRequest, "MISSING_PHOTO"),
        ("no category", [.photo(jpeg)], .badRequest, "INVALID_CATEGORY"),
        ("a category that is not one", [.photo(jpeg), .category("hats")], .badRequest, "INVALID_CATEGORY"),
        (
          "a 1×1 photo", [.photo(try await TestImages.photo(width: 1, height: 1, format: .jpeg)), .category("tops")],
          .unprocessableContent, "IMAGE_TOO_SMALL"
        ),
        (
          "a photo cut short", [.photo(Array(jpeg.prefix(300))), .category("tops")], .unprocessableContent,
          "IMAGE_UNREADABLE"
        ),
        (
          "a 20,000 × 20,000 PNG bomb",
          [.photo(DecompressionBomb.png(side: 20_000), type: "image/png"), .category("tops")],
          .contentTooLarge, "IMAGE_TOO_LARGE"
        ),
      ]
      for (name, parts, status, code) in cases {
        let answer = try await server.upload(token: token, parts)
        #expect(answer.status == status, "\(name)")
        #expect(answer.code == code, "\(name)")
        #expect(answer.headers[.contentType] == "application/problem+json", "\(name)")
      }
      #expect(try await server.files(of: account).isEmpty)
      let own = try await server.service().ownGarments(of: account)
      #expect(own.isEmpty)
    }
  }

  @Test("a form that is not well formed is 400, never a 5xx; a part the call does not take is read past")
  func malformedForms() async throws {
    try await WearbloomAPI.with { server in
      let (token, _) = try await server.signUp()
      for body in ["--b\r\n[]--b--\r\n", "--b\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nabc", "nothing"]
      {
        let answer = try await server.api.send(
          .post, "/wearbloom/api/v1/garments", token: token,
          headers: [.contentType: "multipart/form-data; boundary=b"], rawBody: body)
        #expect(answer.status == .badRequest, "\(body)")
        #expect(answer.code == "BAD_REQUEST", "\(body)")
      }
      let jpeg = try await TestImages.photo(width: 640, height: 480, format: .jpeg)
      let extra = WearbloomAPI.Part(name: "note", bytes: Array("from the shop".utf8))
      let answer = try await server.upload(token: token, [extra, .photo(jpeg), .category("outerwear")])
      #expect(answer.status == .created)
    }
  }

  @Test("an 11 MB upload is 413 before it is read; a 10.5 MB photo inside the limit is IMAGE_TOO_LARGE")
  func tooLarge() async throws {
    try await WearbloomAPI.with { server in
      let (token, account) = try await server.signUp()
      let eleven = [UInt8]([0xFF, 0xD8, 0xFF]) + [UInt8](repeating: 7, count: 11_000_000)
      let answer = try await server.upload(token: token, [.photo(eleven), .category("tops")])
      #expect(answer.status == .contentTooLarge)
      #expect(answer.code == "PAYLOAD_TOO_LARGE")
      let over = [UInt8]([0xFF, 0xD8, 0xFF]) + [UInt8](repeating: 7, count: UploadPolicy.maximumBytes)
      let photo = try await server.upload(token: token, [.photo(over), .category("tops")])
      #expect(photo.status == .contentTooLarge)
      #expect(photo.code == "IMAGE_TOO_LARGE")
      #expect(try await server.files(of: account).isEmpty)
      // A JSON call keeps its own limit of 1 MiB.
      let big = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: token, headers: [.contentType: "application/json"],
        rawBody: "{\"stockId\": \"" + String(repeating: "a", count: 2_000_000) + "\"}")
      #expect(big.status == .contentTooLarge)
    }
  }

  @Test("images, garments and the body photo of one account do not exist for another; stock is everyone's")
  func privacy() async throws {
    try await WearbloomAPI.with { server in
      let (owner, account) = try await server.signUp()
      let (stranger, _) = try await server.signUp()
      let jpeg = try await TestImages.photo(width: 640, height: 480, format: .jpeg)
      let garment = try #require(try await server.upload(token: owner, [.photo(jpeg), .category("dresses")]).json)
      let id = try #require(garment["id"] as? String)
      try await server.service().removeBackground(of: id)
      let body = try #require(
        try await server.upload(.put, "/wearbloom/api/v1/body-photo", token: owner, [.photo(jpeg)]).json)
      let done = try #require(try await server.get("/wearbloom/api/v1/garments/\(id)", token: owner).json)
      // Every kind of image: the garment's photo, its cutout, the body photo; every form of each.
      let images = [done["photo"], done["image"], body["image"]].compactMap { $0 as? [String: String] }
      #expect(Set(images.compactMap { $0["id"] }).count == 3)
      for links in images {
        for variant in ["full", "thumbnailSmall", "thumbnailLarge"] {
          let path = try #require(links[variant])
          #expect(try await server.get(path, token: owner).status == .ok, "\(path)")
          let hidden = try await server.get(path, token: stranger)
          #expect(hidden.status == .notFound, "\(path)")
          #expect(hidden.code == "NOT_FOUND")
          #expect(try await server.api.send(.get, path).status == .unauthorized)
        }
      }
      #expect(try await server.get("/wearbloom/api/v1/garments/\(id)", token: stranger).code == "GARMENT_NOT_FOUND")
      let delete = try await server.api.send(.delete, "/wearbloom/api/v1/garments/\(id)", token: stranger)
      #expect(delete.code == "GARMENT_NOT_FOUND")
      #expect(try await server.get("/wearbloom/api/v1/body-photo", token: stranger).code == "NO_BODY_PHOTO")
      #expect(try await server.get("/wearbloom/api/v1/images/../../etc/passwd", token: owner).status == .notFound)
      #expect(try await server.files(of: account).count == 15)

      // A stock garment: opened by anyone, removed by no one, its picture served to all.
      let stock = try #require(try await server.get("/wearbloom/api/v1/garments/navy-t-shirt", token: stranger).json)
      #expect(stock["stock"] as? Bool == true)
      #expect(stock["label"] as? String == "Navy T-Shirt")
      let picture = try #require((stock["image"] as? [String: String])?["full"])
      let png = try await server.get(picture, token: stranger)
      #expect(png.headers[.contentType] == "image/png")
      #expect(png.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      let removal = try await server.api.send(.delete, "/wearbloom/api/v1/garments/navy-t-shirt", token: owner)
      #expect(removal.code == "GARMENT_NOT_FOUND")
    }
  }

  @Test("the body photo: none at first, a stock figure, then one's own replacing it, then none again")
  func bodyPhoto() async throws {
    try await WearbloomAPI.with { server in
      let (token, account) = try await server.signUp()
      #expect(try await server.get("/wearbloom/api/v1/body-photo", token: token).code == "NO_BODY_PHOTO")
      let unknown = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: token, json: ["stockId": "navy-t-shirt"])
      #expect(unknown.status == .notFound && unknown.code == "STOCK_ITEM_NOT_FOUND")

      let figure = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: token, json: ["stockId": "figure-curvy"])
      #expect(figure.status == .ok)
      #expect(figure.json?["source"] as? String == "stock")
      #expect(figure.json?["stockId"] as? String == "figure-curvy")
      let drawn = try #require((figure.json?["image"] as? [String: String])?["full"])
      #expect(try await server.get(drawn, token: token).headers[.contentType] == "image/jpeg")
      #expect(try await server.files(of: account).isEmpty)

      let jpeg = try await TestImages.photo(width: 640, height: 480, format: .jpeg)
      let own = try await server.upload(.put, "/wearbloom/api/v1/body-photo", token: token, [.photo(jpeg)])
      #expect(own.status == .ok)
      #expect(own.json?["source"] as? String == "own")
      #expect(try await server.files(of: account).count == 5)
      let replaced = try await server.upload(.put, "/wearbloom/api/v1/body-photo", token: token, [.photo(jpeg)])
      #expect(replaced.json?["image"] as? [String: String] != own.json?["image"] as? [String: String])
      #expect(try await server.files(of: account).count == 5)
      let missing = try await server.upload(.put, "/wearbloom/api/v1/body-photo", token: token, [])
      #expect(missing.code == "MISSING_PHOTO")

      #expect(try await server.api.send(.delete, "/wearbloom/api/v1/body-photo", token: token).status == .noContent)
      #expect(try await server.files(of: account).isEmpty)
      #expect(try await server.get("/wearbloom/api/v1/body-photo", token: token).code == "NO_BODY_PHOTO")
      #expect(try await server.api.send(.delete, "/wearbloom/api/v1/body-photo", token: token).code == "NO_BODY_PHOTO")
    }
  }

  @Test("categories say where try-on is offered; stock lists nine garments and the figures, each drawable")
  func categoriesAndStock() async throws {
    try await WearbloomAPI.with { server in
      let (token, _) = try await server.signUp()
      let categories = try #require(
        try await server.get("/wearbloom/api/v1/categories", token: token).json?["categories"] as? [[String: Any]])
      #expect(categories.compactMap { $0["id"] as? String } == GarmentCategory.allCases.map(\.rawValue))
      #expect(categories.filter { $0["tryOn"] as? Bool == false }.compactMap { $0["id"] as? String } == ["shoes"])

      let items = try #require(
        try await server.get("/wearbloom/api/v1/stock", token: token).json?["items"] as? [[String: Any]])
      #expect(items.compactMap { $0["id"] as? String } == StockCatalog.all.map(\.id))
      #expect(items.filter { $0["kind"] as? String == "garment" }.count == 9)
      for item in items {
        let url = try #require(item["imageUrl"] as? String)
        #expect(try await server.get(url, token: token).status == .ok, "\(url)")
      }
      let filtered = try await server.get("/wearbloom/api/v1/garments?category=hats", token: token)
      #expect(filtered.status == .badRequest && filtered.code == "BAD_REQUEST")
      #expect((filtered.json?["problems"] as? [[String: Any]])?.first?["field"] as? String == "category")
      let shoes = try #require(
        try await server.get("/wearbloom/api/v1/garments?category=shoes", token: token).json?["garments"]
          as? [[String: Any]])
      #expect(shoes.compactMap { $0["id"] as? String } == ["dark-knit-sneakers"])
    }
  }

  @Test("the 21st photo in a minute is 429 TOO_MANY_REQUESTS with Retry-After, and the minute after is fine")
  func rateLimit() async throws {
    try await WearbloomAPI.with(rateLimitScale: 1) { server in
      let (token, _) = try await server.signUp()
      let jpeg = try await TestImages.photo(width: 300, height: 300, format: .jpeg)
      // Refused uploads count too: each one is work the server did.
      for _ in 0..<UploadPolicy.uploadsPerMinute {
        #expect(try await server.upload(token: token, [.photo(jpeg), .category("hats")]).code == "INVALID_CATEGORY")
      }
      let limited = try await server.upload(token: token, [.photo(jpeg), .category("tops")])
      #expect(limited.status == .tooManyRequests)
      #expect(limited.code == "TOO_MANY_REQUESTS")
      #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
      let (other, _) = try await server.signUp()
      #expect(try await server.upload(token: other, [.photo(jpeg), .category("tops")]).status == .created)
      server.clock.advance(by: 60)
      #expect(try await server.upload(token: token, [.photo(jpeg), .category("tops")]).status == .created)
    }
  }
}

private struct KeyRow: Decodable {
  let job_key: String
}

@Suite("What the remembered answers read from a request", .timeLimit(.minutes(5)))
struct RememberedWardrobeParsingTests {
  @Test("Accept's media ranges, without parameters or spaces, lowercased")
  func accepted() {
    #expect(RememberedWardrobe.accepted(nil) == [])
    #expect(
      RememberedWardrobe.accepted(" image/WebP ; q=0.9,image/*;q=0.8 , */*") == ["image/webp", "image/*", "*/*"])
    #expect(RememberedWardrobe.accepted(",, ;q=1") == [])
  }

  @Test("a query of exactly the one item a call takes, its value letters only; anything else goes on")
  func only() {
    #expect(RememberedWardrobe.only("variant", in: nil) == .some(nil))
    #expect(RememberedWardrobe.only("variant", in: "") == .some(nil))
    #expect(RememberedWardrobe.only("variant", in: "variant=thumbnailSmall") == .some("thumbnailSmall"))
    for query in ["variant=", "variant=full&page=1", "variants=full", "page=1", "variant=full%20", "variant=é"] {
      #expect(RememberedWardrobe.only("variant", in: query) == nil, "\(query)")
    }
  }
}
