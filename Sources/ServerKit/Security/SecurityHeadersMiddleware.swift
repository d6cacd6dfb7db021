import HTTPTypes
import Hummingbird

/// Adds the security headers to every response, error pages and assets included.
///
/// The policy allows nothing inline: no inline scripts, no inline styles, no `on*=` handlers. Pages
/// load their scripts and styles from `/assets/`, so `'unsafe-inline'` is never needed.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  /// Sent over TLS only: HSTS on plain loopback HTTP would pin `localhost` to HTTPS.
  let strictTransportSecurity: Bool

  public init(strictTransportSecurity: Bool) {
    self.strictTransportSecurity = strictTransportSecurity
  }

  public static var contentSecurityPolicy: String {
    [
      "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
      "font-src 'self'", "connect-src 'self'", "manifest-src 'self'", "worker-src 'self'",
      "media-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
      "frame-ancestors 'none'",
    ].joined(separator: "; ")
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    apply(to: &response.headers)
    return response
  }

  func apply(to headers: inout HTTPFields) {
    Self.apply(to: &headers, strictTransportSecurity: strictTransportSecurity)
  }

  /// The headers every answer carries, for answers made below the router too.
  static func apply(to headers: inout HTTPFields, strictTransportSecurity: Bool) {
    headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
    headers[.xContentTypeOptions] = "nosniff"
    headers[.referrerPolicy] = "same-origin"
    headers[.xFrameOptions] = "DENY"
    headers[.crossOriginOpenerPolicy] = "same-origin"
    headers[.permissionsPolicy] = "camera=(), microphone=(), geolocation=(), payment=()"
    if strictTransportSecurity {
      headers[.strictTransportSecurity] = "max-age=31536000; includeSubDomains"
    }
  }
}

extension HTTPField.Name {
  public static let referrerPolicy = Self("Referrer-Policy")!
  public static let permissionsPolicy = Self("Permissions-Policy")!
  public static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
  public static let xFrameOptions = Self("X-Frame-Options")!
  public static let secFetchSite = Self("Sec-Fetch-Site")!
}
