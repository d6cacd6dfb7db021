import NIOCore
import OrchardKit
import ServerKit
import WearbloomCore

/// What a request for one form of an image answers, decided once for the API, the answer written
/// before it (``RememberedWardrobe``) and the web.
enum ImageAnswer: Sendable {
  case image(ByteBuffer, ImageForm, etag: String)
  case notModified(etag: String)
  case notAcceptable
  case notFound

  /// An image never changes (a new photo is a new id): its owner's browser keeps it, no shared
  /// cache does.
  static let cacheControl = "private, max-age=31536000, immutable"
  /// A thumbnail's format follows what the client accepts.
  static let vary = "Accept"
}

extension WardrobeService {
  /// Image `id` in the form `variant` names (the full image when nil), for `owner`: WebP
  /// thumbnails when `accept` names `image/webp`, 406 when it names none of the form's type,
  /// `image/*` or `*/*`.
  func image(
    _ id: String, owner: String, variant: String?, accept: [String], ifNoneMatch: String?
  ) async throws -> ImageAnswer {
    let variant = variant.flatMap(ImageVariant.init(rawValue:)) ?? .full
    guard
      let lookup = try await lookUp(
        image: id, owner: owner, variant: variant, acceptsWebP: accept.contains("image/webp"))
    else { return .notFound }
    let type = lookup.form.format.mimeType
    guard accept.isEmpty || accept.contains(where: { [type, "image/*", "*/*"].contains($0) }) else {
      return .notAcceptable
    }
    if EntityTag.matches(ifNoneMatch, lookup.etag) { return .notModified(etag: lookup.etag) }
    guard let bytes = try await bytes(of: lookup) else { return .notFound }
    return .image(bytes, lookup.form, etag: lookup.etag)
  }
}
