import OrchardKit

extension RandomSource {
  /// The operating system's secure generator (`getrandom` on Linux): the one production source,
  /// made here, where the server is put together, and handed to every part in its environment.
  /// Device ids, bearer tokens, salts and key material are drawn from it; no library makes its own.
  static let system = RandomSource {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }
}
