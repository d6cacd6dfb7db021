import Crypto
import Foundation
import OrchardKit

/// AWS Signature Version 4: the `Authorization` header S3-compatible stores (AWS S3, SeaweedFS,
/// MinIO, R2, …) check on every request.
///
/// The canonical request is the method, the path (each segment percent-encoded once, as S3 wants),
/// the sorted and encoded query, the signed headers (names lowercased, values trimmed with inner
/// runs of spaces collapsed, repeats joined by commas) and the payload's SHA-256. Its hash is
/// signed with a key derived from the secret for the day, region and service.
public struct SignatureV4: Sendable {
  public let accessKey: String
  let secretKey: String
  public let region: String
  public let service: String

  public init(accessKey: String, secretKey: String, region: String, service: String = "s3") {
    self.accessKey = accessKey
    self.secretKey = secretKey
    self.region = region
    self.service = service
  }

  /// The SHA-256 of an empty payload.
  public static let emptyPayloadHash = Hex.lowercase(SHA256.hash(data: [UInt8]()))

  /// The value of the `Authorization` header for a request. `headers` must hold every header to
  /// sign, `host` and `x-amz-date` among them; `path` is unencoded (`/bucket/a b.jpg`).
  public func authorization(
    method: String, path: String, query: [(String, String)], headers: [(String, String)], payloadHash: String,
    date: Date
  ) -> String {
    let (canonical, signed) = canonicalRequest(
      method: method, path: path, query: query, headers: headers, payloadHash: payloadHash)
    let day = Self.day(date)
    let scope = "\(day)/\(region)/\(service)/aws4_request"
    let toSign = [
      "AWS4-HMAC-SHA256", Self.timestamp(date), scope, Hex.lowercase(SHA256.hash(data: Array(canonical.utf8))),
    ].joined(separator: "\n")
    let signature = Hex.lowercase(Self.mac(signingKey(day: day), toSign))
    return "AWS4-HMAC-SHA256 Credential=\(accessKey)/\(scope), SignedHeaders=\(signed), Signature=\(signature)"
  }

  /// The canonical request and its signed-headers list.
  func canonicalRequest(
    method: String, path: String, query: [(String, String)], headers: [(String, String)], payloadHash: String
  ) -> (request: String, signedHeaders: String) {
    var merged: [String: [String]] = [:]
    for (name, value) in headers { merged[name.lowercased(), default: []].append(Self.trimmed(value)) }
    let names = merged.keys.sorted()
    let canonicalHeaders = names.map { "\($0):\(merged[$0]!.joined(separator: ","))\n" }.joined()
    let encoded: [(key: String, value: String)] = query.map { (Self.encode($0.0), Self.encode($0.1)) }
    let sorted = encoded.sorted { $0.key == $1.key ? $0.value < $1.value : $0.key < $1.key }
    let canonicalQuery = sorted.map { $0.key + "=" + $0.value }.joined(separator: "&")
    let signed = names.joined(separator: ";")
    let request = [method, Self.encodePath(path), canonicalQuery, canonicalHeaders, signed, payloadHash]
      .joined(separator: "\n")
    return (request, signed)
  }

  /// `x-amz-date`'s form: `20150830T123600Z` (the wire timestamp without its separators).
  public static func timestamp(_ date: Date) -> String {
    WireTimestamp.format(date, precision: .seconds).filter { $0 != "-" && $0 != ":" }
  }

  static func day(_ date: Date) -> String { String(timestamp(date).prefix(8)) }

  private func signingKey(day: String) -> [UInt8] {
    [day, region, service, "aws4_request"].reduce(Array("AWS4\(secretKey)".utf8)) { Self.mac($0, $1) }
  }

  private static func mac(_ key: [UInt8], _ message: String) -> [UInt8] {
    Array(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: SymmetricKey(data: key)))
  }

  /// A header value as signed: outer whitespace gone, inner runs of spaces made one.
  private static func trimmed(_ value: String) -> String {
    value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
  }

  /// RFC 3986 percent-encoding of everything but the unreserved characters `A–Z a–z 0–9 - . _ ~`.
  static func encode(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded()
      }
    }
    return encoded
  }

  /// A path with each segment encoded and the slashes kept.
  static func encodePath(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
  }
}

extension String {
  fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
