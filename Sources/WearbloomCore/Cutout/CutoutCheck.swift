/// The quality check every cutout passes before it is shown, whoever made it. The local removal
/// measures more (``BackgroundRemoval/Analysis``); a hosted model's cutout is judged by how much of
/// the picture it kept.
public enum CutoutCheck {
  /// A cutout keeping `coverage` of its picture (the mean of its alpha, 0 to 1): refused when it
  /// kept almost nothing (the garment went with the background) or almost everything (nothing was
  /// removed).
  public static func verdict(coverage: Double) -> BackgroundRemoval.Rejection? {
    if coverage < Double(BackgroundRemoval.shares.lowerBound) { return .subjectTooSmall }
    if coverage > Double(BackgroundRemoval.shares.upperBound) { return .subjectFillsFrame }
    return nil
  }
}
