import Foundation
import OrchardKit
import Testing

@testable import ServerKit

@Suite("Rate limits: token buckets by rule and client, on the injected clock", .timeLimit(.minutes(5)))
struct RateLimiterTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test("a burst passes, the next is refused with the seconds until a token is back, and time refills")
  func bucket() {
    let clock = ManualClock(Self.start)
    let limiter = RateLimiter(clock: clock)
    let rule = RateRule("test", burst: 3, perMinute: 6)
    for _ in 0..<3 { #expect(limiter.take(rule, for: "a") == .allowed) }
    #expect(limiter.take(rule, for: "a") == .limited(retryAfter: 10))
    #expect(limiter.take(rule, for: "b") == .allowed, "another client has its own bucket")
    clock.advance(by: 9)
    #expect(limiter.take(rule, for: "a") == .limited(retryAfter: 1))
    clock.advance(by: 1)
    #expect(limiter.take(rule, for: "a") == .allowed)
    clock.advance(by: 3600)
    for _ in 0..<3 { #expect(limiter.take(rule, for: "a") == .allowed) }
    #expect(limiter.take(rule, for: "a") != .allowed, "refilled to the burst, never beyond")
  }

  @Test("the default device rule lets at most 300 new devices through in any minute")
  func devicesPerMinute() {
    let clock = ManualClock(Self.start)
    let limiter = RateLimiter(clock: clock)
    var allowed = 0
    // A minute of trying, eight times a second, from the first instant to the last.
    for attempt in 0...480 {
      if attempt > 0 { clock.advance(by: 0.125) }
      if limiter.take(.deviceCreation, for: "203.0.113.9") == .allowed { allowed += 1 }
    }
    #expect(allowed == 300)
  }

  @Test("a cost takes that many tokens; more than the burst is refused, and refused alone")
  func cost() throws {
    let limiter = RateLimiter(clock: ManualClock(Self.start))
    let rule = RateRule("events", burst: 100, perMinute: 60)
    #expect(limiter.take(rule, for: "d", cost: 60) == .allowed)
    #expect(limiter.take(rule, for: "d", cost: 60) == .limited(retryAfter: 20))
    #expect(limiter.take(rule, for: "d", cost: 40) == .allowed)
    #expect(throws: OrchardError.self) { try limiter.check(rule, for: "d", cost: 500) }
  }

  @Test("allows() only looks; a scale multiplies every rule")
  func looksAndScales() {
    let limiter = RateLimiter(clock: ManualClock(Self.start), scale: 10)
    let rule = RateRule("test", burst: 1, perMinute: 1)
    for _ in 0..<20 { #expect(limiter.allows(rule, for: "a")) }
    for _ in 0..<10 { #expect(limiter.take(rule, for: "a") == .allowed) }
    #expect(!limiter.allows(rule, for: "a"))
  }

  @Test("a flood of new clients does not reset a busy client's bucket")
  func boundedMemory() {
    let limiter = RateLimiter(clock: ManualClock(Self.start), capacity: 100)
    let rule = RateRule("test", burst: 2, perMinute: 1)
    #expect(limiter.take(rule, for: "busy", cost: 2) == .allowed)
    for index in 0..<1_000 { _ = limiter.take(rule, for: "client-\(index)", cost: 0.5) }
    #expect(limiter.count <= 100)
    #expect(limiter.take(rule, for: "busy") != .allowed)
  }

  @Test("429 carries Retry-After and says when, in words from the catalog")
  func answer() {
    let error = OrchardError.rateLimited(retryAfter: 1)
    #expect(error.status == .tooManyRequests && error.code == "RATE_LIMITED")
    #expect(error.headers[.retryAfter] == "1")
    #expect(error.detail.hasSuffix("try again in 1 second."))
    #expect(OrchardError.rateLimited(retryAfter: 42).detail.hasSuffix("try again in 42 seconds."))
  }

  @Test(
    "behind trusted proxies the client is the right-most untrusted hop; anything odd falls back to the peer",
    arguments: [
      (["198.51.100.7"], "10.0.0.2", "198.51.100.7"),
      (["1.2.3.4, 198.51.100.7"], "10.0.0.2", "198.51.100.7"),
      (["198.51.100.7, 10.0.0.3"], "10.0.0.2", "198.51.100.7"),
      (["198.51.100.7", "10.0.0.3"], "10.0.0.2", "198.51.100.7"),
      (["10.0.0.3"], "10.0.0.2", "10.0.0.2"),
      (["not-an-address"], "10.0.0.2", "10.0.0.2"),
      ([], "10.0.0.2", "10.0.0.2"),
      (["2001:DB8::1"], "10.0.0.2", "2001:db8::1"),
    ])
  func forwardedFor(header: [String], peer: String, client: String) {
    let trusted: Set = ["10.0.0.2", "10.0.0.3"]
    #expect(ClientAddressMiddleware.client(forwardedFor: header, peer: peer, trusted: trusted) == client)
  }
}
