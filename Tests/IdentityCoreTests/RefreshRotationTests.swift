import Foundation
import IdentityCore
import OrchardKit
import PropertyBased
import Testing

@Suite("Refresh-token rotation", .timeLimit(.minutes(5)))
struct RefreshRotationTests {
  let start = Date(timeIntervalSince1970: 1_790_000_000)
  var session: RefreshRotation.Session { .init(createdAt: start, lastUsedAt: start) }

  @Test("an unspent token of an open session rotates")
  func rotates() {
    #expect(RefreshRotation.decide(.init(), session: session, now: start.addingTimeInterval(60)) == .rotate)
  }

  @Test("a spent token shown again within 10 seconds, while its child is unused, gets that child")
  func grace() {
    let spent = RefreshRotation.Presented(spentAt: start, childIsLive: true)
    #expect(RefreshRotation.decide(spent, session: session, now: start.addingTimeInterval(10)) == .replayChild)
    #expect(RefreshRotation.decide(spent, session: session, now: start.addingTimeInterval(10.5)) == .revokeFamily)
  }

  @Test("a spent token whose child has been used is a stolen copy, even within the grace window")
  func theft() {
    let spent = RefreshRotation.Presented(spentAt: start, childIsLive: false)
    #expect(RefreshRotation.decide(spent, session: session, now: start.addingTimeInterval(1)) == .revokeFamily)
  }

  @Test("nothing is issued for a session that ended, timed out, or a token that was revoked")
  func refusals() {
    var ended = session
    ended.endedAt = start
    #expect(RefreshRotation.decide(.init(), session: ended, now: start) == .refuse(.signedOut))
    #expect(RefreshRotation.decide(.init(spentAt: start), session: ended, now: start) == .refuse(.reused))
    #expect(RefreshRotation.decide(.init(revokedAt: start), session: session, now: start) == .refuse(.reused))
    #expect(
      RefreshRotation.decide(.init(), session: session, now: start.addingTimeInterval(30 * 86_400))
        == .refuse(.expired))
    #expect(RefreshRotation.EndedBecause.reused.rawValue == "refresh_token_already_used")
    #expect(RefreshRotation.EndedBecause.signedOut.rawValue == "session_not_found")
  }

  @Test("no sequence of refreshes, replays, stolen reuse and sign-outs leaves two live tokens in one family")
  func oneLiveToken() async {
    await propertyCheck(input: Gen<UInt64>.value(), Gen.int(in: 1...60)) { seed, steps in
      var family = Family(start: start)
      var random = SeededRandomNumberGenerator(seed: seed)
      for _ in 0..<steps {
        switch random.next() % 4 {
        case 0, 1: family.refresh(token: Int(random.next() % UInt64(family.tokens.count)))
        case 2: family.refresh(token: family.tokens.count - 1)
        default:
          if random.next() % 8 == 0 { family.signOut() }
        }
        family.now.addTimeInterval(Double(random.next() % 15))
        #expect(family.live.count <= 1, "tokens live: \(family.live)")
        if family.ended { #expect(family.live.isEmpty) }
      }
    }
  }

  /// A session's family of tokens, changed only by what the rule decides.
  struct Family {
    struct Token {
      var spentAt: Date?
      var revokedAt: Date?
      var child: Int?
    }

    var tokens = [Token()]
    var session: RefreshRotation.Session
    var now: Date

    init(start: Date) {
      session = .init(createdAt: start, lastUsedAt: start)
      now = start
    }

    var ended: Bool { session.endedAt != nil }
    var live: [Int] { tokens.indices.filter { tokens[$0].spentAt == nil && tokens[$0].revokedAt == nil } }

    mutating func refresh(token index: Int) {
      let token = tokens[index]
      let childIsLive = token.child.map { live.contains($0) } ?? false
      let presented = RefreshRotation.Presented(
        spentAt: token.spentAt, revokedAt: token.revokedAt, childIsLive: childIsLive)
      switch RefreshRotation.decide(presented, session: session, now: now) {
      case .rotate:
        tokens[index].spentAt = now
        tokens[index].child = tokens.count
        tokens.append(Token())
        session.lastUsedAt = now
      case .replayChild: session.lastUsedAt = now
      case .revokeFamily: signOut()
      case .refuse: break
      }
    }

    mutating func signOut() {
      for index in tokens.indices where tokens[index].revokedAt == nil { tokens[index].revokedAt = now }
      session.endedAt = now
    }
  }
}
