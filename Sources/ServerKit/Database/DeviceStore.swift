import Foundation
import OrchardDatabase
import OrchardKit
import SQLKit

/// An app's one table of devices: every device the app knows, whichever face it came through (a
/// browser's cookie device on the web version, an app install holding a bearer token on the JSON
/// API), each with one JSON document of what the app keeps for it. Both faces go through the same
/// service, so they read and write the same rows.
///
/// Every change is a compare-and-set on the row's version, retried (up to ``maxAttempts``) when
/// another request changed the row first: never last-writer-wins. A browser device gets its row on
/// its first change; an app install gets its row, with its token's hash, when it registers.
///
/// What was last read or written for each device is remembered. On a database only this process
/// writes (``Database/isShared`` is false) a remembered document *is* the row, and a read costs
/// nothing; on a shared database the row is always read, and only an unchanged one skips decoding.
public struct DeviceStore<Document: Codable & Sendable & Equatable>: Sendable {
  /// How many times a change is tried before the request is told to try again (409 `CONFLICT`):
  /// each round one writer wins, so this lets well over 50 requests of one device at one moment
  /// each have their turn.
  public static var maxAttempts: Int { CompareAndSet.maxAttempts }

  public let table: String
  private let database: any SQLDatabase
  private let shared: Bool
  private let clock: any WallClock
  private let remembered: Cache<IdempotencyID, Stored>
  private let tokens: Cache<String, IdempotencyID>
  private let fresh: @Sendable () -> Document

  /// One device's row as last read or written.
  struct Stored: Sendable {
    let version: Int64
    let json: String
    let document: Document
  }

  /// - Parameter fresh: a new device's document.
  public init(
    database: Database, table: String, clock: any WallClock, revocations: Revocations = .local,
    capacity: Int = 50_000, fresh: @escaping @Sendable () -> Document
  ) {
    self.database = database.sql
    shared = database.isShared
    self.table = table
    self.clock = clock
    self.fresh = fresh
    remembered = Cache(table, capacity: capacity, clock: clock, revocations: revocations)
    tokens = Cache(table + ".tokens", capacity: 2 * capacity, clock: clock, revocations: revocations)
  }

  // MARK: App installs

  /// A new app install with the hash of its bearer token, and a fresh document.
  public func register(_ device: IdempotencyID, tokenHash: String, at now: Date) async throws {
    let document = fresh()
    let json = try Self.encode(document)
    try await database.insert(into: table)
      .columns("device_id", "token_hash", "record", "version", "created_at", "updated_at")
      .values(
        SQLBind(device.description), SQLBind(tokenHash), SQLBind(json), SQLBind(Int64(1)),
        SQLBind(now.timeIntervalSince1970), SQLBind(now.timeIntervalSince1970)
      )
      .run()
    remembered.store(Stored(version: 1, json: json, document: document), for: device)
  }

  /// A new app install with a new id and bearer token drawn from `random`: the token is for the
  /// install to keep, shown once; only its hash is kept here.
  public func register(drawingFrom random: RandomSource, at now: Date) async throws -> NewInstall {
    var generator = random.generator
    let install = NewInstall(device: IdempotencyID(using: &generator), token: DeviceToken(using: &generator))
    try await register(install.device, tokenHash: install.token.hash, at: now)
    return install
  }

  /// The device whose bearer token hashes to `tokenHash`, if any.
  public func device(tokenHash: String) async throws -> IdempotencyID? {
    try await tokens.load(tokenHash) {
      let row: DeviceIDRow? = try await database.select().column("device_id").from(table)
        .where("token_hash", .equal, SQLBind(tokenHash)).first(decoding: DeviceIDRow.self)
      return row.flatMap { IdempotencyID($0.device_id) }
    }
  }

  // MARK: Documents

  /// The device's document, or nil when it has no row yet. A row this build cannot read counts as
  /// a fresh document, so the visitor starts afresh rather than being locked out.
  public func load(_ device: IdempotencyID) async throws -> Document? {
    try await stored(device)?.document
  }

  /// The device's document, or a fresh one for a device without a row.
  public func document(_ device: IdempotencyID) async throws -> Document {
    try await load(device) ?? fresh()
  }

  /// Loads, lets `change` decide, and saves only if the document changed, as a compare-and-set on
  /// the version read: when another request wrote first, it reads again and asks `change` again.
  /// A device without a row starts from a fresh document and gets its row.
  @discardableResult
  public func update<R>(
    _ device: IdempotencyID, at now: Date, _ change: (inout Document) async throws -> R
  ) async throws -> R {
    for _ in 0..<Self.maxAttempts {
      let current = try await stored(device)
      var document = current?.document ?? fresh()
      let result = try await change(&document)
      if let current, document == current.document { return result }
      if try await write(document, for: device, replacing: current?.version, at: now) { return result }
      await Task.yield()
    }
    throw OrchardError.conflict
  }

  /// The same, with `alongside` run in the transaction that writes the document, so both are kept
  /// or neither: the events a step recorded go with the state it moved on to.
  @discardableResult
  public func update<R: Sendable>(
    _ device: IdempotencyID, at now: Date, _ change: (inout Document) async throws -> R,
    alongside: @escaping @Sendable (R, any SQLDatabase) async throws -> Void
  ) async throws -> R {
    for _ in 0..<Self.maxAttempts {
      let current = try await stored(device)
      var document = current?.document ?? fresh()
      let result = try await change(&document)
      if let current, document == current.document {
        try await alongside(result, database)
        return result
      }
      let version = current?.version
      let written = try await database.withSession { [self, document] session in
        try await session.raw("BEGIN").run()
        do {
          guard let written = try await insertOrReplace(document, for: device, version: version, at: now, on: session)
          else {
            try await session.raw("ROLLBACK").run()
            return Stored?.none
          }
          try await alongside(result, session)
          try await session.raw("COMMIT").run()
          return written
        } catch {
          try? await session.raw("ROLLBACK").run()
          throw error
        }
      }
      guard let written else {
        remembered.drop(device)
        await Task.yield()
        continue
      }
      remembered.store(written, for: device)
      return result
    }
    throw OrchardError.conflict
  }

  /// Removes the device, its document and its token, here and in every process that shares the
  /// database: from now on the token is unknown (401) and the document fresh.
  public func delete(_ device: IdempotencyID) async throws {
    let rows = try await database.delete(from: table).where("device_id", .equal, SQLBind(device.description))
      .returning("token_hash").all(decoding: TokenRow.self)
    try await remembered.forget(device)
    for hash in rows.compactMap(\.token_hash) { try await tokens.forget(hash) }
  }

  // MARK: Rows

  private func stored(_ device: IdempotencyID) async throws -> Stored? {
    guard shared else { return try await remembered.load(device) { try await read(device, known: nil) } }
    let known = try await remembered.value(for: device)
    guard let row = try await read(device, known: known) else { return nil }
    remembered.store(row, for: device)
    return row
  }

  /// The device's row; `known` is reused when the row has not changed since it was read.
  private func read(_ device: IdempotencyID, known: Stored?) async throws -> Stored? {
    let row: RecordRow? = try await database.select().columns("record", "version").from(table)
      .where("device_id", .equal, SQLBind(device.description)).first(decoding: RecordRow.self)
    guard let row else { return nil }
    if let known, known.json == row.record, known.version == row.version { return known }
    let document = (try? JSONDecoder().decode(Document.self, from: Data(row.record.utf8))) ?? fresh()
    return Stored(version: row.version, json: row.record, document: document)
  }

  /// Writes `document` if the row is still at `version` (or, with no version, if there is no row);
  /// false when another request got there first.
  private func write(
    _ document: Document, for device: IdempotencyID, replacing version: Int64?, at now: Date
  ) async throws -> Bool {
    guard let written = try await insertOrReplace(document, for: device, version: version, at: now, on: database)
    else {
      remembered.drop(device)
      return false
    }
    remembered.store(written, for: device)
    return true
  }

  /// The compare-and-set itself, on `database` (which may be a transaction's session).
  private func insertOrReplace(
    _ document: Document, for device: IdempotencyID, version: Int64?, at now: Date, on database: any SQLDatabase
  ) async throws -> Stored? {
    let json = try Self.encode(document)
    let rows: [VersionRow]
    if let version {
      rows = try await database.update(table)
        .set("record", to: SQLBind(json)).set("version", to: SQLBind(version + 1))
        .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
        .where("device_id", .equal, SQLBind(device.description)).where("version", .equal, SQLBind(version))
        .returning("version").all(decoding: VersionRow.self)
    } else {
      rows = try await database.insert(into: table)
        .columns("device_id", "token_hash", "record", "version", "created_at", "updated_at")
        .values(
          SQLBind(device.description), SQLBind(String?.none), SQLBind(json), SQLBind(Int64(1)),
          SQLBind(now.timeIntervalSince1970), SQLBind(now.timeIntervalSince1970)
        )
        .ignoringConflicts(with: ["device_id"]).returning("version").all(decoding: VersionRow.self)
    }
    return rows.first.map { Stored(version: $0.version, json: json, document: document) }
  }

  public static func encode(_ document: Document) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(document), as: UTF8.self)
  }

  // MARK: Schema

  /// Creates an app's device table: one row per device, the token's hash for app installs.
  public static func createTable(_ table: String, on database: any SQLDatabase) async throws {
    try await database.create(table: table)
      .column("device_id", type: .text, .primaryKey(autoIncrement: false))
      .column("token_hash", type: .text)
      .column("record", type: .text, .notNull)
      .column("version", type: .bigint, .notNull)
      .column("created_at", type: .epochSeconds, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .run()
  }

  /// The index that finds an app install by its token (unique; browser devices have none).
  public static func indexTokens(_ table: String, on database: any SQLDatabase) async throws {
    try await database.create(index: "\(table)_by_token").unique().on(table).column("token_hash").run()
  }

  /// Rebuilds a table of web documents (`device_id`, `record`, `updated_at`) as a device table in
  /// place, every row kept: the rows are copied into a new table, which then takes the old name.
  public static func adoptDocuments(_ table: String, on database: any SQLDatabase) async throws {
    try await createTable(table + "_next", on: database)
    try await database.raw(
      """
      INSERT INTO \(ident: table + "_next") (device_id, token_hash, record, version, created_at, updated_at) \
      SELECT device_id, NULL, record, 1, updated_at, updated_at FROM \(ident: table)
      """
    ).run()
    try await database.drop(table: table).run()
    try await database.raw("ALTER TABLE \(ident: table + "_next") RENAME TO \(ident: table)").run()
    try await indexTokens(table, on: database)
  }
}

/// An app install just registered, and the token it will authenticate with.
public struct NewInstall: Sendable {
  public let device: IdempotencyID
  public let token: DeviceToken
}

private struct DeviceIDRow: Decodable { let device_id: String }

private struct TokenRow: Decodable { let token_hash: String? }

private struct RecordRow: Decodable {
  let record: String
  let version: Int64
}

private struct VersionRow: Decodable { let version: Int64 }

extension OrchardError {
  /// A change that lost its compare-and-set every time it was tried: rare enough to ask again.
  public static let conflict = OrchardError(
    status: .conflict, code: "CONFLICT", title: "Please try again",
    detail: "This was changed by another request at the same moment, and nothing of yours was lost. Try again.")
}
