#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a purchase, a restore or a store notification was refused. The raw value is the stable code
/// the API sends.
public enum PurchaseError: String, Error, CaseIterable, Codable, Sendable, Hashable {
  /// Not signed by Apple: a broken JWS, a chain not reaching Apple's root, a wrong certificate, a
  /// bad signature.
  case invalidSignature = "INVALID_SIGNATURE"
  /// Signed by Apple for another app, or for an environment this server does not take.
  case wrongApp = "WRONG_APP"
  /// The purchase names another account as its buyer.
  case transactionUserMismatch = "TRANSACTION_USER_MISMATCH"
  /// The purchase names no account: the app did not set `appAccountToken`.
  case missingAppAccountToken = "MISSING_APP_ACCOUNT_TOKEN"
  /// A product this app does not sell.
  case unknownProduct = "UNKNOWN_PRODUCT"
}

/// A transaction as Apple signs it (`JWSTransactionDecodedPayload`), with what Wearbloom reads.
public struct AppStoreTransaction: Hashable, Sendable {
  public let transactionID: String
  public let originalTransactionID: String
  public let productID: String
  public let bundleID: String
  public let environment: String
  public let purchaseDate: Date
  public let expiresDate: Date?
  /// The UUID the app set at purchase: the buyer's account.
  public let appAccountToken: String?
  /// 1 is an introductory offer.
  public let offerType: Int?
  /// `FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT`.
  public let offerDiscountType: String?
  public let revocationDate: Date?
  public let signedDate: Date

  public init(
    transactionID: String, originalTransactionID: String, productID: String, bundleID: String, environment: String,
    purchaseDate: Date, expiresDate: Date?, appAccountToken: String?, offerType: Int? = nil,
    offerDiscountType: String? = nil, revocationDate: Date? = nil, signedDate: Date
  ) {
    self.transactionID = transactionID
    self.originalTransactionID = originalTransactionID
    self.productID = productID
    self.bundleID = bundleID
    self.environment = environment
    self.purchaseDate = purchaseDate
    self.expiresDate = expiresDate
    self.appAccountToken = appAccountToken
    self.offerType = offerType
    self.offerDiscountType = offerDiscountType
    self.revocationDate = revocationDate
    self.signedDate = signedDate
  }

  /// Whether this is the free trial: an introductory offer, free.
  public var isFreeTrial: Bool { offerDiscountType == "FREE_TRIAL" || (offerType == 1 && offerDiscountType == nil) }
}

/// An App Store Server Notification V2, with its transaction when it has one.
public struct AppStoreNotification: Hashable, Sendable {
  public let type: String
  public let subtype: String?
  public let uuid: String
  public let signedDate: Date
  public let transaction: AppStoreTransaction?
  /// When the grace period ends, from the renewal info of DID_FAIL_TO_RENEW / GRACE_PERIOD.
  public let gracePeriodEndsAt: Date?

  public init(
    type: String, subtype: String?, uuid: String, signedDate: Date, transaction: AppStoreTransaction?,
    gracePeriodEndsAt: Date? = nil
  ) {
    self.type = type
    self.subtype = subtype
    self.uuid = uuid
    self.signedDate = signedDate
    self.transaction = transaction
    self.gracePeriodEndsAt = gracePeriodEndsAt
  }
}

/// How Apple's signed purchases and notifications become what the subscription is told.
public enum AppStoreRules {
  /// The `appAccountToken` for an account: its 128-bit id as a UUID, which the app sets at purchase.
  public static func appAccountToken(for account: String) -> String? {
    let hex = Array(account.lowercased())
    guard hex.count == 32, hex.allSatisfy(\.isHexDigit) else { return nil }
    let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
    return groups.joined(separator: "-")
  }

  /// The account a purchase's `appAccountToken` names (any case, with or without hyphens).
  public static func account(inToken token: String) -> String {
    token.lowercased().filter { $0 != "-" }
  }

  /// A purchase the caller verifies: theirs, of the product sold. The subscription is told it
  /// was bought (its trial when it is the introductory offer), or withdrawn when Apple revoked it.
  public static func purchase(
    _ transaction: AppStoreTransaction, by account: String, product: SubscriptionProduct = .weekly
  ) -> Result<SubscriptionNotification, PurchaseError> {
    guard let token = transaction.appAccountToken, !token.isEmpty else { return .failure(.missingAppAccountToken) }
    guard Self.account(inToken: token) == account.lowercased() else { return .failure(.transactionUserMismatch) }
    guard transaction.productID == product.id else { return .failure(.unknownProduct) }
    return .success(notification(for: transaction))
  }

  /// What a transaction alone says: bought (or renewed) until its expiry, or withdrawn.
  public static func notification(for transaction: AppStoreTransaction) -> SubscriptionNotification {
    if transaction.revocationDate != nil {
      return SubscriptionNotification(
        .revoke, at: transaction.signedDate, productID: transaction.productID, expiresAt: transaction.expiresDate)
    }
    return SubscriptionNotification(
      .subscribed, at: transaction.purchaseDate, productID: transaction.productID,
      expiresAt: transaction.expiresDate, introductoryOffer: transaction.isFreeTrial)
  }

  /// A restore: the caller's own transactions of the product, still running at `now`; expired,
  /// revoked and someone else's are skipped.
  public static func restore(
    _ transactions: [AppStoreTransaction], by account: String, at now: Date, product: SubscriptionProduct = .weekly
  ) -> [AppStoreTransaction] {
    transactions.filter { transaction in
      guard case .success = purchase(transaction, by: account, product: product) else { return false }
      guard transaction.revocationDate == nil, let expires = transaction.expiresDate else { return false }
      return expires > now
    }
  }

  /// What a notification tells the subscription; nil for one that changes nothing (TEST, a
  /// failed renewal without a grace period, a type Wearbloom does not act on).
  public static func notification(for notification: AppStoreNotification) -> SubscriptionNotification? {
    let transaction = notification.transaction
    func make(_ kind: SubscriptionNotification.Kind, grace: Date? = nil) -> SubscriptionNotification {
      SubscriptionNotification(
        kind, at: notification.signedDate, productID: transaction?.productID, expiresAt: transaction?.expiresDate,
        introductoryOffer: transaction?.isFreeTrial ?? false, gracePeriodEndsAt: grace)
    }
    switch (notification.type, notification.subtype) {
    case ("SUBSCRIBED", _): return make(.subscribed)
    case ("DID_RENEW", _), ("REFUND_REVERSED", _): return make(.didRenew)
    case ("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED"): return make(.autoRenewDisabled)
    case ("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_ENABLED"): return make(.autoRenewEnabled)
    case ("DID_FAIL_TO_RENEW", "GRACE_PERIOD"):
      guard let grace = notification.gracePeriodEndsAt else { return nil }
      return make(.didFailToRenew, grace: grace)
    case ("GRACE_PERIOD_EXPIRED", _): return make(.gracePeriodExpired)
    case ("EXPIRED", _): return make(.expired)
    case ("REFUND", _): return make(.refund)
    case ("REVOKE", _): return make(.revoke)
    default: return nil
    }
  }
}
