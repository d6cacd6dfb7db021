import OpenAPIRuntime

/// Errors from the OpenAPI layer: a request that does not match the contract is the client's
/// mistake (400) and says which part; an `OrchardError` thrown by a handler passes through.
@Sendable public func translateOpenAPIError(_ error: any Error) -> OrchardError? {
  guard let error = error as? ServerError else { return nil }
  if let underlying = error.underlyingError as? OrchardError { return underlying }
  if error.underlyingError is DecodingError || error.causeDescription.localizedCaseInsensitiveContains("decod") {
    return .badRequest("The request did not match the API contract: \(error.causeDescription).")
  }
  // The runtime's own refusals (a missing required parameter, a wrong Content-Type) carry their 4xx.
  switch error.httpStatus.code {
  case 400: return .badRequest("The request did not match the API contract: \(error.causeDescription).")
  case 401..<500: return .status(error.httpStatus)
  default: return nil
  }
}
