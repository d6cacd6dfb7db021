import Foundation
import Hummingbird
import OrchardIdentity
import ServerKit
import WearbloomCore

/// Sends a visitor who has not accepted Wearbloom's terms to them before an account page (the
/// app's own pages check as they load the visitor): nothing is reachable before consent. The
/// address asked for comes back once they accept.
enum ConsentGate {
  static func accountPages(_ consents: ConsentStore) -> AccountPagesGate {
    AccountPagesGate { request, context in
      if let device = context.device,
        ConsentPolicy.isCurrent(try await consents.accepted(by: device.id.description))
      {
        return nil
      }
      guard request.method == .get || request.method == .head else {
        return Response.seeOther(WearbloomPath.consent.path)
      }
      return Response.seeOther(WearbloomPath.consent(returningTo: request.uri.description))
    }
  }

  /// The guard of the app's own pages: a visitor who has not accepted the current terms is sent to
  /// them, whatever they asked for; everyone else goes on to the page.
  struct Required: RouterMiddleware {
    typealias Context = AppRequestContext

    let consents: ConsentStore

    func handle(
      _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      guard ConsentPolicy.isCurrent(try await consents.accepted(by: try context.deviceID().description)) else {
        return Response.seeOther(WearbloomPath.consent.path)
      }
      return try await next(request, context)
    }
  }
}
