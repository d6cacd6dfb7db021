extension SchemaRules {
  /// Every way `value`, found at `field` (`answer_id`, `events[3].kind`; empty for the body
  /// itself), breaks this schema or one under it; empty when it keeps them all.
  func problems(in value: JSONValue, at field: String) -> [FieldProblem] {
    var found: [FieldProblem] = []
    if admits(value) {
      found += own(value, at: field.isEmpty ? "body" : field)
      found += nested(value, at: field)
    }
    for schema in allOf { found += schema.problems(in: value, at: field) }
    for branches in [anyOf, oneOf] where !branches.isEmpty {
      // The decoder tells the branches apart; here a value fails only if no branch of its type
      // takes it, and then is told what the first branch of its type asks.
      let each = branches.filter { $0.admits(value) }.map { $0.problems(in: value, at: field) }
      if let first = each.first, !each.contains(where: \.isEmpty) { found += first }
    }
    return found
  }

  /// The keywords about the value itself.
  private func own(_ value: JSONValue, at field: String) -> [FieldProblem] {
    var found: [FieldProblem] = []
    if let allowed, !allowed.contains(value) {
      let listed = allowed.map(Self.describe).joined(separator: ", ")
      found.append(FieldProblem(field: field, code: "NOT_ALLOWED", message: "is not one of \(listed)"))
    }
    switch value {
    case .string(let text): found += lengthProblems(text, at: field)
    case .number(let number): found += boundProblems(number, at: field)
    case .array(let elements): found += countProblems(elements.count, at: field)
    default: break
    }
    return found
  }

  private func lengthProblems(_ text: String, at field: String) -> [FieldProblem] {
    var found: [FieldProblem] = []
    let length = text.unicodeScalars.count
    if let maxLength, length > maxLength {
      found.append(
        FieldProblem(field: field, code: "TOO_LONG", message: "is longer than \(Self.characters(maxLength))"))
    }
    if let minLength, length < minLength {
      let message = minLength == 1 ? "must not be empty" : "is shorter than \(Self.characters(minLength))"
      found.append(FieldProblem(field: field, code: "TOO_SHORT", message: message))
    }
    if let pattern, !pattern.matches(text) {
      found.append(
        FieldProblem(field: field, code: "PATTERN_MISMATCH", message: "does not match the pattern \(pattern.source)"))
    }
    return found
  }

  private func boundProblems(_ number: Double, at field: String) -> [FieldProblem] {
    var found: [FieldProblem] = []
    if let maximum, number > maximum {
      found.append(FieldProblem(field: field, code: "TOO_LARGE", message: "is above the maximum \(Self.text(maximum))"))
    }
    if let exclusiveMaximum, number >= exclusiveMaximum {
      found.append(
        FieldProblem(field: field, code: "TOO_LARGE", message: "must be below \(Self.text(exclusiveMaximum))"))
    }
    if let minimum, number < minimum {
      found.append(FieldProblem(field: field, code: "TOO_SMALL", message: "is below the minimum \(Self.text(minimum))"))
    }
    if let exclusiveMinimum, number <= exclusiveMinimum {
      found.append(
        FieldProblem(field: field, code: "TOO_SMALL", message: "must be above \(Self.text(exclusiveMinimum))"))
    }
    return found
  }

  private func countProblems(_ count: Int, at field: String) -> [FieldProblem] {
    if let maxItems, count > maxItems {
      return [FieldProblem(field: field, code: "TOO_MANY", message: "has more than \(Self.items(maxItems))")]
    }
    if let minItems, count < minItems {
      return [FieldProblem(field: field, code: "TOO_FEW", message: "has fewer than \(Self.items(minItems))")]
    }
    return []
  }

  /// The members and elements, each against its own schema.
  private func nested(_ value: JSONValue, at field: String) -> [FieldProblem] {
    switch value {
    case .object(let members):
      return members.sorted { $0.key < $1.key }.flatMap { name, member -> [FieldProblem] in
        guard let schema = properties[name] ?? additionalProperties else { return [] }
        return schema.problems(in: member, at: field.isEmpty ? name : "\(field).\(name)")
      }
    case .array(let elements):
      guard let items else { return [] }
      return elements.enumerated().flatMap { index, element in
        items.problems(in: element, at: "\(field.isEmpty ? "body" : field)[\(index)]")
      }
    default:
      return []
    }
  }

  static func characters(_ count: Int) -> String { count == 1 ? "1 character" : "\(count) characters" }
  static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

  static func text(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
  }

  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): text
    case .number(let number): text(number)
    case .bool(let bool): String(bool)
    case .null: "null"
    case .array, .object: "a listed value"
    }
  }
}
