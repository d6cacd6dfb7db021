import Foundation
import OrchardIdentity
import ServerKit
import Testing

@Suite("Password hashing (Argon2id)", .timeLimit(.minutes(5)))
struct PasswordHasherTests {
  /// Cheap parameters, so the suite runs fast; the OWASP ones are checked once below.
  let hasher = try! PasswordHasher(
    parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(7))

  @Test("a hash made at OWASP's parameters says so, and checks its password and no other")
  func owasp() async throws {
    let hasher = try PasswordHasher(random: .seeded(1))
    let encoded = try await hasher.hash("tulip-91 at dawn")
    #expect(encoded.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
    #expect(Argon2Parameters(encoded: encoded) == .owasp)
    #expect(try await hasher.verify("tulip-91 at dawn", against: encoded))
    #expect(try await !hasher.verify("tulip-91 at dusk", against: encoded))
    #expect(!hasher.needsRehash(encoded))
  }

  @Test("each hash has its own salt: the same password twice gives two hashes, both valid")
  func salted() async throws {
    let first = try await hasher.hash("same password")
    let second = try await hasher.hash("same password")
    #expect(first != second)
    #expect(try await hasher.verify("same password", against: first))
    #expect(try await hasher.verify("same password", against: second))
  }

  @Test("a password is checked exactly as typed: a 64-character Chinese one round-trips, a truncation fails")
  func asTyped() async throws {
    let long = String(repeating: "學而時習之不亦說乎", count: 8).prefix(64)
    let encoded = try await hasher.hash(String(long))
    #expect(try await hasher.verify(String(long), against: encoded))
    #expect(try await !hasher.verify(String(long.dropLast()), against: encoded))
    #expect(try await !hasher.verify(String(long) + " ", against: encoded))
  }

  @Test("a hash made under other parameters is flagged for rehashing, and still checks")
  func rehash() async throws {
    let old = try PasswordHasher(
      parameters: Argon2Parameters(memoryKiB: 128, iterations: 1, parallelism: 1), random: .seeded(2))
    let encoded = try await old.hash("correct horse")
    #expect(hasher.needsRehash(encoded))
    #expect(try await hasher.verify("correct horse", against: encoded))
  }

  @Test("what is not an Argon2id hash matches nothing, and never crashes")
  func garbage() async throws {
    for encoded in [
      "", "$argon2i$v=19$m=256,t=1,p=1$c2FsdHNhbHQ$aGFzaA", "$argon2id$v=19$m=x,t=1,p=1$c2FsdA$aGFzaA",
      "$2b$10$abcdefghijklmnopqrstuv", "$argon2id$v=19$m=256,t=1,p=1$$", "plain",
    ] {
      #expect(try await !hasher.verify("anything", against: encoded), "\(encoded)")
    }
    try await hasher.verifyNothing("anything")
  }

  @Test("no more than the hasher's width hash at once; the rest wait their turn and all finish")
  func bounded() async throws {
    let hasher = try PasswordHasher(random: .seeded(3))
    let sampler = Task {
      var highest = 0
      while !Task.isCancelled {
        highest = max(highest, hasher.load.running)
        await Task.yield()
      }
      return highest
    }
    let hashes = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<8 { group.addTask { try await hasher.hash("password number \(index)") } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    sampler.cancel()
    #expect(await sampler.value <= 2)
    #expect(hashes.count == 8 && Set(hashes).count == 8)
    #expect(hasher.load.running == 0 && hasher.load.waiting == 0)
  }
}
