import MIGACore

/// One stored library row as the importer sees it.
public struct StoredContent: Sendable, Equatable {
  public let id: String
  /// Nil when the stored JSON no longer decodes (an older shape): the import rewrites it.
  public let item: ContentItem?
  public let isRetired: Bool

  public init(id: String, item: ContentItem?, isRetired: Bool) {
    self.id = id
    self.item = item
    self.isRetired = isRetired
  }
}

/// A write the library needs; each one gives the row a new sequence number, so clients see it.
public enum ContentChange: Sendable, Equatable {
  /// A new row.
  case insert(ContentItem)
  /// A row whose item changed, or a retired row that comes back.
  case replace(ContentItem)
  /// A live row that leaves the library; it stays as a tombstone for the retention period.
  case retire(id: String)
}

/// What an import or a retirement did, as `orchard miga content` prints it.
public struct ContentImportReport: Sendable, Equatable {
  public var added: [String] = []
  public var updated: [String] = []
  public var unchanged = 0
  public var retired: [String] = []
  /// Ids asked to be retired that are not live (unknown, or retired already).
  public var notLive: [String] = []

  public init() {}

  public var summary: String {
    "added \(added.count), updated \(updated.count), unchanged \(unchanged), retired \(retired.count)"
      + (notLive.isEmpty ? "" : "; not live, so left alone: \(notLive.joined(separator: ", "))")
  }
}

/// Decides what an import changes. Pure, so the rules are tested without a database.
///
/// An item is written only when its value differs from the stored one, so an unchanged library
/// moves no cursor and clients' ETags stay valid. Ids in the stored library but not in the
/// incoming one are retired only when `retireMissing` is set (the admin command's full import):
/// the server's startup seed never retires, so an older build starting against a newer database
/// cannot take items away that an operator added.
public enum ContentImportPlan {
  public static func changes(
    stored: [StoredContent], incoming: [ContentItem], retireMissing: Bool
  ) -> (changes: [ContentChange], result: ContentImportReport) {
    let byID = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var changes: [ContentChange] = []
    var report = ContentImportReport()
    for item in incoming {
      guard let row = byID[item.id] else {
        changes.append(.insert(item))
        report.added.append(item.id)
        continue
      }
      if row.isRetired {
        changes.append(.replace(item))
        report.added.append(item.id)
      } else if row.item != item {
        changes.append(.replace(item))
        report.updated.append(item.id)
      } else {
        report.unchanged += 1
      }
    }
    if retireMissing {
      let incomingIDs = Set(incoming.map(\.id))
      for row in stored where !row.isRetired && !incomingIDs.contains(row.id) {
        changes.append(.retire(id: row.id))
        report.retired.append(row.id)
      }
    }
    return (changes, report)
  }

  /// Retires the given ids that are live; the others are reported and left alone.
  public static func retirements(
    stored: [StoredContent], ids: [String]
  ) -> (
    changes: [ContentChange], result: ContentImportReport
  ) {
    let live = Set(stored.filter { !$0.isRetired }.map(\.id))
    var report = ContentImportReport()
    var changes: [ContentChange] = []
    for id in ids where !report.retired.contains(id) && !report.notLive.contains(id) {
      if live.contains(id) {
        changes.append(.retire(id: id))
        report.retired.append(id)
      } else {
        report.notLive.append(id)
      }
    }
    return (changes, report)
  }
}
