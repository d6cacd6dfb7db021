import HTTPTypes
import OpenAPIRuntime
import ServerKit

/// Refuses an event batch that holds a JSON `null` anywhere.
///
/// No member of a batch may be null, but the generated decoder reads `"intention": null` as an
/// absent intention, so a client sending nulls would be accepted by this server and refused by a
/// stricter one. One pass over the bytes, outside string literals, keeps the contract exact.
struct NoNullMembers: ServerMiddleware {
  /// Operations whose request bodies are checked.
  static let operations: Set<String> = ["uploadEvents"]
  /// A full batch is far smaller; the server refuses larger bodies anyway.
  static let limit = 1 << 20

  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard Self.operations.contains(operationID), let body else { return try await next(request, body, metadata) }
    let bytes: [UInt8]
    do {
      bytes = try await [UInt8](collecting: body, upTo: Self.limit)
    } catch {
      throw OrchardError.payloadTooLarge
    }
    if Self.containsNull(bytes) {
      throw OrchardError.badRequest("No member of the batch may be null; leave absent ones out.")
    }
    return try await next(request, HTTPBody(bytes), metadata)
  }

  /// Whether `null` appears as a value: outside every string literal (escapes respected).
  static func containsNull(_ bytes: [UInt8]) -> Bool {
    var inString = false
    var escaped = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "n"), bytes[index...].starts(with: "null".utf8) {
        return true
      }
      index += 1
    }
    return false
  }
}
