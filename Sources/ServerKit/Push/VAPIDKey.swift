import Crypto
import Foundation
import JWTKit
import OrchardKit

/// The server's identity to push services (RFC 8292, VAPID): an ES256 key pair whose public half
/// every browser subscription names (`applicationServerKey`), and a contact for the push
/// service's operators. Every message carries a short-lived JWT signed with it, for the push
/// service of the message's endpoint.
///
/// Every server process must sign with the same key, or a subscription made through one is
/// refused when another sends: in production the key is a file all of them read
/// (`ORCHARD_VAPID_PRIVATE_KEY_FILE`); otherwise the first start makes one in the data directory.
public struct VAPIDKey: Sendable {
  public let privateKey: P256.Signing.PrivateKey
  /// A `mailto:` or `https:` address where the push service can reach whoever runs the server.
  public let subject: String

  /// How long a message's JWT is good for: the push service refuses one that expires more than
  /// 24 hours ahead.
  public static let lifetime: TimeInterval = 12 * 60 * 60
  /// The key's file in the data directory, when no file is given.
  public static let fileName = "vapid-private-key.pem"

  public init(privateKey: P256.Signing.PrivateKey, subject: String) {
    self.privateKey = privateKey
    self.subject = subject
  }

  /// The public key as a browser's `PushManager.subscribe` takes it: the uncompressed point,
  /// base64url without padding.
  public var publicKey: String { Self.base64URL(Array(privateKey.publicKey.x963Representation)) }

  /// The key in `file` (PEM, PKCS#8 or SEC 1).
  public static func load(file: URL, subject: String) throws -> VAPIDKey {
    let pem = try String(contentsOf: file, encoding: .utf8)
    return VAPIDKey(privateKey: try P256.Signing.PrivateKey(pemRepresentation: pem), subject: subject)
  }

  /// The key kept in `directory`, made there (readable by its owner alone) on the first call. Two
  /// processes starting at once agree on one: the file appears whole or not at all, and only the
  /// first to place it wins.
  public static func loadOrMake(in directory: URL, subject: String, random: RandomSource) throws -> VAPIDKey {
    let file = directory.appendingPathComponent(fileName)
    if FileManager.default.fileExists(atPath: file.path) { return try load(file: file, subject: subject) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let draft = directory.appendingPathComponent(".\(fileName).\(random.id())")
    let made = random.privateKey(P256.Signing.PrivateKey.init(rawRepresentation:))
    guard
      FileManager.default.createFile(
        atPath: draft.path, contents: Data(made.pemRepresentation.utf8), attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: draft.path]) }
    defer { try? FileManager.default.removeItem(at: draft) }
    do {
      try FileManager.default.linkItem(at: draft, to: file)
    } catch {
      guard FileManager.default.fileExists(atPath: file.path) else { throw error }
    }
    return try load(file: file, subject: subject)
  }

  /// The `Authorization` header of a message to `endpoint`: `vapid t=<JWT>, k=<public key>`, the
  /// JWT's audience the endpoint's origin, expiring ``lifetime`` after `now`.
  public func authorization(for endpoint: URL, now: Date) async throws -> String {
    guard let scheme = endpoint.scheme, let host = endpoint.host else {
      throw JWTError.generic(identifier: "aud", reason: "no origin")
    }
    let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
    let claims = Claims(
      aud: AudienceClaim(value: audience), exp: ExpirationClaim(value: now.addingTimeInterval(Self.lifetime)),
      sub: SubjectClaim(value: subject))
    let keys = await JWTKeyCollection().add(ecdsa: try ES256PrivateKey(backing: privateKey))
    let token = try await keys.sign(claims, header: ["typ": "JWT"])
    return "vapid t=\(token), k=\(publicKey)"
  }

  struct Claims: JWTPayload {
    let aud: AudienceClaim
    let exp: ExpirationClaim
    let sub: SubjectClaim

    func verify(using algorithm: some JWTAlgorithm) throws { try exp.verifyNotExpired() }
  }

  /// Bytes as base64url without padding, as keys and JWTs write them.
  public static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
