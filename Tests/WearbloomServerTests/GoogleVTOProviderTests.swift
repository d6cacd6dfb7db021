import Crypto
import Foundation
import Hummingbird
import JWTKit
import NIOCore
import OrchardImagesTesting
import OrchardKit
import ServerKitTesting
import Synchronization
import Testing
import WearbloomCore
import _CryptoExtras

@testable import WearbloomServer

/// Google's OAuth token endpoint and Vertex AI's `virtual-try-on-001:predict` on loopback, as
/// Google documents them: a token for a service account's RS256 assertion, then a prediction
/// with the image in base64, or a safety filter's reason.
final class FakeGoogle: Sendable {
  enum Scenario: Sendable { case succeeds, unavailableOnce, rejects, filtered, slow, malformed }

  struct Seen: Sendable {
    var tokens = 0
    var predictions = 0
    var bodies: [String] = []
    var refusedAssertions = 0
  }

  let port: Int
  let key: _RSA.Signing.PrivateKey
  private let task: Task<Void, any Error>
  private let box: Box

  final class Box: Sendable { let seen = Mutex(Seen()) }

  var observed: Seen { box.seen.withLock { $0 } }

  /// One service account key for every fake: making an RSA key takes a good part of a second.
  static let serviceAccountKey = Result { try _RSA.Signing.PrivateKey(keySize: .bits2048) }

  static func start(_ scenario: Scenario, result: [UInt8]) async throws -> FakeGoogle {
    let key = try Self.serviceAccountKey.get()
    let box = Box()
    let verifier = await JWTKeyCollection().add(
      rsa: try Insecure.RSA.PublicKey(pem: key.publicKey.pemRepresentation), digestAlgorithm: .sha256)
    let router = Router()
    router.post("token") { request, _ -> Response in
      let form = String(buffer: try await request.body.collect(upTo: 1 << 16))
      let fields = Dictionary(
        form.split(separator: "&").map { pair -> (String, String) in
          let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
          return (parts[0], parts.count > 1 ? parts[1].removingPercentEncoding ?? "" : "")
        }, uniquingKeysWith: { $1 })
      guard fields["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer", let assertion = fields["assertion"],
        let claims = try? await verifier.verify(assertion, as: GoogleVTOProvider.Assertion.self),
        claims.scope == "https://www.googleapis.com/auth/cloud-platform",
        claims.iss == "vto@test.iam.gserviceaccount.com"
      else {
        box.seen.withLock { $0.refusedAssertions += 1 }
        return json(#"{"error":"invalid_grant"}"#, .badRequest)
      }
      let count = box.seen.withLock { seen in
        seen.tokens += 1
        return seen.tokens
      }
      return json(#"{"access_token":"ya29.test-\#(count)","expires_in":3599,"token_type":"Bearer"}"#, .ok)
    }
    router.post("v1/projects/orchard-test/locations/us-central1/publishers/google/models/virtual-try-on-001:predict") {
      request, _ -> Response in
      guard request.headers[.authorization]?.hasPrefix("Bearer ya29.test-") == true else {
        return json(#"{"error":{"code":401,"status":"UNAUTHENTICATED"}}"#, .unauthorized)
      }
      let body = String(buffer: try await request.body.collect(upTo: 32 << 20))
      let count = box.seen.withLock { seen in
        seen.predictions += 1
        seen.bodies.append(body)
        return seen.predictions
      }
      switch scenario {
      case .unavailableOnce where count == 1:
        return json(#"{"error":{"code":503,"status":"UNAVAILABLE"}}"#, .serviceUnavailable)
      case .rejects: return json(#"{"error":{"code":400,"status":"INVALID_ARGUMENT"}}"#, .badRequest)
      case .filtered: return json(#"{"predictions":[{"raiFilteredReason":"Filtered: person under 18"}]}"#, .ok)
      case .malformed: return json(#"{"predictions":[{"mimeType":"image/jpeg"}]}"#, .ok)
      case .slow:
        try await Task.sleep(for: .seconds(5))
        fallthrough
      default:
        let image = Data(result).base64EncodedString()
        return json(#"{"predictions":[{"mimeType":"image/jpeg","bytesBase64Encoded":"\#(image)"}]}"#, .ok)
      }
    }
    let (port, task) = try await LoopbackServer.start(router)
    return FakeGoogle(port: port, key: key, task: task, box: box)
  }

  private init(port: Int, key: _RSA.Signing.PrivateKey, task: Task<Void, any Error>, box: Box) {
    self.port = port
    self.key = key
    self.task = task
    self.box = box
  }

  deinit { task.cancel() }

  /// The environment pointing the provider here, with a service account key file written for it.
  func environment() throws -> [String: String] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sa-\(UUID()).json")
    let account: [String: String] = [
      "type": "service_account", "client_email": "vto@test.iam.gserviceaccount.com",
      "private_key": key.pemRepresentation, "token_uri": "http://127.0.0.1:\(port)/token",
    ]
    try JSONSerialization.data(withJSONObject: account).write(to: file)
    return [
      "ORCHARD_WEARBLOOM_TRYON_PROVIDER": "google-vto", "ORCHARD_GOOGLE_VTO_PROJECT": "orchard-test",
      "ORCHARD_GOOGLE_CREDENTIALS": file.path, "ORCHARD_GOOGLE_VTO_ENDPOINT": "http://127.0.0.1:\(port)",
    ]
  }

  private static func json(_ text: String, _ status: HTTPResponse.Status) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}

@Suite("Try-on by Google's virtual-try-on-001, against a fake speaking Vertex AI's contract", .timeLimit(.minutes(5)))
struct GoogleVTOProviderTests {
  let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))

  func provider(_ fake: FakeGoogle) throws -> GoogleVTOProvider {
    GoogleVTOProvider(settings: try GoogleVTOSettings(environment: try fake.environment()), clock: clock)
  }

  /// A render within `seconds`: by default far beyond what a fake answering at once needs.
  func render(_ provider: GoogleVTOProvider, within seconds: Double = 120) async throws -> TryOnOutcome {
    try await provider.render(
      try await FalTryOnProviderTests.input(), tracking: TryOnTracking(),
      deadline: .now + .milliseconds(Int64(seconds * 1_000)))
  }

  @Test("a prediction: signed in once with the service account's assertion, both pictures in base64, the image back")
  func succeeds() async throws {
    let result = try await TestImages.photo(width: 300, height: 400, format: .jpeg)
    let fake = try await FakeGoogle.start(.succeeds, result: result)
    let provider = try provider(fake)
    #expect(try await render(provider) == .image(result))
    #expect(try await render(provider) == .image(result))
    #expect(fake.observed.tokens == 1)
    #expect(fake.observed.refusedAssertions == 0)
    let body = try #require(fake.observed.bodies.first)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    let instance = try #require((json["instances"] as? [[String: Any]])?.first)
    #expect(instance["personImage"] != nil)
    #expect((instance["productImages"] as? [Any])?.count == 1)
    #expect((json["parameters"] as? [String: Any])?["personGeneration"] as? String == "allow_adult")
    // An hour on, the token is bought again.
    clock.advance(by: 3_600)
    _ = try await render(provider)
    #expect(fake.observed.tokens == 2)
  }

  @Test(
    "a 503 is tried once more; a 400 and a safety filter are final, not retried; a broken answer fails; a slow one times out"
  )
  func failures() async throws {
    let result = try await TestImages.photo(width: 300, height: 400, format: .jpeg)
    let flaky = try await FakeGoogle.start(.unavailableOnce, result: result)
    #expect(try await render(try provider(flaky)) == .image(result))
    #expect(flaky.observed.predictions == 2)
    for scenario in [FakeGoogle.Scenario.rejects, .filtered] {
      let fake = try await FakeGoogle.start(scenario, result: result)
      await #expect {
        _ = try await render(try provider(fake))
      } throws: { error in
        guard case .rejected = error as? TryOnFailure else { return false }
        return true
      }
      #expect(fake.observed.predictions == 1)
    }
    let malformed = try await FakeGoogle.start(.malformed, result: result)
    await #expect(throws: TryOnFailure.malformedResult) { _ = try await render(try provider(malformed)) }
    let slow = try await FakeGoogle.start(.slow, result: result)
    await #expect(throws: TryOnFailure.timedOut) { _ = try await render(try provider(slow), within: 0.5) }
  }

  @Test("without a project or a key file the server does not start, naming the setting")
  func configuration() throws {
    #expect(throws: TryOnProviderConfigurationError.self) {
      _ = try GoogleVTOSettings(environment: ["ORCHARD_GOOGLE_CREDENTIALS": "/nowhere.json"])
    }
    #expect(throws: TryOnProviderConfigurationError.self) {
      _ = try GoogleVTOSettings(environment: ["ORCHARD_GOOGLE_VTO_PROJECT": "p"])
    }
  }

  @Test("switched by configuration alone: the same render over HTTP drawn by Google, charged on success")
  func throughTheServer() async throws {
    let result = try await TestImages.photo(width: 300, height: 400, format: .jpeg)
    let fake = try await FakeGoogle.start(.succeeds, result: result)
    try await WearbloomAPI.with(environment: try fake.environment()) { server in
      let (token, _) = try await server.signUp()
      _ = try await server.api.send(
        .put, "/wearbloom/api/v1/body-photo", token: token, json: ["stockId": "figure-balanced"])
      let requested = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "dark-knit-sneakers"])
      #expect(requested.status == .unprocessableContent)  // shoes are off unless configured
      let shirt = try await server.api.send(
        .post, "/wearbloom/api/v1/renders", token: token, json: ["garmentId": "navy-t-shirt"])
      #expect(shirt.json?["provider"] as? String == "google-vto")
      let id = try #require(shirt.json?["id"] as? String)
      try await server.runJobs()
      let done = try await server.get("/wearbloom/api/v1/renders/\(id)", token: token)
      #expect(done.json?["status"] as? String == "completed")
      #expect(done.json?["creditConsumed"] as? Bool == true)
    }
    #expect(throws: TryOnProviderConfigurationError.self) {
      _ = try TryOnProviders.configured(
        environment: ["ORCHARD_WEARBLOOM_TRYON_PROVIDER": "magic"], images: .init(), clock: ManualClock(.now))
    }
  }
}
