import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import OrchardKit

/// Blobs in an S3-compatible bucket, for several servers sharing one store: AWS S3, or SeaweedFS,
/// MinIO, R2 and the like. Every request is signed with ``SignatureV4`` and carries the SHA-256 of
/// its body, which the store checks. The bucket stays private: objects are read back by the
/// server, never linked to.
public struct S3BlobStore: BlobStore {
  public let configuration: S3Configuration
  private let signer: SignatureV4
  private let client: HTTPClient
  private let now: @Sendable () -> Date
  private let timeout: TimeAmount

  /// The largest object read back whole (an original photo is at most 10 MiB).
  static let largestObject = 64 * 1024 * 1024
  /// Objects removed per batch request (S3 takes at most 1,000).
  let deleteBatch: Int

  /// `now` signs requests, so it is the real clock: stores refuse a signature more than 15 minutes
  /// off their own time.
  public init(
    _ configuration: S3Configuration, client: HTTPClient = .shared, timeout: Duration = .seconds(30),
    deleteBatch: Int = 1000,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.configuration = configuration
    self.deleteBatch = deleteBatch
    signer = SignatureV4(
      accessKey: configuration.accessKey, secretKey: configuration.secretKey, region: configuration.region)
    self.client = client
    self.now = now
    self.timeout = .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000)
  }

  public func put(_ key: BlobKey, bytes: [UInt8], contentType: String) async throws {
    let answer = try await send(.PUT, key: key, body: bytes, headers: [("content-type", contentType)])
    try answer.expect(200..<300, "put \(key)")
  }

  public func get(_ key: BlobKey) async throws -> [UInt8]? {
    let answer = try await send(.GET, key: key, limit: Self.largestObject)
    if answer.status == 404 { return nil }
    try answer.expect(200..<300, "get \(key)")
    return answer.body
  }

  public func delete(_ key: BlobKey) async throws {
    let answer = try await send(.DELETE, key: key)
    if answer.status == 404 { return }
    try answer.expect(200..<300, "delete \(key)")
  }

  public func list(under prefix: BlobKey) async throws -> [BlobKey] {
    try await entries(under: prefix).map(\.key)
  }

  public func entries(under prefix: BlobKey) async throws -> [BlobEntry] {
    var entries: [BlobEntry] = []
    var token: String?
    repeat {
      var query = [("list-type", "2"), ("prefix", prefix.description + "/")]
      if let token { query.append(("continuation-token", token)) }
      let answer = try await send(.GET, key: nil, query: query, limit: 16 * 1024 * 1024)
      try answer.expect(200..<300, "list \(prefix)")
      let page = ListPage(xml: String(decoding: answer.body, as: UTF8.self))
      entries += page.entries
      token = page.truncated ? page.next : nil
    } while token != nil
    return entries
  }

  /// An object is written whole or not at all, so a crash leaves nothing half-written.
  @discardableResult
  public func deleteUnfinishedWrites(before cutoff: Date) async throws -> Int { 0 }

  @discardableResult
  public func deleteAll(under prefix: BlobKey) async throws -> Int {
    let keys = try await list(under: prefix)
    for start in stride(from: 0, to: keys.count, by: deleteBatch) {
      let batch = keys[start..<min(start + deleteBatch, keys.count)]
      let body = Array(
        ("<Delete><Quiet>true</Quiet>"
          + batch.map { "<Object><Key>\($0)</Key></Object>" }.joined() + "</Delete>").utf8)
      let md5 = Data(Insecure.MD5.hash(data: body)).base64EncodedString()
      let answer = try await send(
        .POST, key: nil, query: [("delete", "")], body: body,
        headers: [("content-type", "application/xml"), ("content-md5", md5)])
      try answer.expect(200..<300, "delete under \(prefix)")
      let failures = XMLText.elements("Error", in: String(decoding: answer.body, as: UTF8.self))
      guard failures.isEmpty else { throw BlobStoreError("delete under \(prefix)", cause: failures.joined()) }
    }
    return keys.count
  }

  /// Creates the bucket unless it exists: for a first start and for tests.
  public func createBucketIfMissing() async throws {
    let head = try await send(.HEAD, key: nil)
    if (200..<300).contains(head.status) { return }
    let body =
      configuration.region == "us-east-1"
      ? []
      : Array(
        ("<CreateBucketConfiguration><LocationConstraint>\(configuration.region)"
          + "</LocationConstraint></CreateBucketConfiguration>").utf8)
    let answer = try await send(.PUT, key: nil, body: body)
    if answer.status == 409 { return }  // created meanwhile by another server
    try answer.expect(200..<300, "create bucket \(configuration.bucket)")
  }

  struct Answer {
    let status: Int
    let body: [UInt8]

    func expect(_ range: Range<Int>, _ operation: String) throws {
      guard range.contains(status) else {
        let code = XMLText.elements("Code", in: String(decoding: body, as: UTF8.self)).first ?? "no error code"
        throw BlobStoreError(operation, cause: "HTTP \(status), \(code)")
      }
    }
  }

  private func send(
    _ method: HTTPMethod, key: BlobKey?, query: [(String, String)] = [], body: [UInt8] = [],
    headers extra: [(String, String)] = [], limit: Int = 1024 * 1024
  ) async throws -> Answer {
    let endpoint = configuration.endpoint
    let port = endpoint.port.map { ":\($0)" } ?? ""
    let host = (configuration.pathStyle ? "" : configuration.bucket + ".") + (endpoint.host ?? "") + port
    let base = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
    let path =
      base + (configuration.pathStyle ? "/" + configuration.bucket : "") + (key.map { "/" + $0.description } ?? "")
    let date = now()
    let payloadHash = Hex.lowercase(SHA256.hash(data: body))
    var headers =
      [("host", host), ("x-amz-date", SignatureV4.timestamp(date)), ("x-amz-content-sha256", payloadHash)] + extra
    headers.append(
      (
        "authorization",
        signer.authorization(
          method: method.rawValue, path: path.isEmpty ? "/" : path, query: query, headers: headers,
          payloadHash: payloadHash, date: date)
      ))
    let queryText = query.map { SignatureV4.encode($0.0) + "=" + SignatureV4.encode($0.1) }.joined(separator: "&")
    var request = HTTPClientRequest(
      url: "\(endpoint.scheme ?? "http")://\(host)\(SignatureV4.encodePath(path))"
        + (queryText.isEmpty ? "" : "?" + queryText))
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if !body.isEmpty || method == .PUT || method == .POST {
      request.body = .bytes(ByteBuffer(bytes: body))
    }
    let response = try await client.execute(request, timeout: timeout)
    let bytes = try await response.body.collect(upTo: limit)
    return Answer(status: Int(response.status.code), body: Array(buffer: bytes))
  }

  /// One page of a ListObjectsV2 answer.
  struct ListPage {
    let entries: [BlobEntry]
    let truncated: Bool
    let next: String?

    init(xml: String) {
      entries = XMLText.elements("Contents", in: xml).compactMap { contents in
        guard let name = XMLText.elements("Key", in: contents).first, let key = BlobKey(path: name),
          let text = XMLText.elements("LastModified", in: contents).first, let modified = Self.date(text)
        else { return nil }
        return BlobEntry(key: key, modified: modified)
      }
      truncated = XMLText.elements("IsTruncated", in: xml).first == "true"
      next = XMLText.elements("NextContinuationToken", in: xml).first
    }

    /// An ISO 8601 time as S3 writes it (`2026-05-01T09:30:00.000Z`), with or without milliseconds.
    static func date(_ text: String) -> Date? {
      let whole = text.split(separator: ".").first.map { String($0) } ?? text
      let seconds = whole.hasSuffix("Z") ? whole : whole + "Z"
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime]
      guard let date = formatter.date(from: seconds) else { return nil }
      guard let dot = text.firstIndex(of: ".") else { return date }
      let fraction = Double("0" + text[dot...].prefix { $0 != "Z" && $0 != "+" }) ?? 0
      return date.addingTimeInterval(fraction)
    }
  }
}

/// The text of simple XML elements, as S3 answers: no attributes on the elements read, no CDATA.
enum XMLText {
  /// The decoded contents of every `<name>…</name>` in `xml`, in order.
  static func elements(_ name: String, in xml: String) -> [String] {
    var found: [String] = []
    var rest = xml[...]
    while let open = rest.range(of: "<\(name)>") {
      guard let close = rest[open.upperBound...].range(of: "</\(name)>") else { break }
      found.append(decode(String(rest[open.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return found
  }

  static func decode(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
