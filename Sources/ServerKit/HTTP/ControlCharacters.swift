import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Text a person could have typed. NUL, the other C0 controls, DEL and the C1 controls are refused
/// wherever text arrives (a form field, a JSON string); tab, line feed and carriage return pass, and
/// a field that holds one line says so in its own rules. Nothing with a refused character is
/// stored: the request is answered 400 `CONTROL_CHARACTER` before any handler reads it.
public enum ControlCharacters {
  /// Whether `scalar` is a control character no field accepts.
  public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }

  /// Whether `text` holds a refused character.
  public static func appear(in text: some StringProtocol) -> Bool {
    text.unicodeScalars.contains(where: isRefused)
  }

  /// Whether JSON text holds a refused character in a string, written raw or escaped (`\u0000`,
  /// `\b`, `\f`). Raw controls outside strings are malformed JSON and are refused here too.
  static func appear(inJSON bytes: some Collection<UInt8>) -> Bool {
    var inString = false
    var index = bytes.startIndex
    var previous: UInt8 = 0
    while index != bytes.endIndex {
      let byte = bytes[index]
      bytes.formIndex(after: &index)
      defer { previous = byte }
      switch byte {
      case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F:
        return true
      case 0x80...0x9F where previous == 0xC2:
        return true  // U+0080–U+009F, written raw in UTF-8
      case UInt8(ascii: "\""):
        inString.toggle()
      case UInt8(ascii: "\\") where inString:
        guard index != bytes.endIndex else { return false }
        let escaped = bytes[index]
        bytes.formIndex(after: &index)
        switch escaped {
        case UInt8(ascii: "b"), UInt8(ascii: "f"):
          return true
        case UInt8(ascii: "u"):
          var hex = ""
          for _ in 0..<4 where index != bytes.endIndex {
            hex.append(Character(Unicode.Scalar(bytes[index])))
            bytes.formIndex(after: &index)
          }
          if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value), isRefused(scalar) {
            return true
          }
        default:
          break
        }
        continue  // the escaped byte is not a quote or a lead byte
      default:
        break
      }
    }
    return false
  }
}

/// Reads a JSON API request's body once, before the operation decodes it, and refuses it with
/// 400 `CONTROL_CHARACTER` when a string in it holds a control character (``ControlCharacters``).
/// The body's size is bounded by the route's ``BodyLimit`` before this sees it.
public struct PlainTextOnly: ServerMiddleware {
  /// Beyond every route's body limit: the limit itself answers 413 first.
  static let ceiling = 64 * 1024 * 1024

  public init() {}

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    // A multipart upload is bytes (a photo); its text parts are checked by the handler's rules.
    guard let body, JSONBodies.carriesBody(request), !JSONBodies.isMultipartForm(request.headerFields[.contentType])
    else { return try await next(request, body, metadata) }
    let bytes = try await [UInt8](collecting: body, upTo: Self.ceiling)
    if ControlCharacters.appear(inJSON: bytes) {
      var error = OrchardError.controlCharacter
      error.problems = [FieldProblem(field: "body", code: "CONTROL_CHARACTER", message: "holds a control character")]
      throw error
    }
    return try await next(request, HTTPBody(bytes), metadata)
  }
}
