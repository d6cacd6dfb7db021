import Foundation

/// Which stored images nothing keeps, decided from what the database and the blob store report.
///
/// An upload writes its files, then its image row, then the row that keeps it (a garment, a body
/// photo, a render); a crash between two steps leaves files with no row, or a row nothing keeps.
/// Nothing younger than the grace period is ever an orphan: it may be an upload still under way.
public enum OrphanImages {
  /// How long an image may go unkept before it is an orphan: far longer than any upload takes.
  public static let defaultGracePeriod: TimeInterval = 3_600
  /// How often the sweep runs.
  public static let interval: TimeInterval = 3_600

  /// An image row as stored: its id, its owner, when it was written.
  public struct Row: Hashable, Sendable {
    public let image: ImageReference
    public let owner: String
    public let createdAt: Date

    public init(image: ImageReference, owner: String, createdAt: Date) {
      self.image = image
      self.owner = owner
      self.createdAt = createdAt
    }
  }

  /// One image's folder of files in the blob store, and when its newest file was written.
  public struct Folder: Hashable, Sendable {
    public let owner: String
    public let image: String
    public let newest: Date

    public init(owner: String, image: String, newest: Date) {
      self.owner = owner
      self.image = image
      self.newest = newest
    }
  }

  /// What keeps an image: a garment's photo or cutout, a body photo, a render's result or late
  /// result. An image none of these names is kept by nothing (an onboarding keeps its images
  /// through these rows, under its own owner).
  public struct References: Sendable {
    public var garmentPhotos: [ImageReference?] = []
    public var garmentCutouts: [ImageReference?] = []
    public var bodyPhotos: [ImageReference?] = []
    public var renderResults: [ImageReference?] = []
    public var lateResults: [ImageReference?] = []

    public init() {}

    var all: Set<ImageReference> {
      Set((garmentPhotos + garmentCutouts + bodyPhotos + renderResults + lateResults).compactMap { $0 })
    }
  }

  /// The image rows to delete with their files: older than `grace` at `now`, and named by no
  /// reference.
  public static func rows(
    _ rows: [Row], references: References, now: Date, grace: TimeInterval = defaultGracePeriod
  ) -> [Row] {
    let kept = references.all
    return rows.filter { !kept.contains($0.image) && now.timeIntervalSince($0.createdAt) >= grace }
  }

  /// The folders to delete: no image row of that owner names them, and their newest file is older
  /// than `grace` at `now`. A folder under another owner than its row's (an onboarding's files
  /// copied into the account it moved to) is an orphan too: the row's owner has its own copy.
  public static func folders(
    _ folders: [Folder], rows: [Row], now: Date, grace: TimeInterval = defaultGracePeriod
  ) -> [Folder] {
    let stored = Set(rows.map { OwnedImage(owner: $0.owner, image: $0.image.value) })
    return folders.filter {
      !stored.contains(OwnedImage(owner: $0.owner, image: $0.image)) && now.timeIntervalSince($0.newest) >= grace
    }
  }

  /// The moment before which an unfinished write (a temporary file) was cut off by a crash.
  public static func unfinishedWritesBefore(now: Date, grace: TimeInterval = defaultGracePeriod) -> Date {
    now.addingTimeInterval(-grace)
  }

  private struct OwnedImage: Hashable {
    let owner: String
    let image: String
  }
}
