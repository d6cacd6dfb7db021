import Foundation
import Testing
import WearbloomCore

@Suite("Apple's purchases and notifications, as the subscription hears them", .timeLimit(.minutes(5)))
struct AppStoreRulesTests {
  let now = Date(timeIntervalSince1970: 1_790_000_000)
  let account = "0123456789abcdef0123456789abcdef"

  func transaction(
    account: String?, product: String = "com.wearbloom.weekly", expires: TimeInterval? = 7 * 86_400,
    trial: Bool = false, revoked: Bool = false
  ) -> AppStoreTransaction {
    AppStoreTransaction(
      transactionID: "t", originalTransactionID: "o", productID: product, bundleID: "com.wearbloom.app",
      environment: "Sandbox", purchaseDate: now, expiresDate: expires.map { now.addingTimeInterval($0) },
      appAccountToken: account.flatMap(AppStoreRules.appAccountToken(for:)), offerType: trial ? 1 : nil,
      offerDiscountType: trial ? "FREE_TRIAL" : nil, revocationDate: revoked ? now : nil, signedDate: now)
  }

  @Test("an account's id is its appAccountToken as a UUID, matched in any case")
  func token() {
    #expect(AppStoreRules.appAccountToken(for: account) == "01234567-89ab-cdef-0123-456789abcdef")
    #expect(AppStoreRules.account(inToken: "01234567-89AB-CDEF-0123-456789ABCDEF") == account)
    #expect(AppStoreRules.appAccountToken(for: "not-an-id") == nil)
  }

  @Test("a purchase is the caller's, names its buyer, and is of the product sold; a trial starts the trial")
  func purchase() throws {
    let bought = try AppStoreRules.purchase(transaction(account: account, trial: true), by: account).get()
    #expect(bought.kind == .subscribed)
    #expect(bought.introductoryOffer)
    #expect(bought.expiresAt == now.addingTimeInterval(7 * 86_400))
    #expect(throws: PurchaseError.missingAppAccountToken) {
      try AppStoreRules.purchase(transaction(account: nil), by: account).get()
    }
    #expect(throws: PurchaseError.transactionUserMismatch) {
      try AppStoreRules.purchase(transaction(account: "f" + account.dropFirst()), by: account).get()
    }
    #expect(throws: PurchaseError.unknownProduct) {
      try AppStoreRules.purchase(transaction(account: account, product: "other"), by: account).get()
    }
    #expect(try AppStoreRules.purchase(transaction(account: account, revoked: true), by: account).get().kind == .revoke)
  }

  @Test("a restore keeps the caller's running purchases only")
  func restore() {
    let kept = transaction(account: account)
    let restored = AppStoreRules.restore(
      [
        kept, transaction(account: account, expires: -1), transaction(account: "f" + account.dropFirst()),
        transaction(account: account, revoked: true), transaction(account: account, expires: nil),
      ],
      by: account, at: now)
    #expect(restored == [kept])
    #expect(AppStoreRules.restore([], by: account, at: now).isEmpty)
  }

  @Test("each notification type and subtype tells the subscription what it should, or nothing")
  func notifications() {
    func kind(_ type: String, _ subtype: String? = nil, grace: Date? = nil) -> SubscriptionNotification.Kind? {
      AppStoreRules.notification(
        for: AppStoreNotification(
          type: type, subtype: subtype, uuid: "u", signedDate: now, transaction: transaction(account: account),
          gracePeriodEndsAt: grace))?.kind
    }
    #expect(kind("SUBSCRIBED", "INITIAL_BUY") == .subscribed)
    #expect(kind("SUBSCRIBED", "RESUBSCRIBE") == .subscribed)
    #expect(kind("DID_RENEW") == .didRenew)
    #expect(kind("DID_RENEW", "BILLING_RECOVERY") == .didRenew)
    #expect(kind("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED") == .autoRenewDisabled)
    #expect(kind("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_ENABLED") == .autoRenewEnabled)
    #expect(kind("DID_FAIL_TO_RENEW", "GRACE_PERIOD", grace: now.addingTimeInterval(86_400)) == .didFailToRenew)
    #expect(kind("DID_FAIL_TO_RENEW") == nil)
    #expect(kind("GRACE_PERIOD_EXPIRED") == .gracePeriodExpired)
    #expect(kind("EXPIRED", "VOLUNTARY") == .expired)
    #expect(kind("REFUND") == .refund)
    #expect(kind("REVOKE") == .revoke)
    #expect(kind("TEST") == nil)
    #expect(kind("PRICE_INCREASE") == nil)
  }
}
