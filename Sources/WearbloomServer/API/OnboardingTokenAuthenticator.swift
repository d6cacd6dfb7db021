import Hummingbird
import HummingbirdAuth
import OrchardIdentity
import ServerKit
import WearbloomCore

/// A device on its first try-on, as the request's identity: the owner its onboarding token stands
/// for, whose wardrobe it calls in place of an account's.
struct OnboardingDevice: Sendable {
  let owner: String
}

/// Authenticates a device on its first try-on by the bearer onboarding token of its
/// `Authorization` header (one that starts with ``OnboardingPolicy/tokenPrefix``), as route-group
/// middleware ahead of ``AccessTokenAuthenticator``: the request's identity is the device's
/// onboarding while it is live and its wardrobe has not moved into an account. Any other request
/// goes on as it came. The onboarding token, live or not, is also handed to the OpenAPI layer,
/// where ``CallerAuthentication`` decides which operations it opens, and to the generated handlers
/// (``current``).
struct OnboardingTokenAuthenticator: AuthenticatorMiddleware {
  typealias Context = AppRequestContext

  /// The onboarding token of the request being handled, if it came with one.
  @TaskLocal static var current: OnboardingToken?

  /// An onboarding token a request came with: the device's onboarding it stands for, or one that
  /// no longer holds (expired, moved into an account, or never given).
  enum OnboardingToken: Sendable {
    case device(OnboardingDevice)
    case lapsed
  }

  let onboarding: OnboardingService

  func authenticate(request: Request, context: Context) async throws -> RequestIdentity? {
    guard case .device(let device)? = try await token(of: request) else { return nil }
    return .account(device)
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let token = try await token(of: request) else { return try await next(request, context) }
    var context = context
    if case .device(let device) = token { context.identity = .account(device) }
    return try await Self.$current.withValue(token) { try await next(request, context) }
  }

  /// The onboarding token `request` carries, if its bearer token is one; read as the access
  /// tokens are, so a token is never both.
  private func token(of request: Request) async throws -> OnboardingToken? {
    guard let token = request.headers.bearerToken(maxLength: AccessTokenAuthenticator.maxTokenLength),
      token.hasPrefix(OnboardingPolicy.tokenPrefix)
    else { return nil }
    guard let owner = try await onboarding.owner(of: token) else { return .lapsed }
    return .device(OnboardingDevice(owner: owner))
  }
}
