import Hummingbird
import ServerKit
import WearbloomCore

/// A photo may be 10 MiB (``UploadPolicy/maximumBytes``, with room for the form around it); every
/// other request of the API, a stock figure's JSON included, keeps the JSON limit. Over the limit is 413 `PAYLOAD_TOO_LARGE`, read
/// no further.
struct UploadBodyLimit: RouterMiddleware {
  typealias Context = AppRequestContext

  /// The operations that take a photo, and where they are.
  static let operations: Set<String> = ["addGarment", "putBodyPhoto"]
  static let paths: [HTTPRequest.Method: String] = [
    .post: "/wearbloom/api/v1/garments", .put: "/wearbloom/api/v1/body-photo",
  ]
  static let upload = BodyLimit(bytes: UploadPolicy.maximumBytes + 64 * 1024)

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if Self.paths[request.method] == request.uri.path, JSONBodies.isMultipartForm(request.headers[.contentType]) {
      return try await next(request, context)
    }
    return try await BodyLimit.json.handle(request, context: context, next: next)
  }
}
