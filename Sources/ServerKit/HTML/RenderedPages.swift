import Hummingbird
import Synchronization

/// Pages rendered once and served as bytes after that, for pages that are a pure function of a
/// small key (a verse screen is its verse, translation and favourite mark). When full it starts over.
public final class RenderedPages<Key: Hashable & Sendable>: Sendable {
  private let pages = Mutex<[Key: ByteBuffer]>([:])
  private let renderer: PageRenderer
  public let capacity: Int

  public init(renderer: PageRenderer, capacity: Int = 4_096) {
    self.renderer = renderer
    self.capacity = capacity
  }

  /// The page for `key`, rendered by `page` the first time only.
  public func response(for key: Key, _ page: () -> Page) -> Response {
    let body: ByteBuffer
    if let cached = pages.withLock({ $0[key] }) {
      body = cached
    } else {
      body = ByteBuffer(string: renderer.render(page()).rendered)
      pages.withLock { pages in
        if pages.count >= capacity { pages.removeAll(keepingCapacity: true) }
        pages[key] = body
      }
    }
    return Response(
      status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
      body: .init(byteBuffer: body))
  }
}
