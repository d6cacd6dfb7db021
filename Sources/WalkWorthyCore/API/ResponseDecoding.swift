#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes an API answer, turning a `DecodingError` into one line that names the field at fault:
/// `assignmentsToday[1].due_at: missing`.
enum ResponseDecoding {
  static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, source: String
  ) throws(EncouragementAPIError) -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw .malformedResponse(source: source, detail: describe(error))
    } catch {
      throw .malformedResponse(source: source, detail: String(describing: error))
    }
  }

  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      "\(path(context.codingPath + [key])): missing"
    case .valueNotFound(let type, let context):
      "\(path(context.codingPath)): expected \(type), found null"
    case .typeMismatch(let type, let context):
      "\(path(context.codingPath)): expected \(type) (\(context.debugDescription))"
    case .dataCorrupted(let context):
      context.codingPath.isEmpty
        ? "not valid JSON (\(context.debugDescription))"
        : "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      String(describing: error)
    }
  }

  /// `payload.expiresAt`, `assignmentsToday[1].due_at`; the top level is `(root)`.
  private static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text.isEmpty ? "(root)" : text
  }
}
