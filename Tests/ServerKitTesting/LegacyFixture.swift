import Foundation
import Logging
import OrchardDatabase
import SQLKit
import ServerKit

/// Rows an earlier build wrote, kept as JSON beside an app's tests (`Fixtures/<name>.json`): a
/// database is brought to that build's schema, given these rows, then migrated to this build's,
/// to prove the migrations move every row without loss.
public struct LegacyFixture: Sendable {
  /// Table by table, in the order they must be written (a row before those that refer to it).
  public let tables: [(name: String, rows: [[String: Value]])]

  /// A column's value as the fixture holds it.
  public enum Value: Sendable {
    case text(String)
    case integer(Int64)
    case real(Double)
    case null

    var bind: SQLBind {
      switch self {
      case .text(let text): SQLBind(text)
      case .integer(let number): SQLBind(number)
      case .real(let number): SQLBind(number)
      case .null: SQLBind(String?.none)
      }
    }
  }

  /// The migrations the earlier build had run, by id.
  public static let migratedBefore: Set<String> = [
    "serverkit-0001-devices", "orchard-0001-apps", "platform-0002-double-precision-times", "faith-jar-0001-devices",
    "miga-0001-devices", "miga-0002-content", "miga-0003-events", "miga-web-0001-devices", "walkworthy-0001-devices",
    "walkworthy-web-0001-devices",
  ]

  /// Reads `Fixtures/<name>.json` beside the calling test file.
  public init(_ name: String, filePath: String = #filePath) throws {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name + ".json")
    let document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let tables = document?["tables"] as? [[Any]] ?? []
    self.tables = tables.compactMap { pair in
      guard pair.count == 2, let name = pair[0] as? String, let rows = pair[1] as? [[String: Any]] else { return nil }
      return (name, rows.map { $0.mapValues(Self.value) })
    }
  }

  private static func value(_ any: Any) -> Value {
    switch any {
    case let text as String: return .text(text)
    case let number as NSNumber:
      let double = number.doubleValue
      return double.rounded() == double && abs(double) < 1e15 ? .integer(number.int64Value) : .real(double)
    default: return .null
    }
  }

  /// `database` as the earlier build left it: its migrations run (of those `apps` list), then
  /// these rows written.
  public func restore(into database: any SQLDatabase, apps: [any OrchardApp]) async throws {
    let earlier = serverMigrations(apps: apps).migrations.filter { Self.migratedBefore.contains($0.id) }
    try await MigrationRunner(earlier).run(on: database, logger: Logger(label: "test"))
    for (table, rows) in tables {
      for row in rows {
        let columns = row.keys.sorted()
        try await database.insert(into: table).columns(columns).values(columns.map { row[$0]!.bind }).run()
      }
    }
  }
}
