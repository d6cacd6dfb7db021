import AsyncHTTPClient
import Foundation
import JWTKit
import NIOCore
import NIOHTTP1
import OrchardKit
import ServerKit
import Synchronization
import WearbloomCore

/// How the server reaches Google's `virtual-try-on-001` on Vertex AI: the project and region, and
/// the service account it signs in as.
public struct GoogleVTOSettings: Sendable {
  public let project: String
  public let location: String
  /// `https://{location}-aiplatform.googleapis.com` unless set (`ORCHARD_GOOGLE_VTO_ENDPOINT`; a
  /// test points it at a fake on loopback).
  public let endpoint: URL
  /// The service account's email, RSA key (PEM) and token URL, from its JSON key file.
  let account: ServiceAccount

  struct ServiceAccount: Decodable, Sendable {
    let clientEmail: String
    let privateKey: String
    let tokenURI: String

    enum CodingKeys: String, CodingKey {
      case clientEmail = "client_email"
      case privateKey = "private_key"
      case tokenURI = "token_uri"
    }
  }

  /// The settings in `environment` (`ORCHARD_GOOGLE_VTO_PROJECT`, `ORCHARD_GOOGLE_VTO_LOCATION`,
  /// `ORCHARD_GOOGLE_CREDENTIALS`: the service account's key file).
  public init(environment: [String: String]) throws {
    try self.init(environment: Settings(environment))
  }

  /// The same, from the server's settings reader.
  public init(environment: Settings) throws {
    guard let project = environment.value("ORCHARD_GOOGLE_VTO_PROJECT"), !project.isEmpty else {
      throw TryOnProviderConfigurationError.missingSetting("ORCHARD_GOOGLE_VTO_PROJECT")
    }
    guard let path = environment.value("ORCHARD_GOOGLE_CREDENTIALS"), !path.isEmpty else {
      throw TryOnProviderConfigurationError.missingSetting("ORCHARD_GOOGLE_CREDENTIALS")
    }
    let location = environment.value("ORCHARD_GOOGLE_VTO_LOCATION").flatMap { $0.isEmpty ? nil : $0 } ?? "us-central1"
    self.project = project
    self.location = location
    endpoint =
      environment.value("ORCHARD_GOOGLE_VTO_ENDPOINT").flatMap(URL.init(string:))
      ?? URL(string: "https://\(location)-aiplatform.googleapis.com")!
    account = try JSONDecoder().decode(ServiceAccount.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  var predictURL: URL {
    endpoint.appendingPathComponent(
      "v1/projects/\(project)/locations/\(location)/publishers/google/models/virtual-try-on-001:predict")
  }
}

/// Try-on by Google's `virtual-try-on-001`: one synchronous `:predict` call, made inside the
/// render's job like any other provider's work. A 429 or 5xx is tried once more; a 400 is final;
/// a prediction Google filtered for safety (`raiFilteredReason`) is final and costs nothing.
/// The call signs in with an OAuth token the service account's key buys (an RS256 assertion),
/// kept until shortly before it expires.
public struct GoogleVTOProvider: TryOnProvider {
  let settings: GoogleVTOSettings
  let client: HTTPClient
  let clock: any WallClock
  let tokens = TokenShelf()

  public init(settings: GoogleVTOSettings, clock: any WallClock, client: HTTPClient = .shared) {
    self.settings = settings
    self.clock = clock
    self.client = client
  }

  public var name: String { "google-vto" }
  /// Google's model dresses tops, bottoms, dresses and footwear; outerwear goes as a top.
  public var support: TryOnSupport { TryOnSupport(GarmentCategory.allCases) }
  public var isPreview: Bool { false }
  public var budget: TimeInterval { RenderPolicy.budget }

  /// Google takes images up to 10 MB.
  static let imageLimit = 10 << 20
  /// An answer holds the image in base64; this bounds a misbehaving one.
  static let answerLimit = 40 << 20

  public func render(
    _ input: TryOnInput, tracking: TryOnTracking, deadline: ContinuousClock.Instant
  ) async throws(TryOnFailure) -> TryOnOutcome {
    guard input.body.count <= Self.imageLimit, input.garment.count <= Self.imageLimit else {
      throw .rejected("an image is over Google's 10 MB")
    }
    do {
      return .image(try await predict(input, deadline: deadline))
    } catch .unavailable {
      return .image(try await predict(input, deadline: deadline))
    }
  }

  private func predict(_ input: TryOnInput, deadline: ContinuousClock.Instant) async throws(TryOnFailure) -> [UInt8] {
    let token = try await accessToken()
    let body = Request(person: input.body, garment: input.garment)
    var request = HTTPClientRequest(url: settings.predictURL.absoluteString)
    request.method = .POST
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    request.headers.add(name: "Content-Type", value: "application/json")
    do {
      request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
    } catch {
      throw .malformedResult
    }
    let (status, bytes) = try await send(request, deadline: deadline)
    switch status {
    case 200..<300: break
    case 429, 500...: throw .unavailable("\(status)")
    default: throw .rejected("\(status) \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    }
    guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(bytes)) else { throw .malformedResult }
    guard let prediction = answer.predictions?.first else { throw .rejected("no prediction: filtered") }
    if let reason = prediction.raiFilteredReason { throw .rejected("filtered: \(reason)") }
    guard let encoded = prediction.bytesBase64Encoded, let image = Data(base64Encoded: encoded) else {
      throw .malformedResult
    }
    return Array(image)
  }

  private func send(
    _ request: HTTPClientRequest, deadline: ContinuousClock.Instant
  ) async throws(TryOnFailure) -> (Int, [UInt8]) {
    let remaining = deadline - .now
    guard remaining > .zero else { throw .timedOut }
    do {
      let milliseconds = Int64(max(1, remaining / .milliseconds(1)))
      let response = try await client.execute(request, timeout: .milliseconds(milliseconds))
      let body = try await response.body.collect(upTo: Self.answerLimit)
      return (Int(response.status.code), Array(buffer: body))
    } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
      throw .timedOut
    } catch {
      throw .unavailable("\(error)")
    }
  }

  // MARK: Signing in

  /// An access token for `cloud-platform`, bought with the service account's signed assertion
  /// and kept until five minutes before it expires.
  func accessToken() async throws(TryOnFailure) -> String {
    let now = clock.now
    if let kept = tokens.current(at: now) { return kept }
    let assertion: String
    do {
      let key = try Insecure.RSA.PrivateKey(pem: settings.account.privateKey)
      let keys = await JWTKeyCollection().add(rsa: key, digestAlgorithm: .sha256)
      assertion = try await keys.sign(
        Assertion(
          iss: settings.account.clientEmail, scope: "https://www.googleapis.com/auth/cloud-platform",
          aud: settings.account.tokenURI, iat: Int(now.timeIntervalSince1970),
          exp: Int(now.timeIntervalSince1970) + 3_600))
    } catch {
      throw .unavailable("the service account's key could not sign: \(error)")
    }
    var request = HTTPClientRequest(url: settings.account.tokenURI)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
    request.body = .bytes(
      ByteBuffer(string: "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"))
    let (status, bytes) = try await send(request, deadline: .now + .seconds(10))
    guard (200..<300).contains(status), let token = try? JSONDecoder().decode(Token.self, from: Data(bytes)) else {
      throw .unavailable("no access token (\(status))")
    }
    tokens.keep(token.accessToken, until: now.addingTimeInterval(TimeInterval(token.expiresIn) - 300))
    return token.accessToken
  }

  /// The access token kept between renders.
  final class TokenShelf: Sendable {
    private let kept = Mutex<(token: String, until: Date)?>(nil)

    func current(at now: Date) -> String? {
      kept.withLock { kept in kept.flatMap { now < $0.until ? $0.token : nil } }
    }

    func keep(_ token: String, until: Date) { kept.withLock { $0 = (token, until) } }
  }

  struct Assertion: JWTPayload {
    let iss: String
    let scope: String
    let aud: String
    let iat: Int
    let exp: Int

    func verify(using algorithm: some JWTAlgorithm) async throws {}
  }

  struct Token: Decodable {
    let accessToken: String
    let expiresIn: Int

    enum CodingKeys: String, CodingKey {
      case accessToken = "access_token"
      case expiresIn = "expires_in"
    }
  }

  // MARK: What Google is sent and answers

  /// `{"instances": [{"personImage": …, "productImages": [ … ]}], "parameters": { … }}`.
  struct Request: Encodable {
    struct Image: Encodable {
      struct Bytes: Encodable { let bytesBase64Encoded: String }
      let image: Bytes
      init(_ bytes: [UInt8]) { image = Bytes(bytesBase64Encoded: Data(bytes).base64EncodedString()) }
    }

    struct Instance: Encodable {
      let personImage: Image
      let productImages: [Image]
    }

    struct Parameters: Encodable {
      struct Output: Encodable {
        let mimeType = "image/jpeg"
        let compressionQuality = 90
      }

      let sampleCount = 1
      let personGeneration = "allow_adult"
      let safetySetting = "block_medium_and_above"
      let addWatermark = true
      let outputOptions = Output()
    }

    let instances: [Instance]
    let parameters = Parameters()

    init(person: [UInt8], garment: [UInt8]) {
      instances = [Instance(personImage: Image(person), productImages: [Image(garment)])]
    }
  }

  struct Answer: Decodable {
    struct Prediction: Decodable {
      let bytesBase64Encoded: String?
      let raiFilteredReason: String?
    }

    let predictions: [Prediction]?
  }
}
