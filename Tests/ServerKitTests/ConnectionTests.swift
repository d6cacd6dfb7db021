import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import OrchardKit
import ServerKitTesting
import Testing

@testable import ServerKit

/// A plain TCP connection to a server under test, for what an HTTP client hides: an idle socket,
/// bytes sent slowly, an answer read raw.
struct RawConnection {
  let channel: any Channel
  let inbound: AsyncStream<String>

  static func open(port: Int) async throws -> RawConnection {
    let (inbound, continuation) = AsyncStream.makeStream(of: String.self)
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(Collector(continuation: continuation))
        }
      }
      .connect(host: "127.0.0.1", port: port).get()
    return RawConnection(channel: channel, inbound: inbound)
  }

  /// Hands each chunk the server sends to the stream, and ends it when the server closes.
  final class Collector: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let continuation: AsyncStream<String>.Continuation

    init(continuation: AsyncStream<String>.Continuation) { self.continuation = continuation }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      continuation.yield(String(buffer: unwrapInboundIn(data)))
    }

    func channelInactive(context: ChannelHandlerContext) {
      continuation.finish()
      context.fireChannelInactive()
    }
  }

  /// Sends `text`; false once the server has closed the connection.
  func send(_ text: String) async -> Bool {
    do {
      try await channel.writeAndFlush(ByteBuffer(string: text))
      return true
    } catch {
      return false
    }
  }

  /// Everything the server sends until it closes the connection, or until `text` has arrived.
  func read(until text: String? = nil) async throws -> String {
    var received = ""
    for await chunk in inbound {
      received += chunk
      if let text, received.contains(text) { break }
    }
    return received
  }

  func close() async { try? await channel.close() }
}

/// Runs `body`, failing the test rather than hanging when it takes longer than `seconds`.
func within<T: Sendable>(
  seconds: Int, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: .seconds(seconds))
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else {
      Issue.record("\(what) did not happen within \(seconds) s")
      throw CancellationError()
    }
    return value
  }
}

@Suite("Connections: idle and slow clients, the cap, the operators' port", .timeLimit(.minutes(5)))
struct ConnectionTests {
  static func configuration(_ change: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
    var configuration = ServerConfiguration.defaults
    configuration.port = 0
    // Short, so the tests of slow and idle clients finish quickly; long enough that a test process
    // paused by a busy machine between connecting and sending is not taken for an idle client.
    configuration.idleTimeout = 3
    change(&configuration)
    return configuration
  }

  /// Runs the server as `orchard serve` does, not through the test framework, whose copy of the
  /// configuration leaves out the connection cap.
  static func live(
    _ configuration: ServerConfiguration, _ body: @escaping @Sendable (_ port: Int) async throws -> Void
  ) async throws {
    let (ports, announce) = AsyncStream.makeStream(of: Int.self)
    let app = try await buildServer(
      configuration, apps: [], database: .sqliteMemory,
      dependencies: ServerDependencies(
        clock: FixedClock(.init(timeIntervalSince1970: 1_800_000_000)), random: .seeded(1)),
      onServerRunning: { announce.yield($0) })
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await app.runService(gracefulShutdownSignals: []) }
      defer { group.cancelAll() }
      var running = ports.makeAsyncIterator()
      let port = try #require(await running.next())
      try await body(port)
    }
  }

  @Test("an idle connection is closed after the idle timeout")
  func idle() async throws {
    try await Self.live(Self.configuration()) { port in
      let connection = try await RawConnection.open(port: port)
      #expect(await connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"))
      let answer = try await within(seconds: 10, "closing the idle connection") { try await connection.read() }
      #expect(answer.hasPrefix("HTTP/1.1 200"))
    }
  }

  @Test("a request head sent a line at a time is cut off within the same bound")
  func slowHead() async throws {
    try await Self.live(Self.configuration()) { port in
      let connection = try await RawConnection.open(port: port)
      #expect(await connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n"))
      let drip = Task {
        for index in 0..<80 {
          try await Task.sleep(for: .milliseconds(250))
          guard await connection.send("X-Slow-\(index): y\r\n") else { return }
        }
      }
      defer { drip.cancel() }
      let answer = try await within(seconds: 10, "closing the slow connection") { try await connection.read() }
      #expect(!answer.contains("200 OK"))
    }
  }

  @Test("a request body sent a byte at a time is cut off within the same bound")
  func slowBody() async throws {
    try await Self.live(Self.configuration()) { port in
      let connection = try await RawConnection.open(port: port)
      #expect(
        await connection.send("POST /nowhere HTTP/1.1\r\nHost: localhost\r\nContent-Length: 200\r\n\r\n"))
      let drip = Task {
        for _ in 0..<200 {
          try await Task.sleep(for: .milliseconds(100))
          guard await connection.send("x") else { return }
        }
      }
      defer { drip.cancel() }
      // Without the deadline each byte would keep the connection alive for another second.
      _ = try await within(seconds: 10, "closing the slow connection") { try await connection.read() }
    }
  }

  @Test(
    "a request the HTTP parser cannot read gets the security headers and a problem document",
    arguments: [
      "GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n",
      "POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ])
  func malformed(request: String) async throws {
    try await Self.live(Self.configuration { $0.idleTimeout = 30 }) { port in
      let connection = try await RawConnection.open(port: port)
      #expect(await connection.send(request))
      let answer = try await within(seconds: 10, "the answer to a malformed request") { try await connection.read() }
      let (head, _) = try #require(answer.split(separator: "\r\n\r\n", maxSplits: 1).first.map { ($0, 0) })
      #expect(head.hasPrefix("HTTP/1.1 400"), "\(answer)")
      let lowered = head.lowercased()
      #expect(lowered.contains("content-security-policy: default-src 'self'"))
      #expect(lowered.contains("x-content-type-options: nosniff"))
      #expect(lowered.contains("content-type: application/problem+json"))
      #expect(answer.contains(#""code":"MALFORMED_REQUEST""#))
    }
  }

  @Test("beyond the cap a connection waits for a free slot, then is served")
  func cap() async throws {
    let configuration = Self.configuration {
      $0.idleTimeout = 60
      $0.maxConnections = 2
    }
    try await Self.live(configuration) { port in
      var held: [RawConnection] = []
      for _ in 0..<2 {
        let connection = try await RawConnection.open(port: port)
        #expect(await connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"))
        _ = try await within(seconds: 10, "an answer within the cap") { try await connection.read(until: "ok\n") }
        held.append(connection)
      }
      let waiting = try await RawConnection.open(port: port)
      #expect(await waiting.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"))
      let arrival = Arrival()
      let answer = Task {
        let text = try await waiting.read(until: "ok\n")
        await arrival.mark()
        return text
      }
      // Both slots are held: for a second, no answer comes.
      try await Task.sleep(for: .seconds(1))
      #expect(await !arrival.arrived)
      await held[0].close()
      let served = try await within(seconds: 10, "an answer once a slot is free") { try await answer.value }
      #expect(served.hasPrefix("HTTP/1.1 200"))
    }
  }

  actor Arrival {
    private(set) var arrived = false
    func mark() { arrived = true }
  }

  @Test("the cap must fit the file-descriptor limit; with none given it takes what fits")
  func capFitsDescriptors() throws {
    var configuration = ServerConfiguration.defaults
    #expect(try ConnectionLimits(configuration, descriptors: 1_048_576).maximum == ConnectionLimits.defaultMaximum)
    #expect(try ConnectionLimits(configuration, descriptors: 1024).maximum == 1024 - ConnectionLimits.reserve)
    configuration.maxConnections = 5000
    #expect(try ConnectionLimits(configuration, descriptors: 20_000).maximum == 5000)
    #expect(throws: ConfigurationError.self) { try ConnectionLimits(configuration, descriptors: 4096) }
    #expect(try ConnectionLimits(configuration, descriptors: 4096 + 5000).idleTimeout == .seconds(30))
  }

  @Test("/metrics is 404 on the public port, and served on the loopback metrics port")
  func metricsPort() async throws {
    let metricsPort = try await Self.freePort()
    try await Self.live(Self.configuration { $0.metricsPort = metricsPort }) { port in
      let publicPort = try await RawConnection.open(port: port)
      #expect(await publicPort.send("GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n"))
      let hidden = try await within(seconds: 10, "the public answer") { try await publicPort.read(until: "\r\n\r\n") }
      #expect(hidden.hasPrefix("HTTP/1.1 404"))
      let operators = try await RawConnection.open(port: metricsPort)
      #expect(await operators.send("GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n"))
      let shown = try await within(seconds: 10, "the metrics") { try await operators.read(until: "# TYPE") }
      #expect(shown.hasPrefix("HTTP/1.1 200"))
    }
  }

  static func freePort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    let port = try #require(channel.localAddress?.port)
    try await channel.close()
    return port
  }
}
