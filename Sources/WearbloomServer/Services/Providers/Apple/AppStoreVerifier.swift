import Foundation
import JWTKit
import OrchardKit
import SwiftASN1
import WearbloomCore
import X509

/// Checks what Apple signs: a StoreKit transaction, and an App Store Server Notification V2 with
/// the transaction and renewal info inside it, as Apple's own server library does.
///
/// - The JWS is ES256, with an `x5c` of exactly three certificates.
/// - The chain from its leaf and intermediate reaches *our* trusted root (Apple Root CA – G3,
///   shipped with the server; a test trusts a root of its own), never the root in the header.
/// - The intermediate carries Apple's OID 1.2.840.113635.100.6.2.1 and the leaf
///   1.2.840.113635.100.6.11.1, so a certificate Apple issued for some other purpose cannot sign
///   a purchase.
/// - The chain is valid at the payload's `signedDate`, which may not lie in the future.
/// - The signature is the leaf key's.
/// - The bundle id is ours and the environment one this server takes (never `Xcode` or
///   `LocalTesting`).
public struct AppStoreVerifier: Sendable {
  let verifier: X5CVerifier
  let bundleID: String
  let environments: Set<String>
  let clock: any WallClock

  /// How far in the future a `signedDate` may be (clocks differ a little).
  static let allowedSkew: TimeInterval = 300

  public static let defaultBundleID = "com.wearbloom.app"
  public static let defaultEnvironments: Set<String> = ["Production", "Sandbox"]

  public init(
    rootCertificates: [[UInt8]] = [AppleRootCertificates.g3], bundleID: String = Self.defaultBundleID,
    environments: Set<String> = Self.defaultEnvironments, clock: any WallClock
  ) throws {
    verifier = try X5CVerifier(rootCertificates: rootCertificates.map { try Certificate(derEncoded: $0) })
    self.bundleID = bundleID
    self.environments = environments.subtracting(["Xcode", "LocalTesting"])
    self.clock = clock
  }

  /// A signed transaction (`signedTransactionInfo`), checked.
  public func transaction(_ jws: String) async throws(PurchaseError) -> AppStoreTransaction {
    let payload = try await verify(jws, as: TransactionPayload.self)
    guard payload.bundleId == bundleID, environments.contains(payload.environment) else { throw .wrongApp }
    return payload.transaction
  }

  /// A signed notification (`signedPayload`), checked, with its transaction and renewal info
  /// checked the same way.
  public func notification(_ jws: String) async throws(PurchaseError) -> AppStoreNotification {
    let payload = try await verify(jws, as: NotificationPayload.self)
    var transaction: AppStoreTransaction?
    var grace: Date?
    if let data = payload.data {
      guard data.bundleId == bundleID, environments.contains(data.environment) else { throw .wrongApp }
      if let signed = data.signedTransactionInfo { transaction = try await self.transaction(signed) }
      if let signed = data.signedRenewalInfo {
        grace = try await verify(signed, as: RenewalPayload.self).gracePeriodExpiresDate.map(Self.date)
      }
    } else if let summary = payload.summary {
      guard summary.bundleId == bundleID, environments.contains(summary.environment) else { throw .wrongApp }
    }
    return AppStoreNotification(
      type: payload.notificationType, subtype: payload.subtype, uuid: payload.notificationUUID,
      signedDate: Self.date(payload.signedDate), transaction: transaction, gracePeriodEndsAt: grace)
  }

  /// Verifies `jws` and decodes its payload.
  func verify<Payload: SignedPayload>(_ jws: String, as: Payload.Type) async throws(PurchaseError) -> Payload {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let headerBytes = Data(base64URL: String(parts[0])),
      let header = try? JSONDecoder().decode(Header.self, from: headerBytes), header.alg == "ES256",
      header.x5c?.count == 3, let payloadBytes = Data(base64URL: String(parts[1])),
      let unverified = try? JSONDecoder().decode(SignedAt.self, from: payloadBytes)
    else { throw .invalidSignature }
    let signed = Self.date(unverified.signedDate)
    guard signed.timeIntervalSince(clock.now) <= Self.allowedSkew else { throw .invalidSignature }
    do {
      return try await verifier.verifyJWS(
        Array(jws.utf8), as: Payload.self, jsonDecoder: JSONDecoder(), validationTime: .fixed(signed)
      ) { AppStoreCertificatePolicy() }
    } catch {
      throw .invalidSignature
    }
  }

  static func date(_ milliseconds: Double) -> Date { Date(timeIntervalSince1970: milliseconds / 1_000) }

  struct Header: Decodable {
    let alg: String?
    let x5c: [String]?
  }

  struct SignedAt: Decodable { let signedDate: Double }
}

/// Apple's own marks on the certificates that sign App Store data.
struct AppStoreCertificatePolicy: VerifierPolicy {
  static let intermediateMark: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]
  static let leafMark: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]

  var verifyingCriticalExtensions: [ASN1ObjectIdentifier] { [] }

  func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
    guard chain.count == 3 else { return .failsToMeetPolicy(reason: "App Store data is signed by a chain of three") }
    guard chain[0].extensions[oid: Self.leafMark] != nil else {
      return .failsToMeetPolicy(reason: "the leaf is not an App Store signing certificate")
    }
    guard chain[1].extensions[oid: Self.intermediateMark] != nil else {
      return .failsToMeetPolicy(reason: "the intermediate is not Apple's")
    }
    return .meetsPolicy
  }
}

/// A payload Apple signs: it says when.
protocol SignedPayload: JWTPayload {
  var signedDate: Double { get }
}

extension SignedPayload {
  func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// `JWSTransactionDecodedPayload`, as much as Wearbloom reads (dates in milliseconds).
struct TransactionPayload: SignedPayload {
  let transactionId: String
  let originalTransactionId: String
  let bundleId: String
  let productId: String
  let purchaseDate: Double
  let expiresDate: Double?
  let appAccountToken: String?
  let environment: String
  let offerType: Int?
  let offerDiscountType: String?
  let revocationDate: Double?
  let signedDate: Double

  var transaction: AppStoreTransaction {
    AppStoreTransaction(
      transactionID: transactionId, originalTransactionID: originalTransactionId, productID: productId,
      bundleID: bundleId, environment: environment, purchaseDate: AppStoreVerifier.date(purchaseDate),
      expiresDate: expiresDate.map(AppStoreVerifier.date), appAccountToken: appAccountToken, offerType: offerType,
      offerDiscountType: offerDiscountType, revocationDate: revocationDate.map(AppStoreVerifier.date),
      signedDate: AppStoreVerifier.date(signedDate))
  }
}

/// `JWSRenewalInfoDecodedPayload`: when a grace period ends.
struct RenewalPayload: SignedPayload {
  let gracePeriodExpiresDate: Double?
  let signedDate: Double
}

/// `ResponseBodyV2DecodedPayload`.
struct NotificationPayload: SignedPayload {
  struct Data: Codable, Sendable {
    let bundleId: String
    let environment: String
    let signedTransactionInfo: String?
    let signedRenewalInfo: String?
  }

  struct Summary: Codable, Sendable {
    let bundleId: String
    let environment: String
  }

  let notificationType: String
  let subtype: String?
  let notificationUUID: String
  let signedDate: Double
  let data: Data?
  let summary: Summary?
}
