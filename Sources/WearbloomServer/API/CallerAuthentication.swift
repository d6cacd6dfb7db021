import Foundation
import HTTPTypes
import OpenAPIRuntime
import OrchardIdentity
import ServerKit
import WearbloomCore

/// Who may call each operation: an account's access token for every call but the webhooks, which
/// come from fal and from Apple and prove themselves by their signatures instead, and the
/// onboarding token's own call. A device on its first try-on calls the wardrobe and try-on with
/// its onboarding token instead of an access token. Who the caller is was found once, ahead of
/// the OpenAPI layer (``OnboardingTokenAuthenticator``, ``AccessTokenAuthenticator``); this only
/// decides what they may call.
struct CallerAuthentication: ServerMiddleware {
  let accessTokens: AccessTokenRequired

  /// Operations that take no token.
  static let open: Set<String> = ["receiveFalWebhook", "receiveAppleNotification", "startOnboarding"]
  /// Operations a device may call with its onboarding token: its photo, its garments, its one render.
  static let onboardingOperations: Set<String> = [
    "getBodyPhoto", "putBodyPhoto", "deleteBodyPhoto", "listGarments", "addGarment", "getGarment", "deleteGarment",
    "listCategories", "listStock", "getImage", "requestRender", "getRender", "getLatestRender", "sendRenderFeedback",
    "getSubscription",
  ]

  /// The onboarding owner of the request being handled, when it came with a live onboarding token.
  static var device: String? {
    guard case .device(let device)? = OnboardingTokenAuthenticator.current else { return nil }
    return device.owner
  }

  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    if Self.open.contains(operationID) { return try await next(request, body, metadata) }
    switch OnboardingTokenAuthenticator.current {
    case .device?:
      guard Self.onboardingOperations.contains(operationID) else { throw Self.onboardingRefused }
      return try await next(request, body, metadata)
    case .lapsed?:
      throw Self.onboardingRefused
    case nil:
      return try await accessTokens.intercept(
        request, body: body, metadata: metadata, operationID: operationID, next: next)
    }
  }

  /// The 401 of an onboarding token that does not hold, or of a call it does not open.
  static let onboardingRefused = OrchardError(
    status: .unauthorized, code: OnboardingError.tokenInvalid.rawValue, title: "Sign in",
    detail: "This onboarding token has expired or moved into an account, or this call needs an account.",
    headers: [.wwwAuthenticate: "Bearer realm=\"wearbloom\""])
}

/// Checks a fal webhook's signature over its raw body, before the body is decoded: unsigned,
/// stale, forged or someone else's is 401 and goes no further. The handler reads the body it
/// verified (``verified``).
struct FalWebhookSignature: ServerMiddleware {
  /// Nil when fal is not this server's provider: every webhook is then refused.
  let verifier: FalWebhookVerifier?

  /// The webhook being handled, its signature checked: its raw body, and the request id signed with it.
  @TaskLocal static var verified: Verified?

  struct Verified: Sendable {
    let body: [UInt8]
    let requestID: String
  }

  /// Far more than fal's payload (a list of file URLs) ever is.
  static let bodyLimit = 1 << 20

  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard operationID == "receiveFalWebhook" else { return try await next(request, body, metadata) }
    let bytes: [UInt8]
    do {
      if let body { bytes = try await [UInt8](collecting: body, upTo: Self.bodyLimit) } else { bytes = [] }
    } catch {
      throw OrchardError.status(.contentTooLarge)
    }
    guard let verifier else { throw Self.refusal("This server takes no webhooks from fal.") }
    let requestID: String
    do {
      requestID = try await verifier.verify(body: bytes) { name in
        HTTPField.Name(name).flatMap { request.headerFields[$0] }
      }
    } catch let refusal as FalWebhookRefusal {
      throw Self.refusal(Self.detail(refusal))
    }
    return try await Self.$verified.withValue(Verified(body: bytes, requestID: requestID)) {
      try await next(request, HTTPBody(bytes), metadata)
    }
  }

  static func refusal(_ detail: String) -> OrchardError {
    OrchardError(status: .unauthorized, code: "INVALID_SIGNATURE", title: "Webhook not verified", detail: detail)
  }

  static func detail(_ refusal: FalWebhookRefusal) -> String {
    switch refusal {
    case .missingHeader: "A fal webhook carries X-Fal-Webhook-Request-Id, -User-Id, -Timestamp and -Signature."
    case .stale: "The webhook's timestamp is more than five minutes from now."
    case .badSignature: "No key of fal's key set signed this webhook."
    case .otherUser: "The webhook was signed for another fal account."
    }
  }
}
