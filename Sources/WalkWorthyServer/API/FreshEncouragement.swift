import Hummingbird
import ServerKit
import WalkWorthyCore

/// The call a WalkWorthy app makes most, answered before the OpenAPI layer: a known device asks
/// for its next encouragement (no query, or `translation=BSB|KJV|WEB`). The choice is the
/// service's own (``WalkWorthyService/nextEncouragement(for:in:at:)``), so only the writing of
/// the JSON is done here, by hand, in the contract's `NextResponse` shape. Anything else — no or
/// an unknown token, another method, any other query — goes on to the generated handler, which
/// owns every other answer and every error.
struct FreshEncouragement: RouterMiddleware {
  typealias Context = AppRequestContext

  static let path = "/walkworthy/api/v1/encouragements/next"

  let service: WalkWorthyService
  let dates = WireDateTranscoder()

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get, request.uri.path == Self.path,
      let translation = Self.translation(request.uri.query),
      let id = context.authenticatedDevice
    else { return try await next(request, context) }
    let answer = try await service.nextEncouragement(for: id, in: translation)
    let body = Self.json(answer, expiresAt: try dates.encode(answer.expiresAt))
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: CachePolicy.personal],
      body: .init(byteBuffer: ByteBuffer(string: body)))
  }

  /// The translation a query asks for, or nil for a query this fast path leaves to the handler.
  static func translation(_ query: String?) -> Translation? {
    guard let query, !query.isEmpty else { return .standard }
    guard query.hasPrefix("translation=") else { return nil }
    let name = query.dropFirst("translation=".count)
    return Translation.allCases.first { $0.abbreviation == name }
  }

  static func json(_ answer: NextEncouragement, expiresAt: String) -> String {
    var json = #"{"shouldNotify":\#(answer.shouldNotify),"payload":{"id":"#
    JSONString.append(answer.payloadID, to: &json)
    json += #","ref":"#
    JSONString.append(answer.card.ref, to: &json)
    json += #","text":"#
    JSONString.append(answer.card.text, to: &json)
    json += #","encouragement":"#
    JSONString.append(answer.card.encouragement, to: &json)
    json += #","translation":"#
    JSONString.append(answer.card.label, to: &json)
    json += #","expiresAt":"#
    JSONString.append(expiresAt, to: &json)
    json += "}}"
    return json
  }
}
