import Foundation
import IdentityCore
import OrchardJobs
import OrchardKit
import ServerKit

/// Answering a reset request, as a job: the request only queues it, the same work whether or not
/// an account has the email, and the job looks the account up and mails the link. The job's row
/// names the email and the asking address, so it is removed when done.
public enum ResetRequests {
  public static let kind = "identity-recover"

  struct Payload: Codable {
    let app: String
    /// The email as asked for, normalised.
    let email: String
    /// Where the mailed link points.
    let origin: String
    /// The client address that asked, for the account's history.
    let address: String
  }

  /// A job's realm is not one this server has.
  struct UnknownRealm: Error, CustomStringConvertible {
    let app: String
    var description: String { "no realm \(app) on this server for a reset request" }
  }

  /// Queues the request; every call writes one new job row.
  static func enqueue(
    email: EmailAddress, origin: String, address: String, app: String, queue: JobQueue, random: RandomSource
  ) async throws {
    try await queue.enqueue(
      kind, key: random.id().description,
      value: Payload(app: app, email: email.normalized, origin: origin, address: address), maxAttempts: 10)
  }

  /// The job, over each realm's accounts (by app). One run at a time in a process, so two requests
  /// for one account cannot both pass the one-link-a-minute rule here.
  public static func job(_ accounts: [String: Accounts]) -> JobKind {
    JobKind(kind, concurrency: 1, timeout: .seconds(60), firstRetry: 10, longestWait: 3_600, forgetsWhenDone: true) {
      job in
      let payload = try job.decode(Payload.self)
      guard let realmAccounts = accounts[payload.app] else { throw UnknownRealm(app: payload.app) }
      let email = try EmailAddress.parse(payload.email).get()
      try await realmAccounts.mailResetLink(to: email, origin: payload.origin, address: payload.address)
    }
  }
}

extension Accounts {
  /// Mails a reset link when an account has this email, at most one a minute to an account; for
  /// an email without an account, nothing. Run by the ``ResetRequests`` job, never in a request.
  func mailResetLink(to email: EmailAddress, origin: String, address: String?) async throws {
    guard let (account, _) = try await store.account(app: realm.app, email: email) else { return }
    if let last = try await store.lastEmailLink(of: account.id, purpose: .reset), clock.now.timeIntervalSince(last) < 60
    {
      return
    }
    try await mailLink(.reset, account: account, to: email.normalized, origin: origin, page: "reset")
    try await identity.audit("reset-requested", account: account.id, address: address)
  }
}
