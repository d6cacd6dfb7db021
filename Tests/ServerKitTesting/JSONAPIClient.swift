import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

/// A device's view of a JSON API through the router: sends a request (with a bearer token, JSON
/// or a raw body) and keeps the whole answer, to decode with the types generated from the contract.
public struct JSONAPIClient: Sendable {
  public let client: any TestClientProtocol

  public init(client: any TestClientProtocol) { self.client = client }

  /// One answer, whole.
  public struct Answer: Sendable {
    public let status: HTTPResponse.Status
    public let headers: HTTPFields
    public let body: Data

    public init(status: HTTPResponse.Status, headers: HTTPFields, body: Data) {
      self.status = status
      self.headers = headers
      self.body = body
    }

    /// The body as `T`, with dates in ISO 8601.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return try decoder.decode(T.self, from: body)
    }

    /// The body as a JSON object, for checking members a generated type would hide.
    public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
  }

  /// Sends `json` encoded (as `application/json`) or `rawBody` as it is, with the content type
  /// in `headers` if any.
  public func send(
    _ method: HTTPRequest.Method, _ path: String, token: String? = nil, headers extra: HTTPFields = [:],
    json: (any Encodable)? = nil, rawBody: String? = nil
  ) async throws -> Answer {
    var headers = extra
    if let token { headers[.authorization] = "Bearer \(token)" }
    var body: ByteBuffer?
    if let json {
      body = ByteBuffer(bytes: try JSONEncoder().encode(json))
      headers[.contentType] = headers[.contentType] ?? "application/json"
    } else if let rawBody {
      body = ByteBuffer(string: rawBody)
    }
    let response = try await client.execute(uri: path, method: method, headers: headers, body: body)
    return Answer(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
  }
}
