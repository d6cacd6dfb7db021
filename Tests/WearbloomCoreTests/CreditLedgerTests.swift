import Foundation
import OrchardKit
import PropertyBased
import Testing
import WearbloomCore

@Suite("Credits: the ledger and its policy", .timeLimit(.minutes(5)))
struct CreditLedgerTests {
  let start = Date(timeIntervalSince1970: 1_790_000_000)

  func entry(_ kind: CreditEntry.Kind, _ render: String? = nil, amount: Int = 1, day: Double = 0) -> CreditEntry {
    CreditEntry(kind: kind, amount: amount, render: render, at: start.addingTimeInterval(day * 86_400))
  }

  @Test("a reserve holds a credit; a capture spends it, a release gives it back, a refund returns a spent one")
  func balance() {
    #expect(CreditBalance([entry(.grant, amount: 3)]) == CreditBalance(available: 3, reserved: 0))
    #expect(
      CreditBalance([entry(.grant, amount: 3), entry(.reserve, "a")]) == CreditBalance(available: 2, reserved: 1))
    let spent = [entry(.grant, amount: 3), entry(.reserve, "a"), entry(.capture, "a")]
    #expect(CreditBalance(spent) == CreditBalance(available: 2, reserved: 0))
    let released = [entry(.grant, amount: 3), entry(.reserve, "a"), entry(.release, "a")]
    #expect(CreditBalance(released) == CreditBalance(available: 3, reserved: 0))
    #expect(CreditBalance(spent + [entry(.refund, "a")]) == CreditBalance(available: 3, reserved: 0))
  }

  @Test("each kind of line moves the balance one way: what the store writes beside the ledger")
  func moves() {
    #expect(CreditEntry.Kind.grant.move(3) == CreditBalance(available: 3, reserved: 0))
    #expect(CreditEntry.Kind.reserve.move() == CreditBalance(available: -1, reserved: 1))
    #expect(CreditEntry.Kind.capture.move() == CreditBalance(available: 0, reserved: -1))
    #expect(CreditEntry.Kind.release.move() == CreditBalance(available: 1, reserved: -1))
    #expect(CreditEntry.Kind.refund.move() == CreditBalance(available: 1, reserved: 0))
  }

  @Test("a completed render spends the credit it holds; a failed one, or one that never finished, gives it back")
  func settlement() {
    #expect(CreditPolicy.settlement(of: .completed) == .capture)
    for status in RenderStatus.allCases where status != .completed {
      #expect(CreditPolicy.settlement(of: status) == .release)
    }
  }

  @Test("a render may hold a credit only while one is available: at 0 it is INSUFFICIENT_CREDITS")
  func reserve() {
    #expect(throws: Never.self) { try CreditPolicy.reserve(from: CreditBalance(available: 1)).get() }
    #expect(throws: TryOnError.insufficientCredits) { try CreditPolicy.reserve(from: CreditBalance()).get() }
    #expect(throws: TryOnError.insufficientCredits) {
      try CreditPolicy.reserve(from: CreditBalance(available: 0, reserved: 3)).get()
    }
    #expect(TryOnError.insufficientCredits.rawValue == "INSUFFICIENT_CREDITS")
    #expect(CreditPolicy.defaultWelcomeCredits == 3)
  }

  @Test("a thumbs-down refunds only a spent credit, once, and three times in any rolling 30 days")
  func refunds() {
    var ledger = [entry(.grant, amount: 3)]
    for (index, render) in ["a", "b", "c", "d", "e"].enumerated() {
      ledger += [entry(.reserve, render, day: Double(index)), entry(.capture, render, day: Double(index))]
    }
    ledger += [entry(.reserve, "failed"), entry(.release, "failed"), entry(.reserve, "pending")]
    let now = start.addingTimeInterval(5 * 86_400)
    #expect(!CreditPolicy.refunds("failed", ledger: ledger, now: now), "nothing was spent on a failure")
    #expect(!CreditPolicy.refunds("pending", ledger: ledger, now: now), "nor on a render still under way")
    #expect(!CreditPolicy.refunds("unknown", ledger: ledger, now: now))
    for render in ["a", "b", "c"] {
      #expect(CreditPolicy.refunds(render, ledger: ledger, now: now))
      ledger.append(CreditEntry(kind: .refund, render: render, at: now))
      #expect(!CreditPolicy.refunds(render, ledger: ledger, now: now), "\(render) twice")
    }
    #expect(!CreditPolicy.refunds("d", ledger: ledger, now: now), "the fourth in 30 days")
    // Thirty days after the first refund, its place in the window is free again.
    let later = now.addingTimeInterval(CreditPolicy.refundWindow)
    #expect(CreditPolicy.refunds("d", ledger: ledger, now: later))
  }

  @Test("whatever order renders are asked, end and are reported in, the policy never lets the balance go below 0")
  func neverNegative() async {
    await propertyCheck(input: Gen<UInt64>.value(), Gen.int(in: 0...5), Gen.int(in: 1...80)) { seed, grant, steps in
      var random = SeededRandomNumberGenerator(seed: seed)
      var ledger = [entry(.grant, amount: grant)]
      var open: [String] = []
      var captured: [String] = []
      var now = start
      for step in 0..<steps {
        now.addTimeInterval(Double(random.next() % 86_400))
        let balance = CreditBalance(ledger)
        switch random.next() % 4 {
        case 0:
          if case .success = CreditPolicy.reserve(from: balance) {
            open.append("r\(step)")
            ledger.append(CreditEntry(kind: .reserve, render: "r\(step)", at: now))
          }
        case 1 where !open.isEmpty:
          let render = open.remove(at: Int(random.next() % UInt64(open.count)))
          let kind: CreditEntry.Kind = random.next() % 2 == 0 ? .capture : .release
          if kind == .capture { captured.append(render) }
          ledger.append(CreditEntry(kind: kind, render: render, at: now))
        case 2 where !captured.isEmpty:
          let render = captured[Int(random.next() % UInt64(captured.count))]
          if CreditPolicy.refunds(render, ledger: ledger, now: now) {
            ledger.append(CreditEntry(kind: .refund, render: render, at: now))
          }
        default: break
        }
        let after = CreditBalance(ledger)
        #expect(after.available >= 0 && after.reserved == open.count)
        #expect(after.available + after.reserved <= grant + ledger.count { $0.kind == .refund })
      }
    }
  }
}
