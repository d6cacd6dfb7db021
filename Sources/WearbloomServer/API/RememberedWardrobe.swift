import Foundation
import Hummingbird
import OrchardDatabase
import OrchardIdentity
import OrchardKit
import ServerKit
import WearbloomAPI
import WearbloomCore

/// The two calls a wardrobe screen makes most, answered before the OpenAPI layer for a signed-in
/// account: an image (the grid's thumbnails, as it scrolls) and the wardrobe list. What they
/// answer is decided by the same code as the generated handlers' (``WearbloomAPIService``), and
/// the list's JSON is the generated `Wardrobe`'s own, written once per version of the wardrobe
/// (its ETag) and then served as it is. The account is the one ``AccessTokenAuthenticator``, ahead
/// of it, found. Anything else — no token or one that does not hold, a device's onboarding token,
/// a query they do not know, an answer that is a refusal — goes on to the generated handler, which
/// owns every error.
struct RememberedWardrobe: RouterMiddleware {
  typealias Context = AppRequestContext

  static let garments = "/wearbloom/api/v1/garments"

  let api: WearbloomAPIService
  /// Each wardrobe list as written, by account, category and ETag: a new version is a new key, so
  /// nothing here is ever stale, and old versions are pushed out.
  let lists: Cache<String, ByteBuffer>

  init(api: WearbloomAPIService, clock: any WallClock) {
    self.api = api
    lists = Cache("wearbloom-lists", capacity: 64, clock: clock)
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .get, let caller = context.authenticatedCaller else {
      return try await next(request, context)
    }
    let path = request.uri.path
    let answer: Response?
    if path.hasPrefix(WearbloomAPIService.imagesPath) {
      answer = try await image(String(path.dropFirst(WearbloomAPIService.imagesPath.count)), request, caller)
    } else if path == Self.garments {
      answer = try await list(request, caller)
    } else {
      answer = nil
    }
    if let answer { return answer }
    return try await next(request, context)
  }

  /// The one query item a call takes, if the query is exactly that (or empty), its value plain
  /// ASCII letters; nil otherwise.
  static func only(_ name: String, in query: String?) -> String?? {
    guard let query, !query.isEmpty else { return .some(nil) }
    let bytes = query.utf8
    let prefix = name.utf8
    guard bytes.count > prefix.count + 1, bytes.starts(with: prefix),
      bytes[bytes.index(bytes.startIndex, offsetBy: prefix.count)] == UInt8(ascii: "=")
    else { return nil }
    let value = bytes.dropFirst(prefix.count + 1)
    guard value.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return nil }
    return .some(String(decoding: value, as: UTF8.self))
  }

  /// The media ranges `Accept` names, without their parameters or surrounding spaces, lowercased
  /// (ASCII, as media types are).
  static func accepted(_ header: String?) -> [String] {
    guard let header else { return [] }
    return header.utf8.split(separator: UInt8(ascii: ",")).compactMap { range in
      let type = range.prefix { $0 != UInt8(ascii: ";") }.drop { $0 == UInt8(ascii: " ") }
      let trimmed = type.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
      guard !trimmed.isEmpty else { return nil }
      return String(decoding: trimmed.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
  }

  private func image(_ id: String, _ request: Request, _ caller: Caller) async throws -> Response? {
    guard !id.isEmpty, !id.contains("/"), case .some(let variant) = Self.only("variant", in: request.uri.query),
      variant.map({ ImageVariant(rawValue: $0) != nil }) ?? true
    else { return nil }
    let answer = try await api.service.image(
      id, owner: caller.account.id, variant: variant, accept: Self.accepted(request.headers[.accept]),
      ifNoneMatch: request.headers[.ifNoneMatch])
    switch answer {
    case .notFound, .notAcceptable: return nil
    case .notModified(let etag): return Response(status: .notModified, headers: [.eTag: etag])
    case .image(let bytes, let form, let etag):
      return Response(
        status: .ok,
        headers: [
          .contentType: form.format.mimeType, .cacheControl: ImageAnswer.cacheControl, .eTag: etag,
          .vary: ImageAnswer.vary,
        ],
        body: .init(byteBuffer: bytes))
    }
  }

  private func list(_ request: Request, _ caller: Caller) async throws -> Response? {
    guard case .some(let name) = Self.only("category", in: request.uri.query) else { return nil }
    let category = name.flatMap(GarmentCategory.init(rawValue:))
    guard name == nil || category != nil else { return nil }
    let owner = caller.account.id
    let garments = try await api.service.garments(of: owner, category: category)
    let etag = WardrobeService.etag(of: garments)
    if EntityTag.matches(request.headers[.ifNoneMatch], etag) {
      return Response(status: .notModified, headers: [.eTag: etag])
    }
    let body = try await lists.fetch("\(owner)|\(name ?? "")|\(etag)") {
      ByteBuffer(bytes: try AppRoutes.apiEncoder().encode(WearbloomAPIService.wire(garments)))
    }
    return Response(
      status: .ok,
      headers: [
        .contentType: "application/json; charset=utf-8", .cacheControl: WearbloomAPIService.revalidate, .eTag: etag,
      ],
      body: .init(byteBuffer: body))
  }
}
