import OrchardKit

extension RandomSource {
  /// The operating system's secure generator (`getrandom` on Linux): the one production source,
  /// made here, beside the database a process is put together with, and handed to every app in
  /// its environment. Device ids, bearer tokens and key material are drawn from it.
  public static let system = RandomSource {
    var generator = SystemRandomNumberGenerator()
    return generator.next()
  }
}
