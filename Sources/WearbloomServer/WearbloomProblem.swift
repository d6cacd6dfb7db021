import ServerKit
import WearbloomCore

/// Wearbloom's refusals as the API answers them: the core's code, its status, and a sentence
/// for the app's developer. (Sentences a user reads come from the app's catalogs.)
enum WearbloomProblem {
  static func refusal(_ error: WardrobeError) -> OrchardError {
    switch error {
    case .missingPhoto:
      .badRequest("Send the photo as the multipart part `photo`.", code: error.rawValue)
    case .invalidCategory:
      .badRequest("The category is one of tops, bottoms, dresses, shoes and outerwear.", code: error.rawValue)
    case .invalidImageType:
      OrchardError(
        status: .unsupportedMediaType, code: error.rawValue, title: "Not a photo we can take",
        detail:
          "Send a JPEG, PNG, WebP or HEIC photo, its part labelled with its type (image/jpeg, image/png, "
          + "image/webp or image/heic); the file's first bytes must be that type.")
    case .imageTooLarge:
      OrchardError(
        status: .contentTooLarge, code: error.rawValue, title: "Photo too large",
        detail: "A photo may have at most \(UploadPolicy.maximumBytes / 1_048_576) MiB and "
          + "\(UploadPolicy.maximumPixels / 1_000_000) megapixels.")
    case .imageTooSmall:
      OrchardError(
        status: .unprocessableContent, code: error.rawValue, title: "Photo too small",
        detail: "A photo needs at least \(UploadPolicy.minimumSide) pixels on its short side.")
    case .imageUnreadable:
      OrchardError(
        status: .unprocessableContent, code: error.rawValue, title: "Photo unreadable",
        detail: "The file starts like a photo but cannot be decoded: it may be cut short.")
    case .garmentNotFound:
      OrchardError(
        status: .notFound, code: error.rawValue, title: "Garment not found",
        detail: "There is no garment with this id in your wardrobe.")
    case .noBodyPhoto:
      OrchardError(
        status: .notFound, code: error.rawValue, title: "No body photo",
        detail: "Add a photo of yourself, or choose a stock figure, first.")
    case .stockItemNotFound:
      OrchardError(
        status: .notFound, code: error.rawValue, title: "No such figure",
        detail: "Choose a figure by an id from GET stock whose kind is body.")
    }
  }

  /// An image that is not the caller's, or does not exist: the same answer either way.
  static let imageNotFound = OrchardError.notFound

  /// 429 with `Retry-After`, under the code the API documents.
  static func tooManyUploads(retryAfter seconds: Int) -> OrchardError {
    let limited = OrchardError.rateLimited(retryAfter: seconds)
    var error = OrchardError(
      status: limited.status, code: "TOO_MANY_REQUESTS", title: limited.title, detail: limited.detail,
      headers: limited.headers)
    error.values = limited.values
    return error
  }
}
