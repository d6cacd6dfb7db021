import HTTPTypes
import Hummingbird

/// Refuses state-changing requests that a browser sent on behalf of another site (CSRF).
///
/// Browsers mark every request with `Sec-Fetch-Site`, and older ones send `Origin` on non-GET
/// requests; a forged cross-site form post always carries one or the other. A request with neither
/// did not come from a browser page, so no visitor's cookies can be abused through it. GET, HEAD and
/// OPTIONS never change state in Orchard, so they pass.
public struct CrossOriginProtectionMiddleware<Context: RequestContext>: RouterMiddleware {
  public init() {}

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard Self.isSafe(request.method) || Self.isSameOrigin(request) else {
      throw OrchardError.crossSiteRequest
    }
    return try await next(request, context)
  }

  static func isSafe(_ method: HTTPRequest.Method) -> Bool {
    method == .get || method == .head || method == .options
  }

  static func isSameOrigin(_ request: Request) -> Bool {
    if let site = request.headers[.secFetchSite] {
      // "none" is the person themselves: a bookmark or a typed address.
      return site == "same-origin" || site == "none"
    }
    guard let origin = request.headers[.origin] else { return true }
    guard let host = request.head.authority, let originHost = Self.authority(of: origin)
    else { return false }
    return originHost.lowercased() == host.lowercased()
  }

  /// `https://example.com:8443` → `example.com:8443`; `null` and malformed origins → nil.
  static func authority(of origin: String) -> String? {
    guard let range = origin.range(of: "://") else { return nil }
    let rest = origin[range.upperBound...]
    guard !rest.isEmpty, !rest.contains("/") else { return nil }
    return String(rest)
  }
}
