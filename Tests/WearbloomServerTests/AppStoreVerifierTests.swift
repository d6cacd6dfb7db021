import Crypto
import Foundation
import OrchardKit
import ServerKit
import Testing
import WearbloomCore
import X509

@testable import WearbloomServer

@Suite("Apple's signed purchases and notifications, verified", .timeLimit(.minutes(5)))
struct AppStoreVerifierTests {
  let now = Date(timeIntervalSince1970: 1_790_000_000)
  let account = "0123456789abcdef0123456789abcdef"

  func verifier(
    _ store: TestAppStore, environments: Set<String> = AppStoreVerifier.defaultEnvironments
  ) throws
    -> AppStoreVerifier
  {
    try AppStoreVerifier(
      rootCertificates: [try store.rootDER], environments: environments, clock: ManualClock(now))
  }

  @Test("Apple Root CA – G3 ships with the server, byte for byte as Apple publishes it")
  func appleRoot() throws {
    #expect(
      Hex.lowercase(SHA256.hash(data: AppleRootCertificates.g3))
        == "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179")
    let root = try Certificate(derEncoded: AppleRootCertificates.g3)
    #expect(root.subject.description.contains("Apple Root CA - G3"))
  }

  @Test("a transaction signed down a marked chain to the trusted root is read whole")
  func transaction() async throws {
    let store = try TestAppStore(validFrom: now)
    let signed = try await store.transaction(
      account: account, purchased: now, expires: now.addingTimeInterval(7 * 86_400), trial: true)
    let transaction = try await verifier(store).transaction(signed)
    #expect(transaction.productID == "com.wearbloom.weekly")
    #expect(transaction.isFreeTrial)
    #expect(transaction.expiresDate == now.addingTimeInterval(7 * 86_400))
    #expect(transaction.appAccountToken.map(AppStoreRules.account(inToken:)) == account)
  }

  @Test(
    "refused as INVALID_SIGNATURE: another root, an unmarked chain, a short chain, another key, a changed payload, a future date, not a JWS"
  )
  func refusals() async throws {
    let store = try TestAppStore(validFrom: now)
    let verifier = try verifier(store)
    let stranger = try TestAppStore(validFrom: now)
    let unmarked = try TestAppStore(validFrom: now, marked: false)
    let good = try await store.transaction(account: account, purchased: now, expires: now.addingTimeInterval(600))
    let parts = good.split(separator: ".").map(String.init)
    let changed = try await stranger.transaction(account: "f" + account.dropFirst(), purchased: now, expires: nil)
    let forgedPayload = [parts[0], changed.split(separator: ".").map(String.init)[1], parts[2]].joined(separator: ".")
    let cases: [String] = [
      try await stranger.transaction(account: account, purchased: now, expires: nil),
      try await unmarked.transaction(account: account, purchased: now, expires: nil),
      try await store.sign(
        try TransactionPayloadSample.make(now), chain: [store.leaf, store.intermediate]),
      try await store.sign(try TransactionPayloadSample.make(now), key: P256.Signing.PrivateKey()),
      forgedPayload,
      try await store.transaction(account: account, purchased: now.addingTimeInterval(3_600), expires: nil),
      "not.a.jws", "",
    ]
    for jws in cases {
      await #expect(throws: PurchaseError.invalidSignature) { _ = try await verifier.transaction(jws) }
    }
  }

  @Test("another app's transaction, or one from an environment not taken (never Xcode), is WRONG_APP")
  func wrongApp() async throws {
    let store = try TestAppStore(validFrom: now)
    let other = try await store.transaction(account: account, purchased: now, expires: nil, bundle: "com.other.app")
    await #expect(throws: PurchaseError.wrongApp) { _ = try await verifier(store).transaction(other) }
    let xcode = try await store.transaction(account: account, purchased: now, expires: nil, environment: "Xcode")
    await #expect(throws: PurchaseError.wrongApp) {
      _ = try await verifier(store, environments: ["Production", "Xcode"]).transaction(xcode)
    }
    let sandbox = try await store.transaction(account: account, purchased: now, expires: nil)
    await #expect(throws: PurchaseError.wrongApp) {
      _ = try await verifier(store, environments: ["Production"]).transaction(sandbox)
    }
  }

  @Test(
    "a notification's transaction and renewal info are verified too; a grace period's end is read from the renewal info"
  )
  func notification() async throws {
    let store = try TestAppStore(validFrom: now)
    let transaction = try await store.transaction(
      account: account, purchased: now, expires: now.addingTimeInterval(600))
    let renewal = try await store.renewal(graceUntil: now.addingTimeInterval(16 * 86_400), signed: now)
    let signed = try await store.notification(
      "DID_FAIL_TO_RENEW", subtype: "GRACE_PERIOD", uuid: "n-1", transaction: transaction, renewal: renewal, signed: now
    )
    let notification = try await verifier(store).notification(signed)
    #expect(notification.uuid == "n-1")
    #expect(notification.gracePeriodEndsAt == now.addingTimeInterval(16 * 86_400))
    #expect(AppStoreRules.notification(for: notification)?.kind == .didFailToRenew)
    // The inner transaction signed by someone else spoils the whole notification.
    let foreign = try await TestAppStore(validFrom: now).transaction(account: account, purchased: now, expires: nil)
    let spoiled = try await store.notification("DID_RENEW", transaction: foreign, signed: now)
    await #expect(throws: PurchaseError.invalidSignature) { _ = try await verifier(store).notification(spoiled) }
  }
}

/// A minimal transaction payload, for signing with a chain or key of the test's choosing.
enum TransactionPayloadSample {
  static func make(_ now: Date) throws -> TransactionPayload {
    TransactionPayload(
      transactionId: "1", originalTransactionId: "1", bundleId: TestAppStore.bundleID,
      productId: SubscriptionProduct.weekly.id, purchaseDate: now.timeIntervalSince1970 * 1_000, expiresDate: nil,
      appAccountToken: nil, environment: "Sandbox", offerType: nil, offerDiscountType: nil, revocationDate: nil,
      signedDate: now.timeIntervalSince1970 * 1_000)
  }
}
