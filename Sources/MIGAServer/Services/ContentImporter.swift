import Foundation
import MIGACore

/// Brings the stored library in line with a `library.json`: the server's startup seed and the
/// `orchard miga content` command share this one code path.
public struct ContentImporter: Sendable {
  /// How long a retired item stays as a tombstone. A client that has not synced for longer gets a
  /// full resync instead of a delta.
  public static let tombstoneRetention: TimeInterval = 90 * 24 * 60 * 60

  let repository: any MIGAContentStore

  public init(repository: any MIGAContentStore) { self.repository = repository }

  /// Adds new items and rewrites changed ones; with `retireMissing`, retires the live items the
  /// library no longer has. Then purges tombstones past the retention period.
  @discardableResult
  public func importLibrary(
    _ library: ContentLibrary, retireMissing: Bool, at now: Date
  ) async throws
    -> ContentImportReport
  {
    try Self.check(library)
    let items = library.items
    let report = try await repository.update(at: now) { stored in
      ContentImportPlan.changes(stored: stored, incoming: items, retireMissing: retireMissing)
    }
    try await purge(at: now)
    return report
  }

  /// Retires the live items among `ids`.
  public func retire(_ ids: [String], at now: Date) async throws -> ContentImportReport {
    try await repository.update(at: now) { stored in ContentImportPlan.retirements(stored: stored, ids: ids) }
  }

  /// Deletes tombstones older than the retention period.
  @discardableResult
  public func purge(at now: Date) async throws -> Int {
    try await repository.purgeTombstones(retiredBefore: now.addingTimeInterval(-Self.tombstoneRetention))
  }

  /// A library the API could not serve as promised is refused whole, before anything is written.
  static func check(_ library: ContentLibrary) throws(ContentImportError) {
    do {
      try library.validate()
    } catch {
      switch error {
      case .duplicateID(let id): throw .duplicateID(id)
      case .invalidID(let id): throw .invalidID(id)
      case .emptyText(let id): throw .emptyText(id)
      }
    }
  }
}

/// Why a library cannot be imported.
public enum ContentImportError: Error, Equatable, CustomStringConvertible {
  case duplicateID(String)
  case invalidID(String)
  case emptyText(String)
  case missingBundledLibrary

  public var description: String {
    switch self {
    case .duplicateID(let id): "the library has the id \(id) twice"
    case .invalidID(let id):
      "\"\(id)\" is not a valid id: \(MIGAEvent.idLength.lowerBound) to \(MIGAEvent.idLength.upperBound) printable ASCII characters without spaces"
    case .emptyText(let id): "\(id) has no text"
    case .missingBundledLibrary: "the bundled library.json is missing from this build"
    }
  }
}
