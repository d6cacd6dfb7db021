import Crypto
import Foundation
import SwiftASN1
import WearbloomCore
import X509

@testable import WearbloomServer

/// Apple's side of StoreKit for the tests: a root, an intermediate and a leaf made here, marked
/// as Apple marks its own (unless told not to), and payloads signed by the leaf with the chain in
/// `x5c`, as the App Store signs transactions and notifications.
struct TestAppStore: Sendable {
  let rootKey = P256.Signing.PrivateKey()
  let intermediateKey = P256.Signing.PrivateKey()
  let leafKey = P256.Signing.PrivateKey()
  let root: Certificate
  let intermediate: Certificate
  let leaf: Certificate

  static let bundleID = AppStoreVerifier.defaultBundleID

  init(validFrom start: Date, marked: Bool = true) throws {
    let end = start.addingTimeInterval(10 * 365 * 86_400)
    let from = start.addingTimeInterval(-86_400)
    let rootName = try DistinguishedName { CommonName("Test Root CA") }
    let intermediateName = try DistinguishedName { CommonName("Test Worldwide Developer Relations") }
    let leafName = try DistinguishedName { CommonName("Test App Store Receipt Signing") }
    let ca = try Certificate.Extensions {
      Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
      KeyUsage(keyCertSign: true)
    }
    root = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey), notValidBefore: from,
      notValidAfter: end, issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: ca, issuerPrivateKey: .init(rootKey))
    var intermediateExtensions = ca
    if marked { try intermediateExtensions.append(Self.mark(AppStoreCertificatePolicy.intermediateMark)) }
    intermediate = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(intermediateKey.publicKey), notValidBefore: from,
      notValidAfter: end, issuer: rootName, subject: intermediateName, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: intermediateExtensions, issuerPrivateKey: .init(rootKey))
    var leafExtensions = try Certificate.Extensions { KeyUsage(digitalSignature: true) }
    if marked { try leafExtensions.append(Self.mark(AppStoreCertificatePolicy.leafMark)) }
    leaf = try Certificate(
      version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey), notValidBefore: from,
      notValidAfter: end, issuer: intermediateName, subject: leafName, signatureAlgorithm: .ecdsaWithSHA256,
      extensions: leafExtensions, issuerPrivateKey: .init(intermediateKey))
  }

  /// Apple's marks are extensions whose value is ASN.1 NULL.
  static func mark(_ oid: ASN1ObjectIdentifier) -> Certificate.Extension {
    Certificate.Extension(oid: oid, critical: false, value: [0x05, 0x00])
  }

  var rootDER: [UInt8] { get throws { try Self.der(root) } }

  static func der(_ certificate: Certificate) throws -> [UInt8] {
    var serializer = DER.Serializer()
    try serializer.serialize(certificate)
    return serializer.serializedBytes
  }

  /// `payload` signed by the leaf (ES256, the signature as r ‖ s), with `chain` (leaf,
  /// intermediate, root unless told otherwise) in `x5c`: a JWS as Apple makes it.
  func sign(
    _ payload: some Encodable, chain: [Certificate]? = nil, key: P256.Signing.PrivateKey? = nil
  ) async throws
    -> String
  {
    let x5c = try (chain ?? [leaf, intermediate, root]).map { Data(try Self.der($0)).base64EncodedString() }
    let input =
      Self.base64URL(try JSONEncoder().encode(JWSHeader(alg: "ES256", x5c: x5c))) + "."
      + Self.base64URL(try JSONEncoder().encode(payload))
    let signature = try (key ?? leafKey).signature(for: Data(input.utf8))
    return input + "." + Self.base64URL(signature.rawRepresentation)
  }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// A signed transaction of the weekly plan.
  func transaction(
    id: String = "2000000000000001", original: String = "2000000000000001", account: String?,
    purchased: Date, expires: Date?, trial: Bool = false, product: String = SubscriptionProduct.weekly.id,
    bundle: String = Self.bundleID, environment: String = "Sandbox", revoked: Date? = nil, signed: Date? = nil
  ) async throws -> String {
    try await sign(
      TransactionPayload(
        transactionId: id, originalTransactionId: original, bundleId: bundle, productId: product,
        purchaseDate: purchased.timeIntervalSince1970 * 1_000,
        expiresDate: expires.map { $0.timeIntervalSince1970 * 1_000 },
        appAccountToken: account.flatMap(AppStoreRules.appAccountToken(for:)), environment: environment,
        offerType: trial ? 1 : nil, offerDiscountType: trial ? "FREE_TRIAL" : nil,
        revocationDate: revoked.map { $0.timeIntervalSince1970 * 1_000 },
        signedDate: (signed ?? purchased).timeIntervalSince1970 * 1_000))
  }

  /// A signed App Store Server Notification V2 about `transaction` (itself signed).
  func notification(
    _ type: String, subtype: String? = nil, uuid: String = UUID().uuidString, transaction: String?,
    renewal: String? = nil, signed: Date, bundle: String = Self.bundleID
  ) async throws -> String {
    try await sign(
      NotificationPayload(
        notificationType: type, subtype: subtype, notificationUUID: uuid,
        signedDate: signed.timeIntervalSince1970 * 1_000,
        data: .init(
          bundleId: bundle, environment: "Sandbox", signedTransactionInfo: transaction, signedRenewalInfo: renewal),
        summary: nil))
  }

  /// Signed renewal info saying when a grace period ends.
  func renewal(graceUntil: Date, signed: Date) async throws -> String {
    try await sign(
      RenewalPayload(
        gracePeriodExpiresDate: graceUntil.timeIntervalSince1970 * 1_000,
        signedDate: signed.timeIntervalSince1970 * 1_000))
  }
}

/// A JWS header as Apple writes it.
struct JWSHeader: Encodable {
  let alg: String
  let x5c: [String]
}
