import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `ETag` and `Cache-Control` as written. The OpenAPI runtime percent-encodes header values
/// as URI components, which turns `"c.1.0.all"` into `%22c.1.0.all%22`: no longer a quoted entity
/// tag, so caches and clients that compare ETags byte for byte would never match it. Neither value
/// ever contains `%` here, so decoding gives back exactly what the handler set.
public struct PlainHeaderValues: ServerMiddleware {
  static let names: [HTTPField.Name] = [.eTag, .cacheControl]

  public init() {}

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    var (response, body) = try await next(request, body, metadata)
    for name in Self.names {
      if let value = response.headerFields[name], let plain = value.removingPercentEncoding {
        response.headerFields[name] = plain
      }
    }
    return (response, body)
  }
}
