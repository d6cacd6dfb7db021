import Foundation
import OrchardJobs
import OrchardKit
import SQLKit
import ServerKit
import Synchronization

/// What one part of an app keeps for an account (a wardrobe, quiz progress), able to hand it over
/// and to remove it. Each app registers one with its realm's ``AccountDataRegistry``; export and
/// deletion then cover everything, whatever the app grows to keep.
public protocol AccountData: Sendable {
  /// The export's key for this part (`wardrobe`).
  var name: String { get }
  /// Everything this part keeps for the account, as JSON.
  func export(account: String) async throws -> any Encodable & Sendable
  /// Whether this part keeps files (photos) for its accounts: a realm with one exports a zip of
  /// the JSON and the files, so every account of it gets the same kind of download.
  var keepsFiles: Bool { get }
  /// The files the part's export names, each at its path in the archive.
  func files(account: String) async throws -> [ZipArchive.Entry]
  /// Removes everything this part keeps for the account (blobs included). It must be safe to run
  /// again after a crash part-way: the deletion job repeats it until it succeeds.
  func delete(account: String) async throws
  /// Moves what this part kept for an anonymous device to the account just made on it
  /// (``DeviceAdoption``). Safe to run twice.
  func adopt(device: String, into account: String) async throws
}

extension AccountData {
  public var keepsFiles: Bool { false }
  public func files(account: String) async throws -> [ZipArchive.Entry] { [] }

  /// A part that keeps nothing per device has nothing to move.
  public func adopt(device: String, into account: String) async throws {}
}

/// The parts of one realm that keep data for its accounts.
public final class AccountDataRegistry: Sendable {
  private let parts: Mutex<[any AccountData]>

  public init(_ parts: [any AccountData] = []) { self.parts = Mutex(parts) }

  /// Adds a part: called by an app as it mounts, before the first request.
  public func register(_ part: any AccountData) {
    parts.withLock { parts in
      precondition(!parts.contains { $0.name == part.name }, "one part a name")
      parts.append(part)
    }
  }

  public var all: [any AccountData] { parts.withLock { $0 } }
}

/// Deleting an account, as a job: every registered part's data first, then the identity rows, so
/// a crash part-way leaves the account findable and the job runs again from the start (each step
/// is idempotent). The job's row is removed when it is done, since it names the account.
public enum AccountDeletion {
  public static let kind = "account-deletion"

  struct Payload: Codable {
    let account: String
    let app: String
  }

  /// Queues the deletion of `account` on `connection` (with the change that marks it deleted).
  static func enqueue(_ account: Account, queue: JobQueue, on connection: any SQLDatabase) async throws {
    try await queue.enqueue(
      kind, key: account.id, value: Payload(account: account.id, app: account.app), maxAttempts: 20,
      on: connection)
  }

  /// The job, over every realm's registry (`registries` by app).
  public static func job(
    store: AccountStore, registries: [String: AccountDataRegistry], clock: any WallClock,
    random: RandomSource
  ) -> JobKind {
    JobKind(kind, concurrency: 1, timeout: .seconds(300), firstRetry: 30, longestWait: 3_600, forgetsWhenDone: true) {
      job in
      let payload = try job.decode(Payload.self)
      for part in registries[payload.app]?.all ?? [] { try await part.delete(account: payload.account) }
      try await store.erase(payload.account)
      try await store.record(
        "account-deleted", app: payload.app, account: nil, address: nil, id: random.id().description, at: clock.now)
    }
  }
}
