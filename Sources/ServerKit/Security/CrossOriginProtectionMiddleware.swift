import HTTPTypes
import Hummingbird
import Synchronization

/// The paths another site may post to by design, each guarding itself; filled while apps mount.
public final class CrossSitePosts: Sendable {
  private let paths = Mutex<Set<String>>([])

  public init() {}

  public func accept(_ path: String) { paths.withLock { _ = $0.insert(path) } }

  public func accepts(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }
}

/// Refuses state-changing requests that a browser sent on behalf of another site (CSRF).
///
/// Browsers mark every request with `Sec-Fetch-Site`, and older ones send `Origin` on non-GET
/// requests; a forged cross-site form post always carries one or the other. A request with neither
/// did not come from a browser page, so no visitor's cookies can be abused through it. GET, HEAD and
/// OPTIONS never change state in Orchard, so they pass.
///
/// `Origin` is compared whole (scheme, host and port) with the server's public origin: an
/// `https://` page may not post to an `http://` server of the same name, nor a page on another port.
public struct CrossOriginProtectionMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The configured public origin; nil means "the host the request was sent to, reached by `scheme`".
  let publicOrigin: WebOrigin?
  let scheme: String
  let exempt: CrossSitePosts?

  public init(publicOrigin: WebOrigin? = nil, scheme: String = "http", exempt: CrossSitePosts? = nil) {
    self.publicOrigin = publicOrigin
    self.scheme = scheme
    self.exempt = exempt
  }

  /// As the configuration describes the server.
  public init(_ configuration: ServerConfiguration, exempt: CrossSitePosts? = nil) {
    self.init(publicOrigin: configuration.publicOrigin, scheme: configuration.publicScheme, exempt: exempt)
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard Self.isSafe(request.method) || isSameOrigin(request) || exempt?.accepts(request.uri.path) == true else {
      throw OrchardError.crossSiteRequest
    }
    return try await next(request, context)
  }

  static func isSafe(_ method: HTTPRequest.Method) -> Bool {
    method == .get || method == .head || method == .options
  }

  func isSameOrigin(_ request: Request) -> Bool {
    if let site = request.headers[.secFetchSite] {
      // "none" is the person themselves: a bookmark or a typed address.
      return site == "same-origin" || site == "none"
    }
    guard let origin = request.headers[.origin] else { return true }
    guard let sender = WebOrigin(origin), let server = serverOrigin(of: request) else { return false }
    return sender == server
  }

  /// Where the request was meant to go: the public origin, or else its own `Host`.
  func serverOrigin(of request: Request) -> WebOrigin? {
    if let publicOrigin { return publicOrigin }
    guard let authority = request.head.authority else { return nil }
    return WebOrigin(scheme: scheme, authority: authority)
  }
}
