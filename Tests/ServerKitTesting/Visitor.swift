import HTTPTypes
import Hummingbird
import HummingbirdTesting

/// A browser-like visitor: keeps the cookies it is given, by name (a cookie set again replaces
/// its old value; `Max-Age=0` removes it), and follows nothing by itself.
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
    try await send(path, method: .post, body: ByteBuffer(string: form), type: type)
  }

  /// Posts `bytes` as they are: a `multipart/form-data` form with a file in it.
  public mutating func post(
    _ path: String, bytes: [UInt8], type: String
  ) async throws -> (status: HTTPResponse.Status, location: String?, body: String) {
    try await send(path, method: .post, body: ByteBuffer(bytes: bytes), type: type)
  }

  private mutating func send(
    _ path: String, method: HTTPRequest.Method, body: ByteBuffer?, type: String = ""
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
      uri: path, method: method, headers: headers, body: body)
    for set in response.headers[values: .setCookie] { keep(set) }
    return (response.status, response.headers[.location], String(buffer: response.body))
  }

  /// The cookie a `Set-Cookie` value names, added to the ones kept, replacing or removing its old
  /// value.
  private mutating func keep(_ set: String) {
    let pair = String(set.prefix { $0 != ";" })
    let name = pair.prefix { $0 != "=" }
    var kept = (cookie ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && $0.prefix { $0 != "=" } != name }
    if !set.lowercased().contains("max-age=0") { kept.append(pair) }
    cookie = kept.isEmpty ? nil : kept.joined(separator: "; ")
  }
}
