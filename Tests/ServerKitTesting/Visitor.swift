import HTTPTypes
import Hummingbird
import HummingbirdTesting

/// A browser-like visitor: keeps the device cookie and follows nothing by itself.
public struct Visitor: Sendable {
  public let client: any TestClientProtocol
  public var cookie: String?

  public init(client: any TestClientProtocol, cookie: String? = nil) {
    self.client = client
    self.cookie = cookie
  }

  public mutating func get(
    _ path: String
  ) async throws -> (status: HTTPResponse.Status, location: String?, body: String) {
    try await send(path, method: .get, body: nil)
  }

  public mutating func post(
    _ path: String, form: String = "", type: String = "application/x-www-form-urlencoded"
  ) async throws -> (
    status: HTTPResponse.Status, location: String?, body: String
  ) {
    try await send(path, method: .post, body: form, type: type)
  }

  private mutating func send(
    _ path: String, method: HTTPRequest.Method, body: String?, type: String = ""
  ) async throws -> (
    status: HTTPResponse.Status, location: String?, body: String
  ) {
    var headers: HTTPFields = [:]
    if let cookie { headers[.cookie] = cookie }
    if body != nil {
      headers[.contentType] = type
      headers[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
    }
    let response = try await client.execute(
      uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    if let set = response.headers[.setCookie] { cookie = String(set.prefix { $0 != ";" }) }
    return (response.status, response.headers[.location], String(buffer: response.body))
  }
}
