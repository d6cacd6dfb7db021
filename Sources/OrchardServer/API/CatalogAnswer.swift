import Hummingbird
import ServerKit

/// `GET /api/v1/apps`, answered before the OpenAPI layer from the bytes each catalog snapshot
/// encoded once: the same body and headers the generated handler writes, without decoding the
/// request or encoding the answer again. A request with a query goes on to the generated handler,
/// which owns every other answer and every error.
struct CatalogAnswer: RouterMiddleware {
  typealias Context = AppRequestContext

  static let path = "/api/v1/apps"

  let catalog: CatalogSnapshot

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get || request.method == .head, request.uri.path == Self.path, request.uri.query == nil
    else { return try await next(request, context) }
    let snapshot = try await catalog.current()
    if request.headers[.ifNoneMatch] == snapshot.etag { return Response(status: .notModified) }
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/json; charset=utf-8", .eTag: snapshot.etag,
        .contentLength: String(snapshot.body.readableBytes),
      ],
      body: .init(byteBuffer: snapshot.body))
  }
}
