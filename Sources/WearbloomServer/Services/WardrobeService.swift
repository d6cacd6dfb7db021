import Crypto
import Foundation
import Logging
import Metrics
import NIOCore
import OrchardBlobs
import OrchardImages
import OrchardJobs
import OrchardKit
import ServerKit
import WearbloomCore

/// Wearbloom's wardrobe on the server: uploads checked and stored privately, garments listed and
/// deleted, background removal recorded, images served to their owner alone, and an account's
/// every file and row erased. The web version and the API both call this; the rules are the
/// core's.
public struct WardrobeService: Sendable {
  let store: WardrobeStore
  let files: ImageFiles
  let remover: any BackgroundRemover
  let clock: any WallClock
  let random: RandomSource
  let logger: Logger
  /// Counts each account's uploads; nil takes every upload.
  let limiter: RateLimiter?
  /// Where a new garment's background removal is queued; nil leaves it to the caller of
  /// ``removeBackground(of:)``.
  let removals: JobQueue?
  /// What this process remembers in front of the database and the store.
  let memory: WardrobeMemory

  public init(
    store: WardrobeStore, blobs: any BlobStore, images: ImageProcessor, remover: any BackgroundRemover,
    clock: any WallClock, random: RandomSource, logger: Logger, limiter: RateLimiter? = nil,
    removals: JobQueue? = nil, memory: WardrobeMemory? = nil, metrics: (any MetricsFactory)? = nil
  ) {
    self.store = store
    files = ImageFiles(blobs: blobs, processor: images, metrics: metrics.map { StorageMetrics(factory: $0) })
    self.remover = remover
    self.clock = clock
    self.random = random
    self.logger = logger
    self.limiter = limiter
    self.removals = removals
    self.memory = memory ?? WardrobeMemory(clock: clock)
  }

  /// The job that removes a garment's background, keyed by the garment's id.
  public static let removalJob = "wearbloom-background-removal"

  /// Uploads an account may make: ``UploadPolicy/uploadsPerMinute``, refilled evenly.
  static let uploads = RateRule(
    "wearbloom-uploads", burst: Double(UploadPolicy.uploadsPerMinute), perMinute: Double(UploadPolicy.uploadsPerMinute))

  /// Counts an upload of `owner`'s, or refuses it with 429 `TOO_MANY_REQUESTS` and `Retry-After`.
  func countUpload(of owner: String) throws {
    if let limiter, case .limited(let seconds) = limiter.take(Self.uploads, for: owner) {
      throw WearbloomProblem.tooManyRequests(retryAfter: seconds)
    }
  }

  // MARK: Uploads

  /// A photo checked as the upload policy says, in the order the checks can be made; returns its
  /// format. Nothing is stored yet.
  func check(photo: [UInt8], declaredType: String?) async throws(WardrobeError) -> ImageType {
    try UploadPolicy.check(byteCount: photo.count).get()
    let type = try UploadPolicy.check(declared: declaredType, magicBytes: photo.prefix(ImageType.sniffLength)).get()
    let size: PixelSize
    do {
      size = try await files.processor.size(of: photo)
    } catch {
      throw .imageUnreadable
    }
    try UploadPolicy.check(width: size.width, height: size.height).get()
    return type
  }

  /// Stores every form of a checked photo under a new image id that `owner` owns.
  private func storePhoto(_ photo: [UInt8], kind: ImageKind, owner: String) async throws -> ImageReference {
    var generator = random.generator
    let image = ImageReference(using: &generator)
    do {
      try await files.store(upload: photo, as: image, kind: kind, owner: owner)
    } catch let error as ImageError {
      try? await files.delete([image], owner: owner)
      // A header that read well but pixels that do not (a truncated file) is the user's file.
      logger.info("upload refused while decoding", metadata: ["error": "\(error)"])
      throw WardrobeError.imageUnreadable
    }
    try await store.insert(image: image, owner: owner, kind: kind, at: clock.now)
    return image
  }

  /// Adds a garment from a photo: checked, stored in every form, and its background removal
  /// pending (``removeBackground(of:)`` does it, as a job).
  public func addGarment(
    owner: String, photo: [UInt8], declaredType: String?, category: String?
  ) async throws -> Garment {
    try countUpload(of: owner)
    let category = try UploadPolicy.check(category: category).get()
    _ = try await check(photo: photo, declaredType: declaredType)
    async let colour = colour(of: photo)
    let image = try await storePhoto(photo, kind: .garment, owner: owner)
    let now = clock.now
    var generator = random.generator
    let garment = Garment(
      id: IdempotencyID(using: &generator).description, owner: owner, category: category, image: image,
      removalStatus: .pending, colour: await colour, createdAt: now, updatedAt: now)
    if let removals {
      // The garment and its removal are kept together: never a garment pending with no job.
      try await store.database.inTransaction { session in
        try await WardrobeStore(database: session).insert(garment)
        try await removals.enqueue(Self.removalJob, key: garment.id, on: session)
      }
    } else {
      try await store.insert(garment)
    }
    try await memory.wardrobes.forget(owner)
    return garment
  }

  /// Removes the garment's background and records the outcome: `completed` with the cutout
  /// stored, `skipped` when the quality check refused it (the photo stays), `failed` when the
  /// remover could not work. Nothing changes for a garment deleted meanwhile or already done.
  @discardableResult
  public func removeBackground(of id: Garment.ID) async throws -> BackgroundRemovalStatus? {
    guard let garment = try await store.garment(id), let owner = garment.owner,
      garment.removalStatus == .pending,
      let photo = try await files.full(garment.image, kind: .garment, owner: owner)
    else { return nil }
    let status = try await removeBackground(of: garment, photo: photo, owner: owner)
    if status != nil { try await memory.wardrobes.forget(owner) }
    return status
  }

  private func removeBackground(
    of garment: Garment, photo: [UInt8], owner: String
  ) async throws -> BackgroundRemovalStatus? {
    let id = garment.id
    let outcome: RemovalOutcome
    do {
      outcome = try await remover.removeBackground(from: photo)
    } catch {
      logger.warning("background removal failed", metadata: ["garment": "\(id)", "error": "\(error)"])
      return try await store.finishRemoval(of: id, status: .failed, cutout: nil, at: clock.now) ? .failed : nil
    }
    switch outcome {
    case .refused(let reason):
      logger.info("cutout refused", metadata: ["garment": "\(id)", "reason": "\(reason)"])
      return try await store.finishRemoval(of: id, status: .skipped, cutout: nil, at: clock.now) ? .skipped : nil
    case .cutout(let png):
      var generator = random.generator
      let cutout = ImageReference(using: &generator)
      try await files.store(upload: png, as: cutout, kind: .cutout, owner: owner)
      try await store.insert(image: cutout, owner: owner, kind: .cutout, at: clock.now)
      guard try await store.finishRemoval(of: id, status: .completed, cutout: cutout, at: clock.now) else {
        // Deleted meanwhile: its cutout goes too.
        try await files.delete([cutout], owner: owner)
        try await store.delete(images: [cutout])
        return nil
      }
      return .completed
    }
  }

  // MARK: The wardrobe

  /// `owner`'s wardrobe: their garments newest first, then the stock garments; of one category
  /// or all.
  public func garments(of owner: String, category: GarmentCategory? = nil) async throws -> [Garment] {
    Wardrobe.list(own: try await ownGarments(of: owner), stock: StockCatalog.garments, category: category)
  }

  /// `owner`'s own garments, without the stock ones: what their export lists.
  public func ownGarments(of owner: String) async throws -> [Garment] {
    Wardrobe.list(own: try await memory.wardrobes.fetch(owner) { try await store.garments(of: owner) }, stock: [])
  }

  /// A strong validator of a wardrobe list: it changes whenever a garment is added, deleted or
  /// its cutout finishes, so an offline client revalidates with one short request.
  public static func etag(of garments: [Garment]) -> String {
    var text = ""
    for garment in garments {
      text += "\(garment.id)|\(garment.removalStatus.rawValue)|\(garment.updatedAt.timeIntervalSince1970)\n"
    }
    return "\"" + Hex.lowercase(SHA256.hash(data: Array(text.utf8))).prefix(32) + "\""
  }

  /// One of `owner`'s garments, or a stock one; another account's is as missing as one that
  /// never existed.
  public func garment(_ id: Garment.ID, owner: String) async throws -> Garment {
    let found = try await store.garment(id) ?? StockCatalog.item(id)?.garment
    return try Wardrobe.garment(found, openedBy: owner).get()
  }

  /// The colour most of the photo's middle is, for the garment's guessed name; nil when it cannot
  /// be read (the name is then its category's, and the upload goes on).
  private func colour(of photo: [UInt8]) async -> GarmentColour? {
    guard
      let pixels = try? await files.processor.pixels(
        of: photo, longEdge: Self.colourLongEdge, maximumPixels: UploadPolicy.maximumPixels)
    else { return nil }
    return GarmentColour.dominant(rgb: pixels.bytes, width: pixels.width, height: pixels.height)
  }

  /// How small the photo is read for its colour: enough pixels to count, few enough to be quick.
  static let colourLongEdge = 96

  /// Gives one of `owner`'s garments a name, or takes it back to the guess with an empty one; a
  /// stock garment keeps its own. `INVALID_NAME` for one too long, `GARMENT_NOT_FOUND` for one
  /// not theirs.
  public func rename(_ id: Garment.ID, to text: String, owner: String) async throws -> Garment {
    let name = try GarmentName.validate(text).get()
    guard try await store.rename(id, to: name, owner: owner, at: clock.now) else {
      throw WardrobeError.garmentNotFound
    }
    try await memory.wardrobes.forget(owner)
    return try await garment(id, owner: owner)
  }

  /// Files one of `owner`'s garments under another category (a stock garment's is fixed).
  public func setCategory(_ category: GarmentCategory, of id: Garment.ID, owner: String) async throws -> Garment {
    guard try await store.setCategory(category, of: id, owner: owner, at: clock.now) else {
      throw WardrobeError.garmentNotFound
    }
    try await memory.wardrobes.forget(owner)
    return try await garment(id, owner: owner)
  }

  /// Deletes one of `owner`'s garments with every file of it: photo, cutout, thumbnails.
  public func deleteGarment(_ id: Garment.ID, owner: String) async throws {
    let garment = try Wardrobe.garment(try await store.garment(id), removedBy: owner).get()
    guard try await store.delete(garment: id, owner: owner) else { throw WardrobeError.garmentNotFound }
    try await memory.wardrobes.forget(owner)
    try await delete(images: garment.images, owner: owner)
  }

  /// Deletes stored images: their files, their rows, and what any process remembers of them.
  private func delete(images: [ImageReference], owner: String) async throws {
    try await memory.forget(images: images)
    try await files.delete(images, owner: owner)
    try await store.delete(images: images)
  }

  // MARK: The body photo

  public func body(of owner: String) async throws -> BodyPhoto? { try await store.body(of: owner) }

  /// Replaces `owner`'s body photo with their own; the previous photo's files are deleted.
  public func setBody(owner: String, photo: [UInt8], declaredType: String?) async throws -> BodyPhoto {
    try countUpload(of: owner)
    _ = try await check(photo: photo, declaredType: declaredType)
    let image = try await storePhoto(photo, kind: .body, owner: owner)
    return try await replaceBody(with: BodyPhoto(owner: owner, source: .own(image), updatedAt: clock.now))
  }

  /// Replaces `owner`'s body photo with a stock figure; the previous photo's files are deleted.
  public func setBody(owner: String, stockID: StockItem.ID) async throws -> BodyPhoto {
    guard let item = StockCatalog.item(stockID), item.kind == .body else { throw WardrobeError.stockItemNotFound }
    return try await replaceBody(with: BodyPhoto(owner: owner, source: .stock(item.id), updatedAt: clock.now))
  }

  private func replaceBody(with body: BodyPhoto) async throws -> BodyPhoto {
    let owner = body.owner
    let previous = try await store.body(of: owner)
    try await store.save(body)
    if let old = previous?.imageToDelete(replacedBy: body) { try await delete(images: [old], owner: owner) }
    return body
  }

  /// Removes `owner`'s body photo and its files.
  public func deleteBody(of owner: String) async throws {
    guard let body = try await store.body(of: owner) else { throw WardrobeError.noBodyPhoto }
    try await store.deleteBody(of: owner)
    if let image = body.ownImage { try await delete(images: [image], owner: owner) }
  }

  // MARK: Images

  /// One form of an image, found for its owner: what to answer with before reading its bytes.
  public struct ImageLookup: Sendable {
    public let form: ImageForm
    public let etag: String
    let source: Source

    enum Source: Sendable {
      case own(ImageReference, owner: String, kind: ImageKind)
      case stock(StockItem)
    }
  }

  /// The validator of one form of an image: images never change (a new photo is a new id), so
  /// it is known without reading the file.
  public static func etag(of image: ImageReference, form: ImageForm) -> String {
    "\"\(image.value)-\(form.variant.rawValue)-\(form.format.rawValue)\""
  }

  /// The form of image `id` a client asks for, if `owner` owns it or it is a stock picture; nil
  /// for anyone else's, so a stranger cannot tell an image exists.
  public func lookUp(
    image id: String, owner: String, variant: ImageVariant, acceptsWebP: Bool
  ) async throws
    -> ImageLookup?
  {
    guard let image = ImageReference(validating: id) else { return nil }
    if let item = StockCatalog.item(image: image) {
      let form = ImageForm.requested(variant, of: item.imageKind, acceptsWebP: acceptsWebP)
      return ImageLookup(form: form, etag: Self.etag(of: image, form: form), source: .stock(item))
    }
    guard let stored = try await memory.images.load(image.value, { try await store.image(image) }),
      stored.owner == owner
    else { return nil }
    let form = ImageForm.requested(variant, of: stored.kind, acceptsWebP: acceptsWebP)
    return ImageLookup(
      form: form, etag: Self.etag(of: image, form: form), source: .own(image, owner: owner, kind: stored.kind))
  }

  /// The bytes of an image found by ``lookUp(image:owner:variant:acceptsWebP:)``, in a buffer
  /// the answer can send as it is.
  public func bytes(of lookup: ImageLookup) async throws -> ByteBuffer? {
    switch lookup.source {
    case .own(let image, let owner, let kind):
      let read = { @Sendable () async throws -> ByteBuffer? in
        // A render's thumbnails are made the first time one is asked for (its completion waits on
        // the full image alone).
        if let bytes = try await files.read(image, owner: owner, form: lookup.form) { return ByteBuffer(bytes: bytes) }
        guard kind == .render, lookup.form.variant != .full else { return nil }
        return try await files.make(lookup.form, of: image, kind: kind, owner: owner).map { ByteBuffer(bytes: $0) }
      }
      // Thumbnails are small and asked for again and again as the grid scrolls; full images are not.
      return lookup.form.variant == .full
        ? try await read() : try await memory.thumbnails.load(WardrobeMemory.key(image, lookup.form), read)
    case .stock(let item): return try await StockShelf.shared.forms(of: item, processor: files.processor)[lookup.form]
    }
  }

  // MARK: Try-on

  /// The garment `owner` asks to try on, and their body photo, checked against `support`: a
  /// garment not theirs (nor stock) is `GARMENT_NOT_FOUND`, a category not offered
  /// `INVALID_CATEGORY`, no body photo `NO_BODY_PHOTO`. Nothing is read from the store yet.
  public func tryOn(_ garmentID: Garment.ID, owner: String, support: TryOnSupport) async throws -> (Garment, BodyPhoto)
  {
    let garment = try await garment(garmentID, owner: owner)
    let body = try support.check(garment, body: try await store.body(of: owner)).get()
    return (garment, body)
  }

  /// The encoded pictures a provider draws with: the garment's cutout (its photo when it has
  /// none) and the body photo, each in its full form. Nil when either is gone (deleted meanwhile).
  public func pictures(of garment: Garment, on body: BodyPhoto) async throws -> (garment: [UInt8], body: [UInt8])? {
    async let garmentBytes = full(
      garment.displayImage, kind: garment.displayImage == garment.cutout ? .cutout : .garment, owner: garment.owner)
    async let bodyBytes = full(body.image, kind: .body, owner: body.ownImage == nil ? nil : body.owner)
    guard let garmentBytes = try await garmentBytes, let bodyBytes = try await bodyBytes else { return nil }
    return (garmentBytes, bodyBytes)
  }

  /// The full form of an account's image, or of a stock picture (`owner` nil).
  func full(_ image: ImageReference?, kind: ImageKind, owner: String?) async throws -> [UInt8]? {
    guard let image else { return nil }
    guard let owner else {
      guard let item = StockCatalog.item(image: image) else { return nil }
      let forms = try await StockShelf.shared.forms(of: item, processor: files.processor)
      return forms[ImageForm(variant: .full, format: item.imageKind.fullFormat)].map { Array(buffer: $0) }
    }
    return try await files.full(image, kind: kind, owner: owner)
  }

  /// Stores a try-on's result in every form, as an image `owner` owns.
  public func storeRender(_ bytes: [UInt8], owner: String) async throws -> ImageReference {
    var generator = random.generator
    let image = ImageReference(using: &generator)
    do {
      try await files.store(upload: bytes, as: image, kind: .render, owner: owner, only: .full)
    } catch let error as ImageError {
      try? await files.delete([image], owner: owner)
      throw error
    }
    try await store.insert(image: image, owner: owner, kind: .render, at: clock.now)
    return image
  }

  /// Removes a stored result no render keeps (a second finisher's copy).
  public func deleteRender(_ image: ImageReference, owner: String) async throws {
    try await delete(images: [image], owner: owner)
  }

  // MARK: Accounts

  /// Copies every file of `device`'s to the same place under `account` (an onboarding wardrobe
  /// moving in); safe to repeat.
  public func copyFiles(from device: String, to account: String) async throws {
    guard let folder = ImageFiles.folder(of: device) else { return }
    for key in try await files.blobs.list(under: folder) {
      guard let bytes = try await files.blobs.get(key),
        let target = BlobKey([ImageFiles.app, account] + key.segments.dropFirst(2))
      else { continue }
      let type = ImageFormatName(rawValue: key.segments.last?.split(separator: ".").last.map(String.init) ?? "")
      try await files.blobs.put(target, bytes: bytes, contentType: type?.mimeType ?? "application/octet-stream")
    }
  }

  /// Removes `device`'s files once its rows moved to `account`, and what any process remembers of both.
  public func forgetFiles(of device: String, movedTo account: String) async throws {
    try await memory.forget(images: try await store.images(of: account))
    try await memory.wardrobes.forget(device)
    try await memory.wardrobes.forget(account)
    if let folder = ImageFiles.folder(of: device) { _ = try await files.blobs.deleteAll(under: folder) }
  }

  /// Every file and row of `owner`'s, for the account's deletion.
  public func erase(_ owner: String) async throws {
    try await memory.forget(images: try await store.images(of: owner))
    try await memory.wardrobes.forget(owner)
    if let folder = ImageFiles.folder(of: owner) { try await files.blobs.deleteAll(under: folder) }
    try await store.erase(owner)
  }
}
