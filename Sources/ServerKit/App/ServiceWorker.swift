import Crypto
import Foundation
import Hummingbird
import NIOCore
import OrchardKit

/// An app's service worker, served at `<path>sw.js` from a stable address (never hashed: the
/// browser checks it for updates, so it is never cached long).
///
/// A worker cannot read the page, so what the core decided for it (the paths it keeps, how long a
/// copy stays fresh) comes first in the script as `self.orchard`, JSON written by the server:
/// the script itself holds no number, path or list that the core owns.
public struct ServiceWorker: Sendable {
  public let body: ByteBuffer

  /// `settings` is encoded as JSON ahead of `script`.
  public init(script: [UInt8], settings: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var bytes = Array("self.orchard = ".utf8) + (try encoder.encode(settings)) + Array(";\n".utf8)
    bytes += script
    body = ByteBuffer(bytes: bytes)
  }

  /// A short name for what a worker keeps, from everything that shapes it (the hashed addresses of
  /// the assets it keeps, the sentences of the pages it keeps): a worker whose name changes is a
  /// new worker, which the browser installs in place of the old one, so no launch shows an old copy.
  public static func version(of parts: [String]) -> String {
    Hex.lowercase(Array(SHA256.hash(data: Array(parts.joined(separator: "\n").utf8)).prefix(6)))
  }

  var response: Response {
    Response(
      status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
      body: .init(byteBuffer: body))
  }
}
