import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Refuses, with 415, a JSON API request whose body is not labelled `application/json` (or a
/// `+json` type): a body sent as a form or as text is never read as JSON by guesswork. The
/// `uploads` operations may also send `multipart/form-data` (a photo and its fields).
public struct JSONBodies: ServerMiddleware {
  let uploads: Set<String>

  public init(uploads: Set<String> = []) { self.uploads = uploads }

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    let type = request.headerFields[.contentType]
    if body != nil, Self.carriesBody(request), !Self.isJSON(type),
      !(uploads.contains(operationID) && Self.isMultipartForm(type))
    {
      throw OrchardError.unsupportedMediaType
    }
    return try await next(request, body, metadata)
  }

  /// `multipart/form-data`, with its boundary, in any case.
  public static func isMultipartForm(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    return contentType.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces).lowercased()
      == "multipart/form-data"
  }

  /// Whether the request says it sends content: a positive length, or a chunked body.
  static func carriesBody(_ request: HTTPRequest) -> Bool {
    if request.headerFields[.transferEncoding] != nil { return true }
    guard let length = request.headerFields[.contentLength] else { return false }
    return Int(length).map { $0 > 0 } ?? true
  }

  /// `application/json`, `application/problem+json`, with or without parameters, in any case.
  static func isJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let type = contentType.split(separator: ";", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces).lowercased()
    return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
  }
}
