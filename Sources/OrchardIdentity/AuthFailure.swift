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
  /// Too many attempts from one address, or too many wrong passwords on one account.
  case rateLimited(retryAfter: Int)
  case sessionNotFound
  case refreshTokenAlreadyUsed
  case badJWT

  /// GoTrue's code (`error_code`).
  public var code: String {
    switch self {
    case .invalidEmail: "email_address_invalid"
    case .weakPassword: "weak_password"
    case .passwordsDontMatch: "validation_failed"
    case .emailExists: "email_exists"
    case .invalidCredentials: "invalid_credentials"
    case .rateLimited: "over_request_rate_limit"
    case .sessionNotFound: "session_not_found"
    case .refreshTokenAlreadyUsed: "refresh_token_already_used"
    case .badJWT: "bad_jwt"
    }
  }

  public var status: HTTPResponse.Status {
    switch self {
    case .invalidEmail, .passwordsDontMatch, .invalidCredentials, .refreshTokenAlreadyUsed: .badRequest
    case .weakPassword, .emailExists: .unprocessableContent
    case .rateLimited: .tooManyRequests
    case .sessionNotFound, .badJWT: .unauthorized
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
    case .rateLimited(let seconds): Message(.rateLimited, ["seconds": seconds])
    case .sessionNotFound, .refreshTokenAlreadyUsed, .badJWT: Message(.sessionEnded)
    }
  }
}
