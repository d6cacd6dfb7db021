import DangdaiAPI
import DangdaiCore
import Foundation
import Hummingbird
import OrchardIdentity
import OrchardKit
import ServerKit

/// The call Dangdai's home screen makes most, answered before the OpenAPI layer: a signed-in
/// learner's dashboard. Its JSON is the generated `Dashboard`'s own, written once per learner's
/// change, day and reading of the course (``DangdaiAPIService/dashboardJSON(of:)``), then served
/// as it is. The learner is the one ``AccessTokenAuthenticator``, ahead of it, found. Anything
/// else — no token or one that does not hold, a query — goes on to the generated handler, which
/// owns every other answer and every error.
struct RememberedDashboard: RouterMiddleware {
  typealias Context = AppRequestContext

  static let path = "/dangdai/api/v1/dashboard"

  let api: DangdaiAPIService

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get, request.uri.path == Self.path, request.uri.query == nil,
      let caller = context.authenticatedCaller
    else { return try await next(request, context) }
    return Response(
      status: .ok,
      headers: [.contentType: "application/json; charset=utf-8", .cacheControl: DangdaiAPIService.noStore],
      body: .init(byteBuffer: try await api.dashboardJSON(of: caller.account)))
  }
}
