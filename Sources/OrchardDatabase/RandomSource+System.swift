import OrchardKit

extension RandomSource {
  /// The operating system's secure generator (`getrandom` on Linux): the server's source in
  /// production, chosen where a process is put together, never inside a core.
  public static let system = RandomSource {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }
}
