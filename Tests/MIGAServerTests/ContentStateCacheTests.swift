import Foundation
import MIGACore
import OrchardKit
import Synchronization
import Testing

@testable import MIGAServer

@Suite("The library state a server trusts", .timeLimit(.minutes(5)))
struct ContentStateCacheTests {
  /// A library whose state moves on every read.
  final class CountingRepository: MIGAContentStore {
    let reads = Mutex(0)

    func state() async throws -> ContentState {
      let count = reads.withLock {
        $0 += 1
        return $0
      }
      return ContentState(lastSeq: Int64(count), purgedSeq: 0)
    }

    func changes(since: Int64?, upTo state: ContentState) async throws -> ContentChanges {
      ContentChanges(items: [], tombstones: [])
    }

    func update<R: Sendable>(
      at now: Date, _ decide: @escaping @Sendable ([StoredContent]) throws -> (changes: [ContentChange], result: R)
    ) async throws -> R { try decide([]).result }

    func purgeTombstones(retiredBefore cutoff: Date) async throws -> Int { 0 }
    func list() async throws -> [(id: String, seq: Int64, isRetired: Bool)] { [] }
  }

  @Test("a state younger than the maximum age is served without a read")
  func fresh() async throws {
    let repository = CountingRepository()
    let cache = ContentStateCache(repository: repository, clock: FixedClock(testNow), maxAge: 3600)
    #expect(try await cache.state().lastSeq == 1)
    #expect(try await cache.state().lastSeq == 1)
    #expect(repository.reads.withLock { $0 } == 1)
  }

  @Test("an older one is read again")
  func stale() async throws {
    let repository = CountingRepository()
    let cache = ContentStateCache(repository: repository, clock: FixedClock(testNow), maxAge: 0)
    #expect(try await cache.state().lastSeq == 1)
    #expect(try await cache.state().lastSeq == 2)
  }
}
