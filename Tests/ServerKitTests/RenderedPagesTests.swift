import Foundation
import Hummingbird
import OrchardKit
import Synchronization
import Testing

@testable import ServerKit

@Suite("Rendered pages", .timeLimit(.minutes(5)))
struct RenderedPagesTests {
  let clock = FixedClock(Date(timeIntervalSince1970: 1_800_000_000))

  func page(_ text: String) -> Page {
    Page(
      title: text, description: text, theme: "orchard", themeColor: ThemeColor(light: "#fff", dark: nil),
      main: "<p>\(text)</p>")
  }

  @Test("each key is rendered once and served as the same bytes after that")
  func rendersOnce() async throws {
    let pages = RenderedPages<String>(renderer: PageRenderer(assets: try RouterFixture.assets()), clock: clock)
    let renders = Mutex(0)
    func serve(_ key: String) async throws -> String {
      let response = try await pages.response(for: key) {
        renders.withLock { $0 += 1 }
        return page(key)
      }
      #expect(response.status == .ok && response.headers[.contentType] == "text/html; charset=utf-8")
      let writer = CollectingWriter()
      try await response.body.write(writer)
      return String(buffer: await writer.buffer)
    }
    let first = try await serve("a & b")
    #expect(first.contains("<p>a &amp; b</p>"))
    #expect(try await serve("a & b") == first)
    #expect(renders.withLock { $0 } == 1)
    #expect(try await serve("c").contains("<p>c</p>"))
    #expect(renders.withLock { $0 } == 2)
  }

  @Test("a full cache starts over rather than growing")
  func bounded() async throws {
    let pages = RenderedPages<Int>(
      renderer: PageRenderer(assets: try RouterFixture.assets()), clock: clock, capacity: 2)
    let renders = Mutex(0)
    for key in [1, 2, 3, 1] {
      _ = try await pages.response(for: key) {
        renders.withLock { $0 += 1 }
        return page("\(key)")
      }
    }
    // 1 and 2 fill it; 3 clears it; 1 is rendered again.
    #expect(renders.withLock { $0 } == 4)
  }
}

/// A response body writer that keeps what it is given.
actor CollectingWriter: ResponseBodyWriter {
  var buffer = ByteBuffer()
  func write(_ buffer: ByteBuffer) async throws { self.buffer.writeImmutableBuffer(buffer) }
  func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
