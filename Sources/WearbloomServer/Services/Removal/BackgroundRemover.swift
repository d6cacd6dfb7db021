/// Takes the background out of a garment photo. The server picks one by configuration
/// (`ORCHARD_WEARBLOOM_REMOVER`): ``LocalBackgroundRemover`` by default, which needs no network,
/// or ``FalBackgroundRemover``, a hosted model reached through fal.ai's queue.
public protocol BackgroundRemover: Sendable {
  /// The name stored with each garment's removal, for reports (`local`, `fal`).
  var name: String { get }

  /// The cutout of `photo` (the processed upload, a JPEG at most 1200 px on its long edge), or
  /// the quality check's refusal. Throws when the remover could not do its work at all (a service
  /// down, a timeout): the garment's removal has then `failed`, not been `skipped`.
  func removeBackground(from photo: [UInt8]) async throws -> RemovalOutcome
}

/// What a remover made of a photo.
public enum RemovalOutcome: Sendable, Equatable {
  /// A PNG with transparency, which passed the quality check.
  case cutout(png: [UInt8])
  /// The cutout failed the quality check, with the check's code: the garment keeps its photo.
  case refused(String)
}
