import Hummingbird
import OrchardDatabase
import OrchardKit

/// Pages rendered once and served as bytes after that, for pages that are a pure function of a
/// small key (a verse screen is its verse, translation and favourite mark).
public struct RenderedPages<Key: Hashable & Sendable & CustomStringConvertible>: Sendable {
  private let pages: Cache<Key, ByteBuffer>
  private let renderer: PageRenderer

  public init(renderer: PageRenderer, clock: any WallClock, capacity: Int = 4_096) {
    self.renderer = renderer
    pages = Cache("rendered-pages", capacity: capacity, clock: clock)
  }

  /// The page for `key`, rendered by `page` the first time only.
  public func response(for key: Key, _ page: () -> Page) async throws -> Response {
    let body = try await pages.fetch(key) { ByteBuffer(string: renderer.render(page()).rendered) }
    return Response(
      status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
      body: .init(byteBuffer: body))
  }
}
