import Foundation

/// What an OpenAPI document asks of each operation's request beyond its types: the lengths,
/// patterns, counts, bounds and enumerations of its path and query parameters and of its JSON
/// body. Read from the digest `scripts/generate-openapi` writes beside each document
/// (`<Target>RequestRules.generated.swift`), so the rules are the document's, never restated.
public struct RequestRules: Sendable {
  /// Each operation's rules, by `operationId`; an operation with nothing to check is absent.
  public let operations: [String: OperationRules]

  public init(operations: [String: OperationRules]) { self.operations = operations }

  /// Reads a digest; a digest that does not parse, or a pattern that does not compile, is a
  /// programming error found when the app is built.
  public init(json: String) throws {
    struct Digest: Decodable { let operations: [String: OperationRules] }
    self.operations = try JSONDecoder().decode(Digest.self, from: Data(json.utf8)).operations
  }
}

/// One operation's rules: for some of its parameters and for its JSON body.
public struct OperationRules: Sendable, Decodable {
  public let parameters: [ParameterRules]
  public let body: SchemaRules?

  public init(parameters: [ParameterRules] = [], body: SchemaRules? = nil) {
    self.parameters = parameters
    self.body = body
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    parameters = try container.decodeIfPresent([ParameterRules].self, forKey: .parameters) ?? []
    body = try container.decodeIfPresent(SchemaRules.self, forKey: .body)
  }

  enum CodingKeys: String, CodingKey { case parameters, body }
}

/// The rules of one path or query parameter.
public struct ParameterRules: Sendable, Decodable {
  public enum Place: String, Sendable, Decodable {
    case path, query
  }

  public let place: Place
  public let name: String
  public let schema: SchemaRules

  public init(_ place: Place, _ name: String, _ schema: SchemaRules) {
    self.place = place
    self.name = name
    self.schema = schema
  }

  enum CodingKeys: String, CodingKey {
    case place = "in"
    case name, schema
  }
}
