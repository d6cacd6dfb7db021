import Foundation
import MIGACore
import OrchardDatabase
import SQLKit
import ServerKit

/// Where the library's change history stands.
public struct ContentState: Sendable, Equatable {
  /// The sequence number of the latest change; 0 for an empty library.
  public let lastSeq: Int64
  /// Tombstones up to this sequence number have been purged: a client whose cursor is older may
  /// have missed a retirement and must resync from scratch.
  public let purgedSeq: Int64

  public init(lastSeq: Int64, purgedSeq: Int64) {
    self.lastSeq = lastSeq
    self.purgedSeq = purgedSeq
  }
}

/// A retired item, kept for the retention period so that clients learn to delete it.
public struct ContentTombstone: Sendable, Equatable {
  public let id: String
  public let retiredAt: Date
}

/// The library's items and tombstones in a range of the history.
public struct ContentChanges: Sendable, Equatable {
  public var items: [ContentItem]
  public var tombstones: [ContentTombstone]
}

/// Storage of the content library with a monotonic change sequence.
public protocol MIGAContentStore: Sendable {
  func state() async throws -> ContentState
  /// Live items and tombstones changed after `since` and up to `state.lastSeq`, in change order;
  /// with `since` nil, every live item and no tombstones.
  func changes(since: Int64?, upTo state: ContentState) async throws -> ContentChanges
  /// Reads every row and writes what `decide` returns, atomically: concurrent imports (several
  /// servers seeding one PostgreSQL database at once) run one after the other.
  func update<R: Sendable>(
    at now: Date, _ decide: @escaping @Sendable ([StoredContent]) throws -> (changes: [ContentChange], result: R)
  ) async throws -> R
  /// Deletes tombstones retired before `cutoff`; returns how many.
  func purgeTombstones(retiredBefore cutoff: Date) async throws -> Int
  /// Every row's id, sequence number and whether it is retired, in id order (for the admin list).
  func list() async throws -> [(id: String, seq: Int64, isRetired: Bool)]
}

/// The library in `miga_content`, its position in `miga_content_sync` (one row).
///
/// Every change takes the next number from `miga_content_sync.last_seq` inside the writing
/// transaction, which holds that row's lock until it commits. So a reader that sees `last_seq = n`
/// also sees every row numbered up to n, and a cursor never skips a change committed late.
public struct SQLMIGAContentStore: MIGAContentStore {
  let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  public func state() async throws -> ContentState {
    struct Row: Decodable {
      let last_seq: Int64
      let purged_seq: Int64
    }
    let row: Row? = try await database.select().columns("last_seq", "purged_seq").from("miga_content_sync")
      .where("id", .equal, SQLBind(1)).first(decoding: Row.self)
    return ContentState(lastSeq: row?.last_seq ?? 0, purgedSeq: row?.purged_seq ?? 0)
  }

  public func changes(since: Int64?, upTo state: ContentState) async throws -> ContentChanges {
    struct Row: Decodable {
      let id: String
      let item: String
      let retired_at: Int64?
    }
    let query = database.select().columns("id", "item", "retired_at").from("miga_content")
      .where("seq", .lessThanOrEqual, SQLBind(state.lastSeq))
      .orderBy("seq")
    if let since {
      query.where("seq", .greaterThan, SQLBind(since))
    } else {
      query.where("retired_at", .is, SQLLiteral.null)
    }
    let rows: [Row] = try await query.all(decoding: Row.self)
    var changes = ContentChanges(items: [], tombstones: [])
    let decoder = JSONDecoder()
    for row in rows {
      if let retired = row.retired_at {
        changes.tombstones.append(ContentTombstone(id: row.id, retiredAt: Date(milliseconds: retired)))
      } else {
        changes.items.append(try decoder.decode(ContentItem.self, from: Data(row.item.utf8)))
      }
    }
    return changes
  }

  public func update<R: Sendable>(
    at now: Date, _ decide: @escaping @Sendable ([StoredContent]) throws -> (changes: [ContentChange], result: R)
  ) async throws -> R {
    try await database.inTransaction { session in
      // Written first so the transaction holds the write lock before it reads (PostgreSQL's row
      // lock; SQLite's database lock, taken before any read so it never has to upgrade).
      try await session.update("miga_content_sync").set("last_seq", to: SQLIdentifier("last_seq"))
        .where("id", .equal, SQLBind(1)).run()
      let lastSeq = try await Self.lastSeq(on: session)
      let (changes, result) = try decide(try await Self.stored(on: session))
      try await Self.write(changes, after: lastSeq, at: now, on: session)
      return result
    }
  }

  public func purgeTombstones(retiredBefore cutoff: Date) async throws -> Int {
    try await database.inTransaction { session in
      try await session.update("miga_content_sync").set("last_seq", to: SQLIdentifier("last_seq"))
        .where("id", .equal, SQLBind(1)).run()
      struct Row: Decodable { let seq: Int64 }
      let purged: [Row] = try await session.delete(from: "miga_content")
        .where("retired_at", .lessThan, SQLBind(cutoff.milliseconds))
        .returning("seq").all(decoding: Row.self)
      if let highest = purged.map(\.seq).max() {
        try await session.raw(
          "UPDATE miga_content_sync SET purged_seq = CASE WHEN purged_seq > \(bind: highest) THEN purged_seq ELSE \(bind: highest) END WHERE id = 1"
        ).run()
      }
      return purged.count
    }
  }

  public func list() async throws -> [(id: String, seq: Int64, isRetired: Bool)] {
    struct Row: Decodable {
      let id: String
      let seq: Int64
      let retired_at: Int64?
    }
    let rows: [Row] = try await database.select().columns("id", "seq", "retired_at").from("miga_content")
      .orderBy("id").all(decoding: Row.self)
    return rows.map { ($0.id, $0.seq, $0.retired_at != nil) }
  }

  private static func lastSeq(on session: any SQLDatabase) async throws -> Int64 {
    struct Row: Decodable { let last_seq: Int64 }
    let row: Row? = try await session.select().column("last_seq").from("miga_content_sync")
      .where("id", .equal, SQLBind(1)).first(decoding: Row.self)
    return row?.last_seq ?? 0
  }

  private static func stored(on session: any SQLDatabase) async throws -> [StoredContent] {
    struct Row: Decodable {
      let id: String
      let item: String
      let retired_at: Int64?
    }
    let rows: [Row] = try await session.select().columns("id", "item", "retired_at").from("miga_content")
      .all(decoding: Row.self)
    let decoder = JSONDecoder()
    return rows.map {
      StoredContent(
        id: $0.id, item: try? decoder.decode(ContentItem.self, from: Data($0.item.utf8)),
        isRetired: $0.retired_at != nil)
    }
  }

  /// Writes the changes numbered `lastSeq + 1`, `lastSeq + 2`, … and moves `last_seq` on.
  private static func write(
    _ changes: [ContentChange], after lastSeq: Int64, at now: Date, on session: any SQLDatabase
  ) async throws {
    guard !changes.isEmpty else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let stamp = now.milliseconds
    var seq = lastSeq
    var inserts: [[any SQLExpression]] = []
    for change in changes {
      seq += 1
      switch change {
      case .insert(let item):
        let json = String(decoding: try encoder.encode(item), as: UTF8.self)
        inserts.append([SQLBind(item.id), SQLBind(json), SQLBind(seq), SQLBind(stamp), SQLLiteral.null])
      case .replace(let item):
        let json = String(decoding: try encoder.encode(item), as: UTF8.self)
        try await session.update("miga_content")
          .set("item", to: SQLBind(json)).set("seq", to: SQLBind(seq)).set("updated_at", to: SQLBind(stamp))
          .set("retired_at", to: SQLLiteral.null)
          .where("id", .equal, SQLBind(item.id)).run()
      case .retire(let id):
        try await session.update("miga_content")
          .set("seq", to: SQLBind(seq)).set("updated_at", to: SQLBind(stamp)).set("retired_at", to: SQLBind(stamp))
          .where("id", .equal, SQLBind(id)).run()
      }
    }
    // 500 rows of 5 values stay far below both engines' limits on bound parameters.
    for start in stride(from: 0, to: inserts.count, by: 500) {
      let insert = session.insert(into: "miga_content").columns("id", "item", "seq", "updated_at", "retired_at")
      for row in inserts[start..<min(start + 500, inserts.count)] { insert.values(row) }
      try await insert.run()
    }
    try await session.update("miga_content_sync").set("last_seq", to: SQLBind(seq))
      .where("id", .equal, SQLBind(1)).run()
  }

  static let migration = Migration("miga-0002-content") { database in
    try await database.create(table: "miga_content")
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("item", type: .text, .notNull)
      .column("seq", type: .bigint, .notNull, .unique)
      .column("updated_at", type: .bigint, .notNull)
      .column("retired_at", type: .bigint)
      .run()
    try await database.create(table: "miga_content_sync")
      .column("id", type: .int, .primaryKey(autoIncrement: false))
      .column("last_seq", type: .bigint, .notNull)
      .column("purged_seq", type: .bigint, .notNull)
      .run()
    try await database.insert(into: "miga_content_sync").columns("id", "last_seq", "purged_seq")
      .values(SQLBind(1), SQLBind(Int64(0)), SQLBind(Int64(0))).run()
  }
}

extension Date {
  /// Whole milliseconds since 1970: how MIGA's tables store instants (a PostgreSQL `REAL` would
  /// keep only about two minutes' precision).
  var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

  init(milliseconds: Int64) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
