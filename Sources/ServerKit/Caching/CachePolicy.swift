import HTTPTypes
import Hummingbird
import OpenAPIRuntime

/// Who may keep a copy of an answer, decided by how its route is declared rather than by each
/// handler: everything an app's web version answers, and every API operation not declared shared,
/// is personal, and so `private, no-store`. Shared content (assets, the catalog, MIGA's library
/// and configuration) keeps the `ETag` and `max-age` its handler gives it.
public enum CachePolicy {
  /// The `Cache-Control` of every personal answer: no shared cache keeps it, and no browser writes
  /// it to disk.
  public static let personal = "private, no-store"

  /// Marks every answer of a route group personal: an app's web pages and their JSON.
  public struct Personal<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
      _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      var response = try await next(request, context)
      response.headers[.cacheControl] = CachePolicy.personal
      return response
    }
  }

  /// Marks every answer of a JSON API personal, except those of the `shared` operations.
  public struct Operations: ServerMiddleware {
    let shared: Set<String>

    public init(shared: Set<String>) { self.shared = shared }

    public func intercept(
      _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
      next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
      var (response, body) = try await next(request, body, metadata)
      if !shared.contains(operationID) { response.headerFields[.cacheControl] = CachePolicy.personal }
      return (response, body)
    }
  }
}
