import NIOCore
import OrchardImages
import Synchronization
import WearbloomCore

/// The stock pictures in every form an account's images are stored in, made from the bundled PNGs
/// the first time one is asked for and then kept for the life of the process (well under a
/// megabyte each). They are the same for every account, so they are never written to a store.
final class StockShelf: Sendable {
  static let shared = StockShelf()

  private let made = Mutex<[StockItem.ID: Task<[ImageForm: ByteBuffer], any Error>]>([:])

  /// Every form of `item`'s picture, made once however many ask at the same moment.
  func forms(of item: StockItem, processor: ImageProcessor) async throws -> [ImageForm: ByteBuffer] {
    let task = made.withLock { made in
      if let task = made[item.id] { return task }
      let task = Task { try await Self.make(item, processor: processor) }
      made[item.id] = task
      return task
    }
    do {
      return try await task.value
    } catch {
      // A failure is not kept: the next request tries again.
      made.withLock { _ = $0.removeValue(forKey: item.id) }
      throw error
    }
  }

  private static func make(_ item: StockItem, processor: ImageProcessor) async throws -> [ImageForm: ByteBuffer] {
    let renditions = ImageFiles.renditions(of: item.imageKind)
    let encoded = try await processor.render(
      try StockImages.png(of: item), as: Array(renditions.values), maximumPixels: UploadPolicy.maximumPixels)
    return renditions.compactMapValues { encoded[$0].map { ByteBuffer(bytes: $0.bytes) } }
  }
}
