import Foundation
import OrchardBlobs
import OrchardJobs
import OrchardKit
import ServerKit
import WearbloomCore

/// Removes what uploads cut off by a crash left behind: image rows nothing keeps (with their
/// files), image folders with no row, and unfinished writes of the local store. It runs as a job
/// every ``OrphanImages/interval``, one at a time across every process on the database; what is
/// an orphan is ``OrphanImages``' rule, and nothing younger than the grace period is touched.
public struct ImageSweep: Sendable {
  let wardrobe: WardrobeService
  let queue: JobQueue
  /// How long an image may go unkept before it is an orphan (`ORCHARD_WEARBLOOM_ORPHAN_GRACE`).
  let grace: TimeInterval

  public init(wardrobe: WardrobeService, queue: JobQueue, grace: TimeInterval = OrphanImages.defaultGracePeriod) {
    self.wardrobe = wardrobe
    self.queue = queue
    self.grace = grace
  }

  /// The job that sweeps, keyed by the start of its interval (seconds since 1970), so every process
  /// queues the same one.
  public static let job = "wearbloom-image-sweep"
  /// The setting that shortens or lengthens the grace period, in seconds.
  public static let graceSetting = "ORCHARD_WEARBLOOM_ORPHAN_GRACE"

  /// The grace period the configuration names; unset, ``OrphanImages/defaultGracePeriod``.
  public static func grace(environment: Settings) throws -> TimeInterval {
    guard let text = environment.value(graceSetting), !text.isEmpty else { return OrphanImages.defaultGracePeriod }
    guard let seconds = TimeInterval(text), seconds >= 1, seconds <= 30 * 86_400 else {
      throw TryOnProviderConfigurationError.invalidSetting(graceSetting, text)
    }
    return seconds
  }

  /// What one sweep removed.
  public struct Outcome: Equatable, Sendable {
    /// Image rows nothing kept, deleted with their files.
    public var rows = 0
    /// Image folders with no row.
    public var folders = 0
    /// Writes a crash cut off.
    public var unfinishedWrites = 0
  }

  /// Queues a sweep for one grace period after a server starts, when whatever a crash just before
  /// the start left behind is an orphan; keyed by the interval it falls in, so every process
  /// starting then queues the same one.
  public func scheduleAfterStart() async throws {
    let due = wardrobe.clock.now.addingTimeInterval(grace)
    let start = (due.timeIntervalSince1970 / OrphanImages.interval).rounded(.down) * OrphanImages.interval
    try await queue.enqueue(Self.job, key: String(Int64(start)), runAt: due)
  }

  /// Queues the sweep of the next interval, at its start.
  func scheduleNext() async throws {
    let now = wardrobe.clock.now.timeIntervalSince1970
    let next = ((now / OrphanImages.interval).rounded(.down) + 1) * OrphanImages.interval
    try await queue.enqueue(Self.job, key: String(Int64(next)), runAt: Date(timeIntervalSince1970: next))
  }

  /// The job's run: the next sweep is queued first, so a sweep that fails does not end the chain.
  func run() async throws {
    try await scheduleNext()
    let outcome = try await sweep()
    if outcome != Outcome() {
      wardrobe.logger.info(
        "orphan images removed",
        metadata: [
          "rows": "\(outcome.rows)", "folders": "\(outcome.folders)", "unfinished": "\(outcome.unfinishedWrites)",
        ])
    }
  }

  /// Sweeps once. Files are listed before rows, so a folder whose row is written meanwhile is
  /// seen with its row; a row is deleted before its files, so a crash between the two leaves a
  /// folder the next sweep finds.
  public func sweep() async throws -> Outcome {
    let blobs = wardrobe.files.blobs
    let folders = Self.folders(try await blobs.entries(under: BlobKey(ImageFiles.app)!))
    let rows = try await wardrobe.store.imageRows()
    let references = try await wardrobe.store.imageReferences()
    let now = wardrobe.clock.now
    var outcome = Outcome()
    let orphanRows = OrphanImages.rows(rows, references: references, now: now, grace: grace)
    for (owner, images) in Dictionary(grouping: orphanRows, by: \.owner) {
      let images = images.map(\.image)
      try await wardrobe.store.delete(images: images)
      try await wardrobe.memory.forget(images: images)
      try await wardrobe.files.delete(images, owner: owner)
      outcome.rows += images.count
    }
    for folder in OrphanImages.folders(folders, rows: rows, now: now, grace: grace) {
      guard let key = BlobKey(ImageFiles.app, folder.owner, folder.image) else { continue }
      try await blobs.deleteAll(under: key)
      outcome.folders += 1
    }
    outcome.unfinishedWrites = try await blobs.deleteUnfinishedWrites(
      before: OrphanImages.unfinishedWritesBefore(now: now, grace: grace))
    return outcome
  }

  /// Each image folder (`wearbloom/<owner>/<image>/<form>`) and its newest file; keys of any
  /// other shape are not an image's and are left alone.
  static func folders(_ entries: [BlobEntry]) -> [OrphanImages.Folder] {
    var newest: [[String]: Date] = [:]
    for entry in entries where entry.key.segments.count == 4 {
      let folder = Array(entry.key.segments[1...2])
      newest[folder] = max(newest[folder] ?? .distantPast, entry.modified)
    }
    return newest.map { OrphanImages.Folder(owner: $0.key[0], image: $0.key[1], newest: $0.value) }
  }
}
