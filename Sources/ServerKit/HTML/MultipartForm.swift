import Foundation
import Hummingbird
import MultipartKit

/// A `multipart/form-data` body (RFC 7578), read by multipart-kit's `MultipartParser`: a web form
/// that sends a file. Its text fields read
/// like ``FormFields``; its files keep their bytes and declared type. Read within the route's body
/// limit (413 past it); a body that is not well-formed multipart is 400 `INVALID_FORM`, and a
/// text field holding a control character 400 `CONTROL_CHARACTER`.
public struct MultipartForm: Sendable {
  /// One part: a field's name, its file name and type when it is a file, and its bytes.
  public struct Part: Sendable {
    public let name: String
    public let filename: String?
    public let contentType: String?
    public let bytes: [UInt8]
  }

  public let parts: [Part]

  public init(_ request: Request, context: AppRequestContext) async throws {
    guard let boundary = Self.boundary(request.headers[.contentType]) else {
      throw OrchardError.badRequest("Send the form as multipart/form-data.")
    }
    let buffer = try await FormFields.body(of: request, context: context)
    try self.init(body: Array(buffer.readableBytesView), boundary: boundary)
  }

  public init(body: [UInt8], boundary: String) throws {
    guard let parts = Self.parse(body, boundary: boundary) else {
      throw OrchardError.badRequest("The form could not be read.")
    }
    if parts.contains(where: {
      $0.filename == nil && ControlCharacters.appear(in: String(decoding: $0.bytes, as: UTF8.self))
    }) {
      throw OrchardError.controlCharacter
    }
    self.parts = parts
  }

  /// The first text field named `name`.
  public subscript(_ name: String) -> String? {
    parts.first { $0.name == name && $0.filename == nil }.map { String(decoding: $0.bytes, as: UTF8.self) }
  }

  /// The first file sent as `name`, if one was chosen (a form with no file chosen sends an empty
  /// part with an empty file name).
  public func file(_ name: String) -> Part? {
    parts.first { $0.name == name && $0.filename != nil && !$0.bytes.isEmpty }
  }

  /// The boundary a `multipart/form-data` content type names, unquoted.
  static func boundary(_ contentType: String?) -> String? {
    guard let contentType, JSONBodies.isMultipartForm(contentType) else { return nil }
    for parameter in contentType.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
      let value =
        pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2
        ? String(pair[1].dropFirst().dropLast()) : pair[1]
      return (1...70).contains(value.utf8.count) ? value : nil
    }
    return nil
  }

  /// The parts of `body`, read by multipart-kit's parser; nil when it is not well-formed: a syntax
  /// error, a part cut short, no part at all, or a part that is not a named form field.
  static func parse(_ body: [UInt8], boundary: String) -> [Part]? {
    let parser = MultipartParser(boundary: boundary)
    var parts: [Part] = []
    var headers: [(String, String)] = []
    var bytes: [UInt8] = []
    var open = false
    var named = true
    parser.onHeader = { name, value in
      open = true
      headers.append((name, value))
    }
    parser.onBody = { buffer in
      open = true
      bytes += buffer.readableBytesView
      buffer.moveReaderIndex(to: buffer.writerIndex)
    }
    parser.onPartComplete = {
      if let part = Self.part(headers: headers, bytes: bytes) { parts.append(part) } else { named = false }
      headers = []
      bytes = []
      open = false
    }
    do {
      try parser.execute(body)
    } catch {
      return nil
    }
    guard !open, named, !parts.isEmpty else { return nil }
    return parts
  }

  /// A part from its headers: its `Content-Disposition` must be `form-data` with a name.
  static func part(headers: [(String, String)], bytes: [UInt8]) -> Part? {
    var name: String?
    var filename: String?
    var type: String?
    for (header, value) in headers {
      switch header.lowercased() {
      case "content-disposition":
        let items = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard items.first?.lowercased() == "form-data" else { return nil }
        for item in items.dropFirst() {
          let field = item.split(separator: "=", maxSplits: 1).map(String.init)
          guard field.count == 2 else { continue }
          var value = field[1]
          if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            value = String(value.dropFirst().dropLast())
          }
          switch field[0].lowercased() {
          case "name": name = value
          case "filename": filename = value
          default: break
          }
        }
      case "content-type": type = value
      default: break
      }
    }
    guard let name else { return nil }
    return Part(name: name, filename: filename, contentType: type, bytes: bytes)
  }
}
