import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import JWTKit
import OrchardKit
import ServerKitTesting
import Testing

@testable import ServerKit

/// A Web Push message's encryption (RFC 8291) and the server's signature on it (RFC 8292).
@Suite("Web Push: the message sealed for its subscriber, signed by the server", .timeLimit(.minutes(1)))
struct WebPushTests {
  static func bytes(_ base64URL: String) -> [UInt8] { [UInt8](Data(base64URL: base64URL)!) }

  @Test("the message is sealed exactly as RFC 8291's worked example (Appendix A)")
  func rfcExample() throws {
    let sender = try P256.KeyAgreement.PrivateKey(
      rawRepresentation: Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
    let sealed = try WebPushPayload.encrypt(
      Array("When I grow up, I want to be a watermelon".utf8),
      p256dh: Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
      auth: Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"), senderKey: sender, salt: Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"))
    #expect(
      VAPIDKey.base64URL(sealed)
        == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    )
  }

  @Test("a fresh message opens with the subscriber's private key, and no two are alike")
  func roundTrip() throws {
    let subscriber = P256.KeyAgreement.PrivateKey()
    let auth = [UInt8](repeating: 7, count: 16)
    let p256dh = Array(subscriber.publicKey.x963Representation)
    let message = Array(#"{"title":"Joshua 1:9"}"#.utf8)
    let sender = WebPushSender(
      key: VAPIDKey(privateKey: P256.Signing.PrivateKey(), subject: "mailto:a@b.example"), client: PublicHTTPClient(),
      clock: ManualClock(Date(timeIntervalSince1970: 0)), random: .seeded(5))
    let seal = {
      try WebPushPayload.encrypt(
        message, p256dh: p256dh, auth: auth,
        senderKey: sender.random.privateKey(P256.KeyAgreement.PrivateKey.init(rawRepresentation:)),
        salt: sender.random.bytes(16))
    }
    let first = try seal()
    #expect(try seal() != first, "each message has its own key and salt")
    // Opened as a browser would: the sender's key from the header, the same derivation.
    let salt = Array(first[0..<16])
    #expect(first[16..<20] == [0, 0, 16, 0])
    #expect(first[20] == 65)
    let senderPublic = try P256.KeyAgreement.PublicKey(x963Representation: first[21..<86])
    let shared = try subscriber.sharedSecretFromKeyAgreement(with: senderPublic)
    let keyInfo = Array("WebPush: info".utf8) + [0] + p256dh + Array(first[21..<86])
    let material = shared.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
    let key = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: material, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16
    )
    let nonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: material, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
    let body = Array(first[86...])
    let box = try AES.GCM.SealedBox(
      nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }), ciphertext: body.dropLast(16),
      tag: body.suffix(16))
    let opened = [UInt8](try AES.GCM.open(box, using: key))
    #expect(opened == message + [2])
  }

  @Test("keys that are not a subscription's, and a message too long for one record, are refused")
  func refusals() {
    let auth = [UInt8](repeating: 1, count: 16)
    let p256dh = Array(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
    let (key, salt) = (P256.KeyAgreement.PrivateKey(), [UInt8](repeating: 2, count: 16))
    #expect(throws: WebPushPayload.Failure.badSubscriptionKeys) {
      try WebPushPayload.encrypt([1], p256dh: Array(p256dh.dropFirst()), auth: auth, senderKey: key, salt: salt)
    }
    #expect(throws: WebPushPayload.Failure.badSubscriptionKeys) {
      try WebPushPayload.encrypt([1], p256dh: p256dh, auth: Array(auth.prefix(8)), senderKey: key, salt: salt)
    }
    let long = [UInt8](repeating: 65, count: WebPushPayload.maximumLength + 1)
    #expect(throws: WebPushPayload.Failure.tooLong(long.count)) {
      try WebPushPayload.encrypt(long, p256dh: p256dh, auth: auth, senderKey: key, salt: salt)
    }
    #expect(
      (try? WebPushPayload.encrypt(Array(long.dropLast()), p256dh: p256dh, auth: auth, senderKey: key, salt: salt))?
        .count
        == WebPushPayload.recordSize, "a longest message fills one push body of 4,096 bytes")
  }

  @Test("every message carries a JWT for its push service's origin, good for 12 hours, signed ES256")
  func authorization() async throws {
    let key = VAPIDKey(privateKey: P256.Signing.PrivateKey(), subject: "mailto:push@orchard.example")
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let header = try await key.authorization(
      for: URL(string: "https://push.example.net:8443/wpush/v2/abc?x=1")!, now: now)
    let parts = header.split(separator: " ")
    #expect(parts.first == "vapid")
    let token = try #require(parts.first { $0.hasPrefix("t=") }.map { String($0.dropFirst(2).dropLast()) })
    #expect(parts.last == "k=\(key.publicKey)")
    #expect(Self.bytes(key.publicKey).count == 65 && Self.bytes(key.publicKey).first == 4)
    let verifier = await JWTKeyCollection().add(ecdsa: try ES256PublicKey(backing: key.privateKey.publicKey))
    let claims = try await verifier.verify(token, as: VAPIDKey.Claims.self)
    #expect(claims.aud.value == ["https://push.example.net:8443"])
    #expect(claims.exp.value == now.addingTimeInterval(12 * 60 * 60))
    #expect(claims.sub.value == "mailto:push@orchard.example")
    let head = try JSONSerialization.jsonObject(with: Data(base64URL: String(token.split(separator: ".")[0]))!)
    #expect(head as? [String: String] == ["alg": "ES256", "typ": "JWT"])
    // Signed by another key, the same token does not verify.
    let stranger = await JWTKeyCollection().add(ecdsa: try ES256PublicKey(backing: P256.Signing.PrivateKey().publicKey))
    await #expect(throws: (any Error).self) { try await stranger.verify(token, as: VAPIDKey.Claims.self) }
  }

  @Test("the key is made once in the data directory, owner-only, and the same key is read after")
  func keyFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vapid-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let made = try VAPIDKey.loadOrMake(in: directory, subject: "mailto:a@b.example", random: .seeded(3))
    let again = try VAPIDKey.loadOrMake(in: directory, subject: "mailto:a@b.example", random: .seeded(4))
    #expect(made.publicKey == again.publicKey)
    let file = directory.appendingPathComponent(VAPIDKey.fileName)
    let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [VAPIDKey.fileName])
    #expect(try VAPIDKey.load(file: file, subject: "mailto:a@b.example").publicKey == made.publicKey)
  }
}

/// The sender against a push service on loopback that answers as a real one may.
@Suite("Web Push: what a push service's answers mean", .timeLimit(.minutes(2)))
struct WebPushSenderTests {
  /// What the fake push service was sent, and the answers it gives in turn.
  actor PushService {
    var received: [(headers: HTTPFields, body: [UInt8])] = []
    var answers: [(HTTPResponse.Status, HTTPFields)]

    init(answers: [(HTTPResponse.Status, HTTPFields)]) { self.answers = answers }

    func take(_ headers: HTTPFields, _ body: [UInt8]) -> (HTTPResponse.Status, HTTPFields) {
      received.append((headers, body))
      return answers.isEmpty ? (.created, [:]) : answers.removeFirst()
    }
  }

  func withPushService(
    _ answers: [(HTTPResponse.Status, HTTPFields)], _ body: (URL, PushService) async throws -> Void
  ) async throws {
    let service = PushService(answers: answers)
    let router = Router()
    router.post("/push/:id") { request, _ -> Response in
      let bytes = [UInt8](buffer: try await request.body.collect(upTo: 8_192))
      let (status, headers) = await service.take(request.headers, bytes)
      return Response(status: status, headers: headers)
    }
    let (port, task) = try await LoopbackServer.start(router)
    defer { task.cancel() }
    try await body(URL(string: "http://127.0.0.1:\(port)/push/abc")!, service)
  }

  static let subscriber = P256.KeyAgreement.PrivateKey()
  static let auth = [UInt8](repeating: 3, count: 16)

  static func subscription(_ endpoint: URL) throws -> WebPushSubscription {
    try WebPushSubscription(
      endpoint: endpoint.absoluteString, p256dh: VAPIDKey.base64URL(Array(subscriber.publicKey.x963Representation)),
      auth: VAPIDKey.base64URL(auth), allowsLoopback: true)
  }

  static let sender = WebPushSender(
    key: VAPIDKey(privateKey: P256.Signing.PrivateKey(), subject: "mailto:push@orchard.example"),
    client: PublicHTTPClient(allowsLoopback: true), clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)),
    random: .seeded(9))

  @Test("a message goes with its VAPID authorization, its coding, its TTL and urgency; 201 is accepted")
  func accepted() async throws {
    try await withPushService([(.created, [:])]) { endpoint, service in
      let outcome = try await Self.sender.send(Array("hello".utf8), to: try Self.subscription(endpoint), ttl: 600)
      #expect(outcome == .accepted)
      let sent = try #require(await service.received.first)
      #expect(sent.headers[.contentEncoding] == "aes128gcm")
      #expect(sent.headers[HTTPField.Name("TTL")!] == "600")
      #expect(sent.headers[HTTPField.Name("Urgency")!] == "normal")
      #expect(sent.headers[.authorization]?.hasPrefix("vapid t=") == true)
      #expect(sent.headers[.authorization]?.hasSuffix("k=\(Self.sender.key.publicKey)") == true)
      let sealedLength = 86 + 5 + 1 + 16
      #expect(sent.body.count == sealedLength, "a header, the message, its delimiter and its tag")
    }
  }

  @Test("404 and 410 say the subscription is gone; 429 and 5xx say when to try again; others refuse")
  func answers() async throws {
    let answers: [(HTTPResponse.Status, HTTPFields)] = [
      (.gone, [:]), (.notFound, [:]), (.tooManyRequests, [.retryAfter: "7"]), (.serviceUnavailable, [:]),
      (.tooManyRequests, [.retryAfter: "Fri, 15 Jan 2027 08:00:30 GMT"]), (.badRequest, [:]),
      (.tooManyRequests, [.retryAfter: "9999999"]),
    ]
    try await withPushService(answers) { endpoint, _ in
      let subscription = try Self.subscription(endpoint)
      var outcomes: [WebPushSender.Outcome] = []
      for _ in answers { outcomes.append(try await Self.sender.send([1], to: subscription, ttl: 60)) }
      #expect(
        outcomes == [
          .gone, .gone, .retry(after: 7), .retry(after: WebPushSender.defaultRetry),
          .retry(after: 30),
          .refused(status: 400), .retry(after: WebPushSender.longestRetry),
        ])
    }
  }

  @Test("a push service on loopback is not posted to without the test flag, nor a private address ever")
  func privateAddresses() async throws {
    try await withPushService([]) { endpoint, service in
      let guarded = WebPushSender(
        key: Self.sender.key, client: PublicHTTPClient(), clock: ManualClock(Date(timeIntervalSince1970: 0)),
        random: .seeded(9))
      let subscription = try Self.subscription(endpoint)
      let outcome = try await guarded.send([1], to: subscription, ttl: 60)
      #expect(outcome == .unreachable(.privateAddress))
      #expect(await service.received.isEmpty)
    }
    let key = VAPIDKey.base64URL(Array(Self.subscriber.publicKey.x963Representation))
    for endpoint in [
      "https://10.0.0.5/push", "https://192.168.1.20/push", "https://[fd00::1]/push", "https://169.254.169.254/x",
    ] {
      #expect(throws: WebPushSubscription.Problem.endpointNotPublic, "\(endpoint)") {
        try WebPushSubscription(
          endpoint: endpoint, p256dh: key, auth: VAPIDKey.base64URL(Self.auth), allowsLoopback: true)
      }
    }
    for endpoint in [
      "http://push.example.net/x", "ftp://push.example.net/x", "https://user:pw@push.example.net/x", "push",
    ] {
      #expect(throws: WebPushSubscription.Problem.endpointInvalid, "\(endpoint)") {
        try WebPushSubscription(endpoint: endpoint, p256dh: key, auth: VAPIDKey.base64URL(Self.auth))
      }
    }
    #expect(throws: WebPushSubscription.Problem.endpointNotPublic) {
      try WebPushSubscription(endpoint: "https://127.0.0.1/x", p256dh: key, auth: VAPIDKey.base64URL(Self.auth))
    }
    #expect(throws: WebPushSubscription.Problem.keysInvalid) {
      try WebPushSubscription(
        endpoint: "https://push.example.net/x", p256dh: "AAAA", auth: VAPIDKey.base64URL(Self.auth))
    }
  }
}
