import Hummingbird
import OrchardKit

/// Which of an app's languages a request is answered in: the visitor's explicit choice (a `lang`
/// query parameter, or the `orchard_lang` cookie an app sets when they pick one), then the
/// browser's `Accept-Language` in its order of preference, then English.
public enum LanguageNegotiation {
  public static let cookie = "orchard_lang"

  public static func choose(
    explicit: String?, acceptLanguage: String?, offered: [Language]
  ) -> Language {
    if let explicit, let language = match(explicit, in: offered) { return language }
    for tag in preferences(acceptLanguage) {
      if let language = match(tag, in: offered) { return language }
    }
    return .english
  }

  /// `Accept-Language`'s tags, most preferred first; `q=0` means "not this one".
  static func preferences(_ header: String?) -> [String] {
    guard let header else { return [] }
    let weighted = header.split(separator: ",").enumerated().compactMap { position, item -> (String, Double, Int)? in
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let tag = parts.first, !tag.isEmpty, tag != "*" else { return nil }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      return quality > 0 ? (tag, quality, position) : nil
    }
    return weighted.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.map(\.0)
  }

  /// `fr-CA` matches an app's `fr`; case never matters.
  static func match(_ tag: String, in offered: [Language]) -> Language? {
    let primary = tag.split(separator: "-").first.map(String.init)?.lowercased() ?? ""
    return offered.first { $0.rawValue == primary }
  }
}

/// The language of the request being answered, for code that sees no request context: the
/// handlers generated from an API's document.
public enum RequestLanguage {
  @TaskLocal public static var current = Language.english
}

/// Sets the request's language from what the app speaks (``LanguageNegotiation``).
public struct LanguageMiddleware: RouterMiddleware {
  public typealias Context = AppRequestContext

  let offered: [Language]

  public init(offered: [Language]) { self.offered = offered }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    let language = LanguageNegotiation.choose(
      explicit: request.uri.queryParameters.get("lang") ?? request.cookie(LanguageNegotiation.cookie),
      acceptLanguage: request.headers[.acceptLanguage], offered: offered)
    context.language = language
    return try await RequestLanguage.$current.withValue(language) { try await next(request, context) }
  }
}
