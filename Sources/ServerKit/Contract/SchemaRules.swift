/// The constraints of one JSON Schema, and of the schemas under it, as JSON Schema means them:
/// a keyword holds only for the kind of value it speaks of (`maxLength` for strings, `maximum`
/// for numbers), lengths count Unicode code points, and a pattern matches anywhere unless anchored.
/// Types themselves are the generated decoder's to check; a value of another type passes here.
public final class SchemaRules: Sendable, Decodable {
  let types: Set<String>
  let maxLength: Int?
  let minLength: Int?
  let pattern: Pattern?
  let maxItems: Int?
  let minItems: Int?
  let minimum: Double?
  let maximum: Double?
  let exclusiveMinimum: Double?
  let exclusiveMaximum: Double?
  let allowed: [JSONValue]?
  let properties: [String: SchemaRules]
  let items: SchemaRules?
  let additionalProperties: SchemaRules?
  let allOf: [SchemaRules]
  let anyOf: [SchemaRules]
  let oneOf: [SchemaRules]

  public init(
    types: Set<String> = [], maxLength: Int? = nil, minLength: Int? = nil, pattern: String? = nil,
    maxItems: Int? = nil, minItems: Int? = nil, minimum: Double? = nil, maximum: Double? = nil,
    exclusiveMinimum: Double? = nil, exclusiveMaximum: Double? = nil, allowed: [String]? = nil,
    properties: [String: SchemaRules] = [:], items: SchemaRules? = nil, additionalProperties: SchemaRules? = nil,
    allOf: [SchemaRules] = [], anyOf: [SchemaRules] = [], oneOf: [SchemaRules] = []
  ) throws {
    self.types = types
    self.maxLength = maxLength
    self.minLength = minLength
    self.pattern = try pattern.map(Pattern.init)
    self.maxItems = maxItems
    self.minItems = minItems
    self.minimum = minimum
    self.maximum = maximum
    self.exclusiveMinimum = exclusiveMinimum
    self.exclusiveMaximum = exclusiveMaximum
    self.allowed = allowed?.map(JSONValue.string)
    self.properties = properties
    self.items = items
    self.additionalProperties = additionalProperties
    self.allOf = allOf
    self.anyOf = anyOf
    self.oneOf = oneOf
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let many = try? container.decodeIfPresent([String].self, forKey: .type) {
      types = Set(many)
    } else {
      types = Set([try container.decodeIfPresent(String.self, forKey: .type)].compactMap { $0 })
    }
    maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength)
    minLength = try container.decodeIfPresent(Int.self, forKey: .minLength)
    pattern = try container.decodeIfPresent(String.self, forKey: .pattern).map(Pattern.init)
    maxItems = try container.decodeIfPresent(Int.self, forKey: .maxItems)
    minItems = try container.decodeIfPresent(Int.self, forKey: .minItems)
    minimum = try container.decodeIfPresent(Double.self, forKey: .minimum)
    maximum = try container.decodeIfPresent(Double.self, forKey: .maximum)
    exclusiveMinimum = try container.decodeIfPresent(Double.self, forKey: .exclusiveMinimum)
    exclusiveMaximum = try container.decodeIfPresent(Double.self, forKey: .exclusiveMaximum)
    allowed = try container.decodeIfPresent([JSONValue].self, forKey: .allowed)
    properties = try container.decodeIfPresent([String: SchemaRules].self, forKey: .properties) ?? [:]
    items = try container.decodeIfPresent(SchemaRules.self, forKey: .items)
    additionalProperties = try container.decodeIfPresent(SchemaRules.self, forKey: .additionalProperties)
    allOf = try container.decodeIfPresent([SchemaRules].self, forKey: .allOf) ?? []
    anyOf = try container.decodeIfPresent([SchemaRules].self, forKey: .anyOf) ?? []
    oneOf = try container.decodeIfPresent([SchemaRules].self, forKey: .oneOf) ?? []
  }

  enum CodingKeys: String, CodingKey {
    case type, maxLength, minLength, pattern, maxItems, minItems, minimum, maximum, exclusiveMinimum
    case exclusiveMaximum, properties, items, additionalProperties, allOf, anyOf, oneOf
    case allowed = "enum"
  }

  /// Whether `value` is of a type this schema names (any, when it names none); integers are
  /// numbers without a fraction.
  func admits(_ value: JSONValue) -> Bool {
    guard !types.isEmpty else { return true }
    switch value {
    case .null: return types.contains("null")
    case .bool: return types.contains("boolean")
    case .string: return types.contains("string")
    case .array: return types.contains("array")
    case .object: return types.contains("object")
    case .number(let number):
      return types.contains("number") || (types.contains("integer") && number.rounded(.towardZero) == number)
    }
  }
}

/// A schema's `pattern`, compiled once, matched per Unicode scalar as ECMA-262 does with its `u`
/// flag (not per grapheme cluster, Swift's default).
struct Pattern: Sendable {
  let source: String
  /// Only ever matched against, never changed: a compiled regex is safe to share for that.
  nonisolated(unsafe) let regex: Regex<AnyRegexOutput>

  init(_ source: String) throws {
    self.source = source
    self.regex = try Regex(source).matchingSemantics(.unicodeScalar)
  }

  func matches(_ text: String) -> Bool { text.contains(regex) }
}
