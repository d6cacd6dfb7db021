import CArgon2
import NIOPosix
import OrchardKit
import ServerKit

/// Argon2id's cost, stored in every hash it makes (`$argon2id$v=19$m=19456,t=2,p=1$…`), so a hash
/// made under older parameters is recognised and made again at the next sign-in.
public struct Argon2Parameters: Sendable, Equatable, CustomStringConvertible {
  /// Memory per hash, in KiB.
  public var memoryKiB: UInt32
  /// Passes over that memory.
  public var iterations: UInt32
  /// Lanes.
  public var parallelism: UInt32

  public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
    self.memoryKiB = memoryKiB
    self.iterations = iterations
    self.parallelism = parallelism
  }

  /// OWASP's recommendation for Argon2id: 19 MiB, 2 passes, 1 lane.
  public static let owasp = Argon2Parameters(memoryKiB: 19 * 1_024, iterations: 2, parallelism: 1)

  public var description: String { "m=\(memoryKiB),t=\(iterations),p=\(parallelism)" }

  /// The parameters an encoded hash was made with, or `nil` when it is not an Argon2id hash.
  public init?(encoded: String) {
    let fields = encoded.split(separator: "$", omittingEmptySubsequences: true)
    guard fields.count == 5, fields[0] == "argon2id", fields[1] == "v=19" else { return nil }
    var values: [Substring: UInt32] = [:]
    for pair in fields[2].split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let value = UInt32(parts[1]) else { return nil }
      values[parts[0]] = value
    }
    guard let m = values["m"], let t = values["t"], let p = values["p"], values.count == 3 else { return nil }
    self.init(memoryKiB: m, iterations: t, parallelism: p)
  }
}

/// Hashes and checks passwords with Argon2id (Debian's libargon2, the reference implementation).
///
/// Each hash takes `memoryKiB` of memory and tens of milliseconds of a core, so hashing runs on a
/// thread pool (never on a request's event loop) and at most `width` at once: a burst of sign-ins
/// queues instead of exhausting memory.
public final class PasswordHasher: Sendable {
  public let parameters: Argon2Parameters
  private let random: RandomSource
  private let limit: ConcurrencyLimit
  private let pool: NIOThreadPool
  /// A hash of a password nobody has, checked when an email has no account, so an unknown email
  /// takes as long as a wrong password.
  private let dummy: String

  static let saltLength = 16
  static let hashLength = 32

  public init(
    parameters: Argon2Parameters = .owasp, width: Int = 2, random: RandomSource,
    pool: NIOThreadPool = .singleton
  ) throws(PasswordHashingError) {
    self.parameters = parameters
    self.random = random
    self.pool = pool
    limit = ConcurrencyLimit(width: width)
    dummy = try Self.encode(Self.randomBytes(24, random), parameters: parameters, salt: Self.randomBytes(16, random))
  }

  /// A new hash of `password`, with a fresh random salt and this hasher's parameters.
  public func hash(_ password: String) async throws -> String {
    let salt = Self.randomBytes(Self.saltLength, random)
    let parameters = parameters
    return try await offload { try Self.encode(Array(password.utf8), parameters: parameters, salt: salt) }
  }

  /// Whether `password` is the one `encoded` was made from. A hash that is not Argon2id, or is
  /// damaged, matches nothing.
  public func verify(_ password: String, against encoded: String) async throws -> Bool {
    guard Argon2Parameters(encoded: encoded) != nil else { return false }
    return try await offload { Self.check(Array(password.utf8), encoded: encoded) }
  }

  /// Spends the time a real check takes, against a hash no password matches: for unknown emails.
  public func verifyNothing(_ password: String) async throws {
    _ = try await verify(password, against: dummy)
  }

  /// Whether `encoded` was made with other parameters than this hasher's, and should be made again
  /// now that the password is at hand.
  public func needsRehash(_ encoded: String) -> Bool { Argon2Parameters(encoded: encoded) != parameters }

  /// Hashes running now, and waiting their turn.
  public var load: (running: Int, waiting: Int) { limit.load }

  private func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await limit.run { try await pool.runIfActive(work) }
  }

  static func encode(
    _ password: [UInt8], parameters: Argon2Parameters, salt: [UInt8]
  ) throws(PasswordHashingError)
    -> String
  {
    let length = argon2_encodedlen(
      parameters.iterations, parameters.memoryKiB, parameters.parallelism, UInt32(salt.count),
      UInt32(hashLength), Argon2_id)
    var encoded = [CChar](repeating: 0, count: length)
    let status = password.withUnsafeBytes { password in
      salt.withUnsafeBytes { salt in
        argon2id_hash_encoded(
          parameters.iterations, parameters.memoryKiB, parameters.parallelism, password.baseAddress, password.count,
          salt.baseAddress, salt.count, hashLength, &encoded, length)
      }
    }
    guard status == ARGON2_OK.rawValue else { throw PasswordHashingError(code: status) }
    return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func check(_ password: [UInt8], encoded: String) -> Bool {
    password.withUnsafeBytes { password in
      argon2id_verify(encoded, password.baseAddress, password.count) == ARGON2_OK.rawValue
    }
  }

  static func randomBytes(_ count: Int, _ random: RandomSource) -> [UInt8] {
    var generator = random.generator
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 8)
    while bytes.count < count { withUnsafeBytes(of: generator.next().littleEndian) { bytes.append(contentsOf: $0) } }
    return Array(bytes.prefix(count))
  }
}

/// libargon2 refused to hash (out of memory, or parameters it does not accept).
public struct PasswordHashingError: Error, CustomStringConvertible {
  public let code: Int32
  public var description: String { "argon2: " + String(cString: argon2_error_message(code)) }
}
