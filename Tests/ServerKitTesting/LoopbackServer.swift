import Hummingbird

/// A stand-in for an outside service, served on a free loopback port for as long as its task runs
/// (a fake Apple, a fake language model): the port it bound, and the task to cancel.
public enum LoopbackServer {
  public static func start(
    _ router: Router<BasicRequestContext>
  ) async throws -> (
    port: Int, task: Task<Void, any Error>
  ) {
    let (ports, port) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in port.yield(channel.localAddress?.port ?? 0) })
    // A server that stops before it binds (a port refused) ends the stream, so nobody waits on.
    let task = Task {
      defer { port.finish() }
      try await app.runService()
    }
    var iterator = ports.makeAsyncIterator()
    guard let bound = await iterator.next() else {
      try await task.value
      throw CancellationError()
    }
    return (bound, task)
  }
}
