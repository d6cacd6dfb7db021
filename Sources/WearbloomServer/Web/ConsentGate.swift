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
}
