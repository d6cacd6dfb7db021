import OrchardKit

/// The platform's own sentences: the page layout's and the errors every app shares, localised by
/// their stable code.
public enum PlatformText: String, TextKey {
  case skipLink = "layout.skip-link"
  case backToOrchard = "error.back"
  case notFoundTitle = "error.not-found.title"
  case notFoundDetail = "error.not-found.detail"
  case methodNotAllowedTitle = "error.method-not-allowed.title"
  case methodNotAllowedDetail = "error.method-not-allowed.detail"
  case crossSiteTitle = "error.cross-site.title"
  case crossSiteDetail = "error.cross-site.detail"
  case payloadTooLargeTitle = "error.payload-too-large.title"
  case payloadTooLargeDetail = "error.payload-too-large.detail"
  case internalErrorTitle = "error.internal.title"
  case internalErrorDetail = "error.internal.detail"
  case conflictTitle = "error.conflict.title"
  case conflictDetail = "error.conflict.detail"
  case badRequestTitle = "error.bad-request.title"
  case unauthorizedTitle = "error.unauthorized.title"
  case unsupportedMediaTypeTitle = "error.unsupported-media-type.title"
  case unsupportedMediaTypeDetail = "error.unsupported-media-type.detail"
  case controlCharacterTitle = "error.control-character.title"
  case controlCharacterDetail = "error.control-character.detail"
  case rateLimitedTitle = "error.rate-limited.title"
  case rateLimitedDetail = "error.rate-limited.detail"
}

/// The platform's catalogs.
public enum PlatformTexts {
  public static let all = Texts<PlatformText>([english])

  public static let english = Catalog<PlatformText>(
    .english,
    [
      .skipLink: "Skip to content",
      .backToOrchard: "Back to Orchard",
      .notFoundTitle: "Page not found",
      .notFoundDetail: "There is nothing at this address. It may have moved, or the link may be mistyped.",
      .methodNotAllowedTitle: "Not available this way",
      .methodNotAllowedDetail: "This address does not accept that kind of request.",
      .crossSiteTitle: "Request refused",
      .crossSiteDetail:
        "This request came from another website, so nothing was changed. Go back and try again from Orchard itself.",
      .payloadTooLargeTitle: "Too much data",
      .payloadTooLargeDetail: "The request was larger than this address accepts.",
      .internalErrorTitle: "Something went wrong on our side",
      .internalErrorDetail:
        "We could not finish this request. Nothing you entered was lost; please try again in a moment.",
      .conflictTitle: "Please try again",
      .conflictDetail:
        "This was changed by another request at the same moment, and nothing of yours was lost. Try again.",
      .badRequestTitle: "Something in the request was not right",
      .unauthorizedTitle: "Not signed in",
      .unsupportedMediaTypeTitle: "Not a kind of data this address reads",
      .unsupportedMediaTypeDetail: "Send the body as JSON, with Content-Type: application/json.",
      .controlCharacterTitle: "Some text could not be read",
      .controlCharacterDetail:
        "Part of the text holds an invisible control character (such as NUL), so nothing was saved. Type or paste it again as plain text.",
      .rateLimitedTitle: "Please slow down",
      .rateLimitedDetail:
        "Too many requests came from here in a short time, so this one was not done. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
    ])

  /// The sentences of the errors the platform names, by code: the title and, for errors whose
  /// detail is the platform's own, the detail.
  static let byCode: [String: (title: PlatformText, detail: PlatformText?)] = [
    "NOT_FOUND": (.notFoundTitle, .notFoundDetail),
    "METHOD_NOT_ALLOWED": (.methodNotAllowedTitle, .methodNotAllowedDetail),
    "CROSS_SITE_REQUEST": (.crossSiteTitle, .crossSiteDetail),
    "PAYLOAD_TOO_LARGE": (.payloadTooLargeTitle, .payloadTooLargeDetail),
    "INTERNAL_ERROR": (.internalErrorTitle, .internalErrorDetail),
    "CONFLICT": (.conflictTitle, .conflictDetail),
    "BAD_REQUEST": (.badRequestTitle, nil),
    "UNSUPPORTED_MEDIA_TYPE": (.unsupportedMediaTypeTitle, .unsupportedMediaTypeDetail),
    "CONTROL_CHARACTER": (.controlCharacterTitle, .controlCharacterDetail),
    "RATE_LIMITED": (.rateLimitedTitle, .rateLimitedDetail),
    "UNAUTHORIZED": (.unauthorizedTitle, nil),
  ]

  /// `error` in `language`, for the errors the platform names; an app's own error was already
  /// written in the request's language by the app.
  public static func localize(_ error: OrchardError, in language: Language) -> OrchardError {
    guard let texts = byCode[error.code] else { return error }
    let text = all.localizer(language)
    var localized = OrchardError(
      status: error.status, code: error.code, title: text(texts.title),
      detail: texts.detail.map { text($0, error.values) } ?? error.detail)
    localized.headers = error.headers
    localized.problems = error.problems
    localized.values = error.values
    return localized
  }
}
