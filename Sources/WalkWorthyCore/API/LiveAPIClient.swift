#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Sends a GET to our server. The app provides it (the core does no networking); it is bound to
/// `API_BASE_URL` and resolves `path` against it.
public protocol HTTPTransport: Sendable {
  /// `path` is absolute on the server ("/walkworthy/api/v1/encouragements/next"). Throws only when no
  /// answer arrived; any status, 4xx and 5xx included, is an answer.
  func get(_ path: String, headers: [String: String]) async throws -> (status: Int, body: Data)
}

/// Talks to our server (`API_MODE=live`).
public struct LiveAPIClient: EncouragementAPI {
  public static let nextPath = "/walkworthy/api/v1/encouragements/next"
  public static let todayCanvasPath = "/walkworthy/api/v1/canvas/today"

  let transport: any HTTPTransport
  let deviceToken: String?

  /// With a `deviceToken`, every request carries `Authorization: Bearer <token>`, as MIGA's API does.
  public init(transport: any HTTPTransport, deviceToken: String? = nil) {
    self.transport = transport
    self.deviceToken = deviceToken.flatMap { $0.isEmpty ? nil : $0 }
  }

  public func fetchNext() async throws -> NextResponse {
    try await get(NextResponse.self, Self.nextPath)
  }

  public func fetchTodayCanvas() async throws -> TodayCanvas {
    try await get(TodayCanvas.self, Self.todayCanvasPath)
  }

  private func get<T: Decodable>(_ type: T.Type, _ path: String) async throws(EncouragementAPIError) -> T {
    var headers = ["Accept": "application/json"]
    if let deviceToken { headers["Authorization"] = "Bearer \(deviceToken)" }
    let response: (status: Int, body: Data)
    do {
      response = try await transport.get(path, headers: headers)
    } catch {
      throw .unreachable(source: path, reason: String(describing: error))
    }
    guard (200..<300).contains(response.status) else {
      throw .server(source: path, status: response.status, code: Self.problemCode(in: response.body))
    }
    return try ResponseDecoding.decode(type, from: response.body, source: path)
  }

  /// The stable `code` of an RFC 9457 problem document, if the body is one.
  private static func problemCode(in body: Data) -> String? {
    struct Problem: Decodable { let code: String? }
    return (try? JSONDecoder().decode(Problem.self, from: body))?.code
  }
}
