import Foundation
import Hummingbird

/// A URL-encoded form body, read with a size limit; a field holding a control character
/// (``ControlCharacters``) refuses the whole form with 400 `CONTROL_CHARACTER`. A name may repeat (checkboxes): the subscript
/// gives the first value, ``values(_:)`` all of them in order.
public struct FormFields: Sendable {
  private let pairs: [(String, String)]

  /// The form in `request`'s body, within the route's body limit (``BodyLimit``).
  public init(_ request: Request, context: AppRequestContext) async throws {
    self.init(encoded: String(buffer: try await Self.body(of: request, context: context)))
    let refused = pairs.filter { ControlCharacters.appear(in: $0.0) || ControlCharacters.appear(in: $0.1) }
    if !refused.isEmpty {
      var error = OrchardError.controlCharacter
      error.problems = refused.map {
        FieldProblem(
          field: ControlCharacters.appear(in: $0.0) ? "form" : $0.0, code: "CONTROL_CHARACTER",
          message: "holds a control character")
      }
      throw error
    }
  }

  /// A form's whole body, within the route's body limit: past it, 413 `PAYLOAD_TOO_LARGE`.
  static func body(of request: Request, context: AppRequestContext) async throws -> ByteBuffer {
    do {
      return try await request.body.collect(upTo: context.maxUploadSize)
    } catch let error as OrchardError {
      throw error
    } catch {
      throw OrchardError.payloadTooLarge
    }
  }

  public init(encoded body: String) {
    pairs = body.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
      }
      return (parts[0], parts.count > 1 ? parts[1] : "")
    }
  }

  public subscript(_ name: String) -> String? { pairs.first { $0.0 == name }?.1 }

  public func values(_ name: String) -> [String] { pairs.filter { $0.0 == name }.map(\.1) }
}
