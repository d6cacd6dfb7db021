import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OrchardKit

/// Every static asset, held in memory with its content hash and precompressed variants.
///
/// A page refers to `css/base.css` through ``url(_:)``, which answers `/assets/css/base.<hash>.css`;
/// since the name changes whenever the bytes do, the response can be cached for a year as
/// immutable. Variants `NAME.gz` and `NAME.br` beside a file (made by `scripts/compress-assets`) are
/// served when the browser accepts them.
public struct AssetCatalog: Sendable {
  struct Asset: Sendable {
    let contentType: String
    let identity: ByteBuffer
    let gzip: ByteBuffer?
    let brotli: ByteBuffer?
    let etag: String
  }

  private var assets: [String: Asset] = [:]
  private var urls: [String: String] = [:]

  public init() {}

  /// Loads every file under `directory` (the module's `Public` resources).
  public static func load(from directory: URL) throws -> AssetCatalog {
    var catalog = AssetCatalog()
    let files = try Self.files(under: directory)
    let byPath = Dictionary(uniqueKeysWithValues: files.map { ($0.relative, $0.url) })
    for (relative, url) in byPath.sorted(by: { $0.key < $1.key }) {
      if relative.hasSuffix(".gz") || relative.hasSuffix(".br") {
        // A variant whose source is missing would be an orphan; the source loads it below.
        if byPath[String(relative.dropLast(3))] != nil { continue }
      }
      let variant = { (suffix: String) throws -> [UInt8]? in
        try byPath[relative + suffix].map { [UInt8](try Data(contentsOf: $0)) }
      }
      catalog.add(
        path: relative, bytes: [UInt8](try Data(contentsOf: url)), gzip: try variant(".gz"), brotli: try variant(".br"))
    }
    return catalog
  }

  /// The resources bundled with ServerKit.
  public static func bundled() throws -> AssetCatalog {
    guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Public") else {
      throw AssetError.missingBundle
    }
    return try load(from: directory)
  }

  /// Adds an asset made at start, such as an app's design-token stylesheet.
  public mutating func add(path: String, bytes: [UInt8], gzip: [UInt8]? = nil, brotli: [UInt8]? = nil) {
    let digest = Hex.lowercase(Array(SHA256.hash(data: bytes).prefix(8)))
    let hashed = Self.hashedPath(path, digest: digest)
    assets[hashed] = Asset(
      contentType: Self.contentType(of: path), identity: ByteBuffer(bytes: bytes),
      gzip: gzip.map { ByteBuffer(bytes: $0) }, brotli: brotli.map { ByteBuffer(bytes: $0) },
      etag: "\"\(digest)\"")
    urls[path] = "/assets/" + hashed
  }

  /// Adds another module's assets (an app's own stylesheets and scripts).
  public mutating func merge(_ other: AssetCatalog) {
    assets.merge(other.assets) { _, new in new }
    urls.merge(other.urls) { _, new in new }
  }

  /// The public URL of an asset. Asking for an asset that does not exist is a programming error.
  public func url(_ path: String) -> String {
    guard let url = urls[path] else { preconditionFailure("unknown asset \(path)") }
    return url
  }

  /// Whether an asset with this logical path exists.
  public func contains(_ path: String) -> Bool { urls[path] != nil }

  /// The response for `/assets/<hashed path>`, or nil when no such asset exists.
  public func response(forHashedPath hashed: String, acceptEncoding: String?, ifNoneMatch: String?) -> Response? {
    guard let asset = assets[hashed] else { return nil }
    var headers: HTTPFields = [
      .contentType: asset.contentType,
      .cacheControl: "public, max-age=31536000, immutable",
      .eTag: asset.etag,
    ]
    if asset.gzip != nil || asset.brotli != nil { headers[.vary] = "Accept-Encoding" }
    if ifNoneMatch == asset.etag { return Response(status: .notModified, headers: headers) }
    let accepted = ContentCoding.accepted(by: acceptEncoding)
    var body = asset.identity
    if let brotli = asset.brotli, accepted.contains(.brotli) {
      body = brotli
      headers[.contentEncoding] = "br"
    } else if let gzip = asset.gzip, accepted.contains(.gzip) {
      body = gzip
      headers[.contentEncoding] = "gzip"
    }
    headers[.contentLength] = String(body.readableBytes)
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
  }

  static func hashedPath(_ path: String, digest: String) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    guard let dot = path[slash...].firstIndex(of: ".") else { return path + "." + digest }
    return path[..<dot] + "." + digest + path[dot...]
  }

  static func contentType(of path: String) -> String {
    let ext = path.split(separator: ".").last.map(String.init) ?? ""
    return switch ext {
    case "css": "text/css; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "svg": "image/svg+xml"
    case "woff2": "font/woff2"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "webp": "image/webp"
    case "ico": "image/x-icon"
    case "json": "application/json"
    case "webmanifest": "application/manifest+json"
    case "txt": "text/plain; charset=utf-8"
    default: "application/octet-stream"
    }
  }

  private static func files(under directory: URL) throws -> [(relative: String, url: URL)] {
    guard
      let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    else { throw AssetError.missingBundle }
    let root = directory.standardizedFileURL.path + "/"
    var found: [(String, URL)] = []
    for case let url as URL in enumerator {
      guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(root), !url.lastPathComponent.hasPrefix(".") else { continue }
      found.append((String(path.dropFirst(root.count)), url))
    }
    return found
  }
}

/// The bundle of static files could not be found: the server was installed without its resources.
public enum AssetError: Error, CustomStringConvertible {
  case missingBundle
  public var description: String { "the server's Public resources are missing next to the executable" }
}

/// Content codings a client accepts, from `Accept-Encoding` (q=0 means "not this one").
enum ContentCoding: Hashable {
  case gzip, brotli

  static func accepted(by header: String?) -> Set<ContentCoding> {
    guard let header else { return [] }
    var result: Set<ContentCoding> = []
    for item in header.split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard let name = parts.first else { continue }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
      if quality == 0 { continue }
      switch name {
      case "gzip", "x-gzip": result.insert(.gzip)
      case "br": result.insert(.brotli)
      case "*": result.formUnion([.gzip, .brotli])
      default: continue
      }
    }
    return result
  }
}
