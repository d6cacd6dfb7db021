import HTTPTypes
import IdentityCore
import OrchardKit
import ServerKit

/// Why an auth call was refused, with GoTrue's error code where it has one, the status, and the
/// sentence's key in the identity catalogs.
public enum AuthFailure: Error, Sendable, Equatable {
  case invalidEmail(EmailProblem)
  case weakPassword(PasswordProblem)
  case passwordsDontMatch
  case emailExists
  /// Unknown email or wrong password: one answer for both, so neither is revealed.
  case invalidCredentials
  /// The right password for an account whose address was never confirmed (only its owner learns
  /// this: it is said after the password matched).
  case emailNotConfirmed
  /// Too many attempts from one address, or too many wrong passwords on one account.
  case rateLimited(retryAfter: Int)
  case sessionNotFound
  case refreshTokenAlreadyUsed
  case badJWT
  /// A call that needs a session came without a bearer token.
  case noAuthorization
  /// Changing the email or the password without the current password.
  case currentPasswordRequired
  case currentPasswordWrong
  /// A new password equal to the current one.
  case samePassword
  /// Sign in with Apple asked of an app that has not configured it.
  case providerDisabled(app: String)
  /// A reset or email-change link that is unknown, expired or spent.
  case emailLinkInvalid
  /// An Apple identity token that is not Apple's, not for this app, expired, or for another nonce.
  case badIDToken
  /// Apple could not be reached to check a sign-in (its keys or its token endpoint): try again soon.
  case providerUnavailable

  /// GoTrue's code (`error_code`).
  public var code: String {
    switch self {
    case .invalidEmail: "email_address_invalid"
    case .weakPassword: "weak_password"
    case .passwordsDontMatch: "validation_failed"
    case .emailExists: "email_exists"
    case .invalidCredentials: "invalid_credentials"
    case .emailNotConfirmed: "email_not_confirmed"
    case .rateLimited: "over_request_rate_limit"
    case .sessionNotFound: "session_not_found"
    case .refreshTokenAlreadyUsed: "refresh_token_already_used"
    case .badJWT: "bad_jwt"
    case .noAuthorization: "no_authorization"
    case .currentPasswordRequired: "current_password_required"
    case .currentPasswordWrong: "current_password_mismatch"
    case .samePassword: "same_password"
    case .providerDisabled: "provider_disabled"
    case .emailLinkInvalid: "otp_expired"
    case .badIDToken: "bad_jwt"
    case .providerUnavailable: "provider_unavailable"
    }
  }

  public var status: HTTPResponse.Status {
    switch self {
    case .invalidEmail, .passwordsDontMatch, .invalidCredentials, .emailNotConfirmed, .refreshTokenAlreadyUsed,
      .currentPasswordRequired, .currentPasswordWrong, .providerDisabled, .badIDToken:
      .badRequest
    case .weakPassword, .emailExists, .samePassword: .unprocessableContent
    case .emailLinkInvalid: .forbidden
    case .rateLimited: .tooManyRequests
    case .sessionNotFound, .badJWT, .noAuthorization: .unauthorized
    case .providerUnavailable: .serviceUnavailable
    }
  }

  /// The seconds to wait before trying again (`Retry-After`), for a refusal that passes.
  public var retryAfter: Int? {
    switch self {
    case .rateLimited(let seconds): max(1, seconds)
    case .providerUnavailable: 5
    default: nil
    }
  }

  /// What to tell the person, in their language.
  public var message: Message<IdentityText> {
    switch self {
    case .invalidEmail(let problem): Message(problem.text)
    case .weakPassword(let problem): problem.message
    case .passwordsDontMatch: Message(.passwordsDontMatch)
    case .emailExists: Message(.emailExists)
    case .invalidCredentials: Message(.invalidCredentials)
    case .emailNotConfirmed: Message(.emailNotConfirmed)
    case .rateLimited(let seconds): Message(.rateLimited, ["seconds": seconds])
    case .sessionNotFound, .refreshTokenAlreadyUsed, .badJWT, .noAuthorization: Message(.sessionEnded)
    case .currentPasswordRequired: Message(.currentPasswordRequired)
    case .currentPasswordWrong: Message(.currentPasswordWrong)
    case .samePassword: Message(.samePassword)
    case .providerDisabled(let app): Message(.appleNotConfigured, ["app": app])
    case .emailLinkInvalid: Message(.emailLinkInvalid)
    case .badIDToken: Message(.appleRefused)
    case .providerUnavailable: Message(.appleUnavailable)
    }
  }
}
