import NIOCore
import OrchardDatabase
import OrchardKit
import ServerKit
import WearbloomCore

/// What a process remembers of the wardrobe in front of the database and the blob store:
///
/// - who owns each image and what it is: an image never changes owner or kind, so only its
///   deletion is news;
/// - each thumbnail's bytes, which never change either (a new photo is a new id);
/// - each account's own garments, until the account adds, removes or finishes one.
///
/// Every deletion and change forgets what it touched in every process sharing the database
/// (``Cache/forget(_:)``), so nothing deleted is served again and no list is stale after a write.
public struct WardrobeMemory: Sendable {
  let images: Cache<String, StoredImage>
  let thumbnails: Cache<String, ByteBuffer>
  let wardrobes: Cache<String, [Garment]>

  /// Images whose owner is remembered: ids and two words each.
  static let imagesKept = 50_000
  /// Thumbnails kept: about 12 KB each at 280 px, 60 KB at 800.
  static let thumbnailsKept = 1_024
  /// Accounts whose garments are remembered: a few hundred bytes a garment.
  static let wardrobesKept = 1_000

  public init(environment: AppEnvironment) {
    images = environment.cache("wearbloom-images", capacity: Self.imagesKept)
    thumbnails = environment.cache("wearbloom-thumbnails", capacity: Self.thumbnailsKept)
    wardrobes = environment.cache("wearbloom-wardrobes", capacity: Self.wardrobesKept)
  }

  /// Remembered in this process only: for a service no other process shares.
  public init(clock: any WallClock) {
    images = Cache("wearbloom-images", capacity: Self.imagesKept, clock: clock)
    thumbnails = Cache("wearbloom-thumbnails", capacity: Self.thumbnailsKept, clock: clock)
    wardrobes = Cache("wearbloom-wardrobes", capacity: Self.wardrobesKept, clock: clock)
  }

  static func key(_ image: ImageReference, _ form: ImageForm) -> String { image.value + "/" + form.fileName }

  /// Forgets `images`, each form of each, everywhere.
  func forget(images deleted: [ImageReference], of kinds: [ImageKind] = ImageKind.allCases) async throws {
    for image in deleted {
      try await images.forget(image.value)
      for form in Set(kinds.flatMap(\.forms)) where form.variant != .full {
        try await thumbnails.forget(Self.key(image, form))
      }
    }
  }
}

/// Who owns a stored image, and what it is.
struct StoredImage: Sendable, Hashable {
  let owner: String
  let kind: ImageKind
}
