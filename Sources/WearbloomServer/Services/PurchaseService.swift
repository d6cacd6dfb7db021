import Foundation
import Logging
import OrchardKit
import WearbloomCore

/// Apple's in-app purchases on the server: a purchase verified and applied to the buyer's
/// subscription, a restore, and App Store Server Notifications, each applied once. Everything
/// goes through the same state machine as the web's test store (``Subscription``).
public struct PurchaseService: Sendable {
  let verifier: AppStoreVerifier
  let subscriptions: SubscriptionStore
  let tryOn: TryOnService
  let logger: Logger

  /// Signed transactions one restore may carry.
  public static let restoreLimit = 50

  public init(verifier: AppStoreVerifier, tryOn: TryOnService, logger: Logger) {
    self.verifier = verifier
    subscriptions = tryOn.subscriptions
    self.tryOn = tryOn
    self.logger = logger
  }

  /// A purchase the app made (`signedTransactionInfo`), by `owner`: checked, then applied once.
  public func verify(_ signedTransaction: String, by owner: String) async throws -> SubscriptionSummary {
    let transaction = try await verifier.transaction(signedTransaction)
    let notification = try AppStoreRules.purchase(transaction, by: owner).get()
    try await apply(notification, of: transaction, to: owner)
    return try await tryOn.summary(of: owner)
  }

  /// Purchases restored on a new device: each of `owner`'s own, still running, is applied; one
  /// not signed by Apple, expired, revoked or someone else's is skipped. Returns how many were.
  public func restore(_ signedTransactions: [String], by owner: String) async throws -> (Int, SubscriptionSummary) {
    var verified: [AppStoreTransaction] = []
    for signed in signedTransactions.prefix(Self.restoreLimit) {
      do {
        verified.append(try await verifier.transaction(signed))
      } catch {
        logger.info("a restored transaction was not Apple's", metadata: ["why": "\(error)"])
      }
    }
    let restored = AppStoreRules.restore(verified, by: owner, at: tryOn.clock.now)
    for transaction in restored {
      try await apply(AppStoreRules.notification(for: transaction), of: transaction, to: owner)
    }
    return (restored.count, try await tryOn.summary(of: owner))
  }

  /// An App Store Server Notification V2 (`signedPayload`): checked, then applied to its account
  /// once, however often Apple delivers it. One about no account we know, or that changes nothing
  /// (TEST), is recorded and answered all the same.
  public func receive(_ signedPayload: String) async throws -> AppStoreNotification {
    let notification = try await verifier.notification(signedPayload)
    try await record(notification)
    return notification
  }

  private func record(_ notification: AppStoreNotification) async throws {
    guard let transaction = notification.transaction else { return }
    let owner: String? =
      if let token = transaction.appAccountToken { AppStoreRules.account(inToken: token) } else {
        try await subscriptions.owner(ofOriginalTransaction: transaction.originalTransactionID)
      }
    guard let owner else {
      logger.info("an App Store notification about no account we know", metadata: ["type": "\(notification.type)"])
      return
    }
    try await subscriptions.link(originalTransaction: transaction.originalTransactionID, to: owner)
    let told = AppStoreRules.notification(for: notification).map { [$0] } ?? []
    try await subscriptions.apply(told, to: owner, event: .init(source: "apple-notification", id: notification.uuid))
  }

  private func apply(
    _ notification: SubscriptionNotification, of transaction: AppStoreTransaction, to owner: String
  ) async throws {
    try await subscriptions.link(originalTransaction: transaction.originalTransactionID, to: owner)
    try await subscriptions.apply(
      [notification], to: owner, event: .init(source: "apple-transaction", id: transaction.transactionID))
  }
}
