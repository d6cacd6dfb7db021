import HTTPTypes
import OpenAPIRuntime

/// Refuses a request body that holds a JSON `null` anywhere, for operations whose contract has no
/// nullable member (MIGA's event batches, WalkWorthy's settings and profile).
///
/// The generated decoder reads `"intention": null` as an absent intention, so a client sending
/// nulls would be accepted by this server and refused by a stricter one. One pass over the bytes,
/// outside string literals, keeps the contract exact.
public struct NoNullMembers: ServerMiddleware {
  /// Operations whose request bodies are checked.
  let operations: Set<String>
  /// Every checked body is far smaller; the server refuses larger bodies anyway.
  static let limit = 1 << 20

  public init(operations: Set<String>) { self.operations = operations }

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard operations.contains(operationID), let body else { return try await next(request, body, metadata) }
    let bytes: [UInt8]
    do {
      bytes = try await [UInt8](collecting: body, upTo: Self.limit)
    } catch {
      throw OrchardError.payloadTooLarge
    }
    if Self.containsNull(bytes) {
      throw OrchardError.badRequest("No member of the body may be null; leave absent ones out.")
    }
    return try await next(request, HTTPBody(bytes), metadata)
  }

  /// Whether `null` appears as a value: outside every string literal (escapes respected).
  public static func containsNull(_ bytes: [UInt8]) -> Bool {
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
