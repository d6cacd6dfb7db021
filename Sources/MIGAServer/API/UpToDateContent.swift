import Hummingbird
import ServerKit

/// The most common sync of all, answered before the OpenAPI layer: a device whose cursor is already
/// the library's latest asks again. It gets the 304 its ETag earns, or the empty delta, written
/// straight from memory (the token and the library state are both remembered). Anything else — no
/// or unknown token, a stale, malformed or missing cursor — goes on to the generated handler, which
/// owns every other answer and every error, so the contract stays in one place.
struct UpToDateContent: RouterMiddleware {
  typealias Context = AppRequestContext

  static let path = "/miga/api/v1/content"

  let service: MIGAService
  let contentState: ContentStateCache

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get, request.uri.path == Self.path,
      let since = request.uri.queryParameters.get("since").flatMap(SyncCursor.init),
      context.authenticatedDevice != nil
    else { return try await next(request, context) }
    let state = try await contentState.state()
    guard since.seq == state.lastSeq, since.seq >= state.purgedSeq else { return try await next(request, context) }
    let etag = MIGAAPIService.contentETag(state, since: since)
    var headers: HTTPFields = [.eTag: etag, .cacheControl: MIGAAPIService.contentCacheControl]
    if EntityTag.matches(request.headers[.ifNoneMatch], etag) {
      return Response(status: .notModified, headers: headers)
    }
    headers[.contentType] = "application/json; charset=utf-8"
    let body = #"{"items":[],"tombstones":[],"cursor":"\#(since)","full_resync":false}"#
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
  }
}
