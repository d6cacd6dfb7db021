import Foundation

/// Private bytes by key: users' photos and what the server makes of them.
///
/// Nothing in a store is public. A store has no URLs to hand out: the app reads a blob and serves
/// it to its owner. Writes are whole and atomic (a reader sees the old bytes or the new ones, never
/// a part), and deletes are idempotent.
public protocol BlobStore: Sendable {
  /// Stores `bytes` under `key`, replacing what was there. `contentType` is kept where the store
  /// keeps metadata (object storage), for anyone inspecting the bucket.
  func put(_ key: BlobKey, bytes: [UInt8], contentType: String) async throws

  /// The bytes under `key`, or nil when there are none.
  func get(_ key: BlobKey) async throws -> [UInt8]?

  /// Removes `key`; removing a key that does not exist is not an error.
  func delete(_ key: BlobKey) async throws

  /// Every key under `prefix`, in no particular order.
  func list(under prefix: BlobKey) async throws -> [BlobKey]

  /// Every key under `prefix` with when it was last written, in no particular order.
  func entries(under prefix: BlobKey) async throws -> [BlobEntry]

  /// Removes what writes cut off by a crash left behind, begun before `cutoff`, and returns how
  /// many there were. A store whose writes leave nothing half-done (object storage) has none.
  @discardableResult
  func deleteUnfinishedWrites(before cutoff: Date) async throws -> Int

  /// Removes every key under `prefix` and returns how many there were: an account's deletion.
  @discardableResult
  func deleteAll(under prefix: BlobKey) async throws -> Int
}

/// A key in a store and when its bytes were last written.
public struct BlobEntry: Hashable, Sendable {
  public let key: BlobKey
  public let modified: Date

  public init(key: BlobKey, modified: Date) {
    self.key = key
    self.modified = modified
  }
}

/// A store that could not do what it was asked, with what it answered.
public struct BlobStoreError: Error, CustomStringConvertible, Sendable {
  /// What was asked (`put`, `get`, …) and of which key or prefix.
  public let operation: String
  /// The cause: an HTTP status and S3 error code, or a system error.
  public let cause: String

  public init(_ operation: String, cause: String) {
    self.operation = operation
    self.cause = cause
  }

  public var description: String { "blob store \(operation) failed: \(cause)" }
}
