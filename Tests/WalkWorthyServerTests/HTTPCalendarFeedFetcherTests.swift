import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerKit
import Testing

@testable import WalkWorthyServer

/// Feeds served from a real loopback server: a good one, a slow one, huge ones, a web page, a 404.
func withFeedServer(_ body: @Sendable (_ base: String) async throws -> Void) async throws {
  let (released, release) = AsyncStream<Void>.makeStream()
  let router = Router()
  router.get("/feed.ics") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "text/calendar"], body: .init(byteBuffer: ByteBuffer(string: schoolFeed)))
  }
  router.get("/slow.ics") { _, _ in
    // Answers only once the test is over: only the client's own time limit can end its wait.
    for await _ in released {}
    return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: schoolFeed)))
  }
  router.get("/huge.ics") { _, _ in
    Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: "x"), count: 3 << 20)))
  }
  router.get("/endless.ics") { _, _ in
    // Streamed without a Content-Length, so only counting the body can stop it.
    Response(
      status: .ok,
      body: ResponseBody { writer in
        let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 << 10)
        for _ in 0..<64 { try await writer.write(chunk) }
        try await writer.finish(nil)
      })
  }
  router.get("/moved.ics") { _, _ in
    // A relative redirect to the feed itself, on whatever name the request came in on.
    Response(status: .found, headers: [.location: "/feed.ics"])
  }
  router.get("/to-loopback.ics") { request, _ in
    // The same server, named by its loopback address.
    let port = request.head.authority?.split(separator: ":").last.map(String.init) ?? "80"
    return Response(status: .temporaryRedirect, headers: [.location: "http://127.0.0.1:\(port)/feed.ics"])
  }
  router.get("/loop.ics") { _, _ in Response(status: .movedPermanently, headers: [.location: "/loop.ics"]) }
  router.get("/page.html") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "text/html"],
      body: .init(byteBuffer: ByteBuffer(string: "<!doctype html><title>Sign in</title>")))
  }
  let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  try await app.test(.live) { client in
    defer { release.finish() }
    try await body("http://127.0.0.1:\(client.port!)")
  }
}

/// Feeds on this machine: a production client refuses loopback.
let loopback = PublicHTTPClient(allowsPrivateAddresses: true)

@Suite("Fetching calendar feeds over HTTP", .serialized, .timeLimit(.minutes(5)))
struct HTTPCalendarFeedFetcherTests {
  /// Generous, so a busy machine does not fail the cases that should succeed. The feeds are on
  /// loopback, which a production fetcher refuses.
  let fetcher = HTTPCalendarFeedFetcher(client: loopback, timeout: .seconds(120), byteLimit: 1 << 20)
  /// The slow feed answers only once the test is over: only this limit can end its wait.
  let impatient = HTTPCalendarFeedFetcher(client: loopback, timeout: .milliseconds(500), byteLimit: 1 << 20)

  @Test("a feed on a loopback server is fetched whole")
  func normal() async throws {
    try await withFeedServer { base in
      let text = try await fetcher.fetch(URL(string: base + "/feed.ics")!)
      #expect(text == schoolFeed)
    }
  }

  @Test("a server slower than the time limit is a timeout")
  func slow() async throws {
    try await withFeedServer { base in
      // The server answers only once the test is over, so a timeout here is the client's own limit.
      await #expect(throws: CalendarFeedError.timeout) { try await impatient.fetch(URL(string: base + "/slow.ics")!) }
    }
  }

  @Test("a body over the limit is refused, announced or streamed", arguments: ["/huge.ics", "/endless.ics"])
  func huge(path: String) async throws {
    try await withFeedServer { base in
      await #expect(throws: CalendarFeedError.tooLarge) { try await fetcher.fetch(URL(string: base + path)!) }
    }
  }

  @Test("a status outside 2xx is refused with the status")
  func notFound() async throws {
    try await withFeedServer { base in
      await #expect(throws: CalendarFeedError.badStatus(404)) {
        try await fetcher.fetch(URL(string: base + "/missing.ics")!)
      }
    }
  }

  @Test("a closed port is unreachable")
  func unreachable() async throws {
    // A closed port refuses at once; the timeout is long only so a machine busy with the rest of
    // the suite cannot make the refusal arrive after it.
    await #expect(throws: CalendarFeedError.unreachable) {
      try await HTTPCalendarFeedFetcher(client: loopback, timeout: .seconds(15))
        .fetch(URL(string: "http://127.0.0.1:9/feed.ics")!)
    }
  }

  @Test("redirects are followed, up to a limit")
  func redirects() async throws {
    try await withFeedServer { base in
      let moved = try await fetcher.fetch(URL(string: base + "/moved.ics")!)
      #expect(moved == schoolFeed)
      await #expect(throws: CalendarFeedError.tooManyRedirects) {
        try await fetcher.fetch(URL(string: base + "/loop.ics")!)
      }
    }
  }

  @Test(
    "a production fetcher refuses loopback and private hosts before connecting",
    arguments: [
      "http://127.0.0.1:9/feed.ics", "http://localhost:9/feed.ics", "http://[::1]:9/feed.ics",
      "http://10.1.2.3/feed.ics", "http://169.254.169.254/latest/meta-data", "http://192.168.0.10/feed.ics",
    ])
  func privateHosts(url: String) async throws {
    await #expect(throws: CalendarFeedError.privateAddress) {
      try await HTTPCalendarFeedFetcher(timeout: .seconds(2)).fetch(URL(string: url)!)
    }
  }

  @Test("every redirect is checked, not only the link")
  func redirectIntoPrivateNetwork() async throws {
    try await withFeedServer { base in
      // "localhost" is trusted here so the first hop reaches the test server; its redirect names
      // 127.0.0.1, which is not, and is refused.
      let local = base.replacingOccurrences(of: "127.0.0.1", with: "localhost")
      let guarded = HTTPCalendarFeedFetcher(
        client: PublicHTTPClient(trustedHosts: ["localhost"]), timeout: .seconds(5), byteLimit: 1 << 20)
      let moved = try await guarded.fetch(URL(string: local + "/moved.ics")!)
      #expect(moved == schoolFeed)
      await #expect(throws: CalendarFeedError.privateAddress) {
        try await guarded.fetch(URL(string: local + "/to-loopback.ics")!)
      }
    }
  }

  @Test("through the API: a real feed links, a web page and a slow feed change nothing")
  func throughAPI() async throws {
    try await withFeedServer { base in
      let live = HTTPCalendarFeedFetcher(client: loopback, timeout: .seconds(2))
      try await withWalkWorthyLive(fetcher: live) { api in
        let token = try await api.newDevice()
        for (path, code) in [("/page.html", "CALENDAR_FEED_NOT_ICALENDAR"), ("/slow.ics", "CALENDAR_FEED_TIMEOUT")] {
          let answer = try await api.send(
            .put, "/walkworthy/api/v1/calendar", token: token, rawBody: #"{"url": "\#(base)\#(path)"}"#)
          #expect(answer.problem?.code == code)
        }
        let linked = try await api.send(
          .put, "/walkworthy/api/v1/calendar", token: token, rawBody: #"{"url": "\#(base)/feed.ics"}"#)
        #expect(linked.status == .ok)
      }
    }
  }
}
