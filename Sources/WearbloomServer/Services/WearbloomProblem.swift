import ServerKit
import WearbloomCore

/// Wearbloom's refusals as the API answers them: the core's code, its status, and a sentence
/// for the app's developer. (Sentences a user reads come from the app's catalogs.)
enum WearbloomProblem {
  /// Any refusal of the core's as its problem; nil for an error that is not one.
  static func refusal(_ error: any Error) -> OrchardError? {
    switch error {
    case let error as WardrobeError: refusal(error)
    case let error as TryOnError: refusal(error)
    case let error as PurchaseError: refusal(error)
    case let error as OnboardingError: refusal(error)
    default: nil
    }
  }

  static func refusal(_ error: WardrobeError) -> OrchardError {
    switch error {
    case .missingPhoto:
      .badRequest("Send the photo as the multipart part `photo`.", code: error.rawValue)
    case .invalidCategory:
      .badRequest(
        "The category is one of \(OrchardError.listed(GarmentCategory.allCases.map(\.rawValue))).", code: error.rawValue
      )
    case .invalidImageType:
      OrchardError(
        status: .unsupportedMediaType, code: error.rawValue, title: "Not a photo we can take",
        detail:
          "Send a \(OrchardError.listed(ImageType.allCases.map(\.name), "or")) photo, its part labelled with its type "
          + "(\(OrchardError.listed(ImageType.allCases.map(\.mimeType), "or"))); the file's first bytes must be that type."
      )
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
    case .garmentNotCutOut:
      OrchardError(
        status: .unprocessableContent, code: error.rawValue, title: "Garment not cut out",
        detail: "The preview lays a garment's cutout on your photo, and this garment has none: its photo "
          + "could not be cut out cleanly, or is still being cut out. Retake it against a plain background.")
    case .stockItemNotFound:
      OrchardError(
        status: .notFound, code: error.rawValue, title: "No such figure",
        detail: "Choose a figure by an id from GET stock whose kind is body.")
    case .invalidName:
      OrchardError(
        status: .unprocessableContent, code: error.rawValue, title: "Name not kept",
        detail: "A garment's name may have up to \(GarmentName.maximumLength) characters and no control characters.")
    }
  }

  static func refusal(_ error: TryOnError) -> OrchardError {
    switch error {
    case .insufficientCredits:
      OrchardError(
        status: .init(code: 402, reasonPhrase: "Payment Required"), code: error.rawValue, title: "No renders left",
        detail: "Every free render is used: subscribe for unlimited try-ons. Nothing was charged.")
    case .renderNotFound:
      OrchardError(
        status: .notFound, code: error.rawValue, title: "Render not found",
        detail: "There is no render with this id for this account.")
    case .renderNotCompleted:
      OrchardError(
        status: .conflict, code: error.rawValue, title: "Render not completed",
        detail: "Feedback is taken once the render has completed.")
    case .feedbackAlreadySubmitted:
      OrchardError(
        status: .conflict, code: error.rawValue, title: "Feedback already given",
        detail: "This render already has its feedback.")
    case .renderUnderWay:
      OrchardError(
        status: .conflict, code: error.rawValue, title: "Render under way",
        detail: "This render is still being drawn; it can be deleted once it has completed or failed.")
    }
  }

  static func refusal(_ error: PurchaseError) -> OrchardError {
    switch error {
    case .invalidSignature:
      OrchardError(
        status: .badRequest, code: error.rawValue, title: "Not signed by Apple",
        detail: "The transaction is not a JWS signed by Apple's App Store for this app.")
    case .wrongApp:
      OrchardError(
        status: .unprocessableContent, code: error.rawValue, title: "Another app's purchase",
        detail: "The transaction was signed for another app, or for an environment this server does not take.")
    case .transactionUserMismatch:
      OrchardError(
        status: .forbidden, code: error.rawValue, title: "Someone else's purchase",
        detail: "The transaction's appAccountToken names another account.")
    case .missingAppAccountToken:
      OrchardError(
        status: .unprocessableContent, code: error.rawValue, title: "No buyer named",
        detail: "Purchase with appAccountToken set to the account id (as a UUID) so the purchase can be matched.")
    case .unknownProduct:
      OrchardError(
        status: .unprocessableContent, code: error.rawValue, title: "Unknown product",
        detail: "The transaction is for a product Wearbloom does not sell.")
    }
  }

  static func refusal(_ error: OnboardingError) -> OrchardError {
    switch error {
    case .tokenInvalid:
      OrchardError(
        status: .notFound, code: error.rawValue, title: "No such onboarding",
        detail: "This onboarding token does not exist or has expired.")
    case .alreadyClaimed:
      OrchardError(
        status: .conflict, code: error.rawValue, title: "Already moved",
        detail: "This onboarding's wardrobe already moved into another account.")
    }
  }

  /// A garment whose category try-on is not offered for: refused before any credit is touched.
  static let notOffered = OrchardError(
    status: .unprocessableContent, code: WardrobeError.invalidCategory.rawValue, title: "Try-on not available",
    detail: "Try-on is not yet available for this garment's category.")

  /// The web's test store on a server that sells nothing through it (``TestStoreSetting``).
  static let testStoreClosed = OrchardError(
    status: .notFound, code: ProblemScreen.testStoreClosed, title: "No test store here",
    detail: "This server does not sell through the web's test store; subscriptions are bought in the iPhone app.")

  /// An image that is not the caller's, or does not exist: the same answer either way.
  static let imageNotFound = OrchardError.notFound

  /// 429 with `Retry-After`, under the code the API documents.
  static func tooManyRequests(retryAfter seconds: Int) -> OrchardError {
    let limited = OrchardError.rateLimited(retryAfter: seconds)
    var error = OrchardError(
      status: limited.status, code: "TOO_MANY_REQUESTS", title: limited.title, detail: limited.detail,
      headers: limited.headers)
    error.values = limited.values
    return error
  }
}
