import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Holds every request to its operation's ``RequestRules`` before a handler sees it: path and
/// query parameters and a JSON body that break a length, pattern, count, bound or enumeration of
/// the app's OpenAPI document are refused with 400 `BAD_REQUEST`, each member at fault named in
/// `problems` with the rule it broke. The generated code checks only types.
///
/// Where a handler already refuses a rule with a code of its own that clients branch on (a weak
/// password, a profile's field-by-field problems), `leaving` names it, as `operationId` for the
/// whole request or `operationId.member` for one member and everything under it.
public struct ContractRules: ServerMiddleware {
  let rules: RequestRules
  let leaving: Set<String>
  /// A backstop only: every API route has a smaller body limit of its own.
  static let limit = 16 << 20

  public init(_ rules: RequestRules, leaving: Set<String> = []) {
    self.rules = rules
    self.leaving = leaving
  }

  /// The rules of a document's digest (`<Target>APISpec.requestRules`).
  public init(json: String, leaving: Set<String> = []) throws {
    self.init(try RequestRules(json: json), leaving: leaving)
  }

  /// Whether the handler of `operationID` answers for `field` itself.
  func leaves(_ field: String, of operationID: String) -> Bool {
    leaving.contains(operationID)
      || leaving.contains { name in
        guard name.hasPrefix(operationID + ".") else { return false }
        let member = name.dropFirst(operationID.count + 1)
        return field == member || field.hasPrefix(member + ".") || field.hasPrefix(member + "[")
      }
  }

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    guard let operation = rules.operations[operationID], !leaving.contains(operationID) else {
      return try await next(request, body, metadata)
    }
    // An id in the address that breaks its rules names nothing that could exist: not found, as an
    // unknown id is, and as the document says such an address answers.
    let path = Self.problems(
      in: request, metadata: metadata, against: operation.parameters.filter { $0.place == .path })
    if path.contains(where: { !leaves($0.field, of: operationID) }) { throw OrchardError.notFound }
    var problems = Self.problems(
      in: request, metadata: metadata, against: operation.parameters.filter { $0.place != .path })
    var passed = body
    if let schema = operation.body, let body, JSONBodies.isJSON(request.headerFields[.contentType]) {
      let bytes: [UInt8]
      do {
        bytes = try await [UInt8](collecting: body, upTo: Self.limit)
      } catch let error as OrchardError {
        throw error
      } catch {
        throw OrchardError.payloadTooLarge
      }
      passed = HTTPBody(bytes)
      // A body that is not JSON is left to the decoder, which says what is wrong with it.
      if let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) {
        problems += schema.problems(in: value, at: "")
      }
    }
    problems.removeAll { leaves($0.field, of: operationID) }
    guard problems.isEmpty else { throw ContractProblems.refusal(problems) }
    return try await next(request, passed, metadata)
  }

  /// What the request's path and query parameters break, each read as the generated code reads it.
  static func problems(
    in request: HTTPRequest, metadata: ServerRequestMetadata, against parameters: [ParameterRules]
  ) -> [FieldProblem] {
    guard !parameters.isEmpty else { return [] }
    let query = queryItems(request.path ?? "")
    return parameters.flatMap { parameter -> [FieldProblem] in
      let texts: [String]
      switch parameter.place {
      case .path:
        texts = metadata.pathParameters[parameter.name].map { [percentDecoded(String($0))] } ?? []
      case .query:
        texts = query.filter { $0.name == parameter.name }.map(\.value)
      }
      guard !texts.isEmpty else { return [] }
      let values = texts.map { jsonValue(of: $0, for: parameter.schema) }
      let value: JSONValue = parameter.schema.types.contains("array") ? .array(values) : values[0]
      return parameter.schema.problems(in: value, at: parameter.name)
    }
  }

  /// A parameter's text as the JSON value its schema describes: a number where it names one.
  static func jsonValue(of text: String, for schema: SchemaRules) -> JSONValue {
    let element = schema.types.contains("array") ? schema.items : schema
    let numeric = element.map { $0.types.contains("integer") || $0.types.contains("number") } ?? false
    if numeric, let number = Double(text), number.isFinite { return .number(number) }
    return .string(text)
  }

  /// The query's items, `+` read as a space and percent escapes decoded, as the runtime does.
  static func queryItems(_ path: String) -> [(name: String, value: String)] {
    guard let mark = path.firstIndex(of: "?") else { return [] }
    let query = path[path.index(after: mark)...].split(separator: "#", maxSplits: 1).first ?? ""
    return query.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let decode = { (part: Substring) in percentDecoded(part.replacingOccurrences(of: "+", with: " ")) }
      return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }

  static func percentDecoded(_ text: String) -> String { text.removingPercentEncoding ?? text }
}
