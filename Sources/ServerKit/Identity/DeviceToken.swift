import Crypto
import Foundation
import HTTPTypes
import OrchardKit

/// The bearer secret of one app install (MIGA, WalkWorthy): 256 random bits, base64url without padding (43 characters).
///
/// The server stores only ``hash``, so a leaked database holds no usable token.
public struct DeviceToken: Sendable, Equatable {
  public let value: String

  public init(value: String) { self.value = value }

  /// Draws a new token from `generator` (the system's secure generator in production).
  public init<G: RandomNumberGenerator>(using generator: inout G) {
    var bytes = [UInt8]()
    bytes.reserveCapacity(32)
    for _ in 0..<4 {
      withUnsafeBytes(of: generator.next().littleEndian) { bytes.append(contentsOf: $0) }
    }
    value = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The SHA-256 of the token's text, as 64 lowercase hex digits: what the database keeps.
  public var hash: String {
    Hex.lowercase(SHA256.hash(data: Array(value.utf8)))
  }

  /// The token in an `Authorization: Bearer <token>` header (at most 256 bytes), or nil when the
  /// header is absent or another scheme. The scheme's name is case-insensitive (RFC 9110 §11.1).
  public static func bearer(in header: String?) -> DeviceToken? {
    BearerToken.token(in: header, maxLength: maxLength).map(DeviceToken.init(value:))
  }

  /// The device token of a request's `Authorization` header.
  public static func bearer(in fields: HTTPFields) -> DeviceToken? {
    fields.bearerToken(maxLength: maxLength).map(DeviceToken.init(value:))
  }

  /// A device token is 43 characters; anything past this is not one.
  static let maxLength = 256
}
