import OrchardBlobs
import OrchardImages
import WearbloomCore

/// Where an image's files live in the blob store: `wearbloom/<owner>/<image id>/<form>`, every
/// segment chosen by the server (an account id, an image id drawn at random, a form's name).
/// Everything of an account's lies under `wearbloom/<owner>`, which its deletion removes whole.
public struct ImageFiles: Sendable {
  let blobs: any BlobStore
  let processor: ImageProcessor
  /// What the store's growth is measured by; nil counts nothing.
  var metrics: StorageMetrics?

  static let app = "wearbloom"

  /// Quality of lossy forms: high enough that a garment's weave survives, low enough to stay
  /// small (a 1200 px photo near 150 KB).
  static let quality = 84

  static func folder(of owner: String) -> BlobKey? { BlobKey(app, owner) }

  static func key(_ image: ImageReference, owner: String, form: ImageForm) -> BlobKey? {
    BlobKey(app, owner, image.value, form.fileName)
  }

  /// The renditions a kind of image is stored in, keyed by form.
  public static func renditions(of kind: ImageKind) -> [ImageForm: Rendition] {
    Dictionary(
      uniqueKeysWithValues: kind.forms.map { form in
        // The core names the format; libvips writes it (the same names).
        let format = ImageFormat(rawValue: form.format.rawValue)!
        return (form, Rendition(longEdge: form.variant.maximumLongEdge, format: format, quality: quality))
      })
  }

  /// Stores every form of an encoded image (an upload already checked, or a cutout's PNG) under
  /// `image`; with `only`, that variant's forms alone (the rest are made when first asked for).
  func store(
    upload bytes: [UInt8], as image: ImageReference, kind: ImageKind, owner: String, only: ImageVariant? = nil
  ) async throws {
    let renditions = Self.renditions(of: kind).filter { only == nil || $0.key.variant == only }
    let encoded = try await processor.render(
      bytes, as: Array(renditions.values), maximumPixels: UploadPolicy.maximumPixels)
    try await put(encoded, renditions: renditions, image: image, owner: owner)
    metrics?.record(stored: kind, bytes: encoded.values.reduce(0) { $0 + $1.bytes.count })
  }

  private func put(
    _ encoded: [Rendition: EncodedImage], renditions: [ImageForm: Rendition], image: ImageReference, owner: String
  ) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (form, rendition) in renditions {
        guard let bytes = encoded[rendition]?.bytes, let key = Self.key(image, owner: owner, form: form) else {
          throw ImageError.failed("no \(form.fileName) for \(image)")
        }
        group.addTask { try await blobs.put(key, bytes: bytes, contentType: form.format.mimeType) }
      }
      try await group.waitForAll()
    }
  }

  /// Makes one form of a stored image from its full form, keeps it, and returns it; nil when the
  /// image is gone.
  func make(_ form: ImageForm, of image: ImageReference, kind: ImageKind, owner: String) async throws -> [UInt8]? {
    guard let full = try await full(image, kind: kind, owner: owner), let rendition = Self.renditions(of: kind)[form],
      let key = Self.key(image, owner: owner, form: form)
    else { return nil }
    guard
      let made = try await processor.render(full, as: [rendition], maximumPixels: UploadPolicy.maximumPixels)[rendition]
    else { return nil }
    try await blobs.put(key, bytes: made.bytes, contentType: form.format.mimeType)
    return made.bytes
  }

  /// One form's bytes.
  func read(_ image: ImageReference, owner: String, form: ImageForm) async throws -> [UInt8]? {
    guard let key = Self.key(image, owner: owner, form: form) else { return nil }
    return try await blobs.get(key)
  }

  /// The full form's bytes of an image, as stored.
  func full(_ image: ImageReference, kind: ImageKind, owner: String) async throws -> [UInt8]? {
    try await read(image, owner: owner, form: ImageForm(variant: .full, format: kind.fullFormat))
  }

  /// Removes every form of `images`.
  func delete(_ images: [ImageReference], owner: String) async throws {
    for image in images {
      guard let folder = BlobKey(Self.app, owner, image.value) else { continue }
      try await blobs.deleteAll(under: folder)
      metrics?.deleted.increment()
    }
  }
}
