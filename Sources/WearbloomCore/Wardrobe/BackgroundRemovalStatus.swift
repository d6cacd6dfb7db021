/// Where a garment's background removal stands. Only `completed` means a cutout is shown; in every
/// other state the wardrobe shows the original photo.
public enum BackgroundRemovalStatus: String, CaseIterable, Codable, Sendable, Hashable {
  /// Uploaded; removal has not finished yet.
  case pending
  /// A cutout exists and passed the quality check.
  case completed
  /// The removal service failed; the original is kept.
  case failed
  /// Removal was not used: its cutout failed the quality check, or the photo needed none.
  case skipped
}
