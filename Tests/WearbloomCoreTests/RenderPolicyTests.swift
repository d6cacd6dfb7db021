import Foundation
import Testing
import WearbloomCore

@Suite("Renders: their budget, their charge and their feedback", .timeLimit(.minutes(5)))
struct RenderPolicyTests {
  let start = Date(timeIntervalSince1970: 1_790_000_000)

  func render(
    _ status: RenderStatus = .pending, charge: RenderCharge = .held, feedback: RenderFeedback? = nil
  ) -> Render {
    Render(
      id: "r1", owner: "ada", garmentID: "navy-t-shirt", category: .tops, provider: "local-preview", isPreview: true,
      status: status, charge: charge, feedback: feedback, createdAt: start)
  }

  @Test("an unfinished render is overdue from 30 s after its request; a finished one never is")
  func overdue() {
    #expect(RenderPolicy.deadline(of: render()) == start.addingTimeInterval(30))
    #expect(!RenderPolicy.isOverdue(render(), at: start.addingTimeInterval(29.9)))
    #expect(RenderPolicy.isOverdue(render(), at: start.addingTimeInterval(30)))
    #expect(RenderPolicy.isOverdue(render(.processing), at: start.addingTimeInterval(31)))
    #expect(!RenderPolicy.isOverdue(render(.completed), at: start.addingTimeInterval(300)))
    #expect(!RenderPolicy.isOverdue(render(.failed), at: start.addingTimeInterval(300)))
    #expect(!RenderPolicy.isOverdue(render(), at: start.addingTimeInterval(60), budget: 90))
  }

  @Test("finishing spends a held credit on success and gives it back on failure; a free render stays free")
  func charge() {
    #expect(RenderPolicy.charge(after: .held, finishing: .completed) == .captured)
    #expect(RenderPolicy.charge(after: .held, finishing: .failed) == .released)
    #expect(RenderPolicy.charge(after: .free, finishing: .completed) == .free)
    #expect(RenderPolicy.charge(after: .free, finishing: .failed) == .free)
    #expect(RenderCharge.allCases.filter(\.consumedCredit) == [.captured])
    #expect(RenderStatus.allCases.filter(\.isFinished) == [.completed, .failed])
  }

  @Test("feedback is taken once, on a completed render only")
  func feedback() {
    #expect(throws: TryOnError.renderNotCompleted) { try RenderPolicy.acceptsFeedback(on: render()).get() }
    #expect(throws: TryOnError.renderNotCompleted) {
      try RenderPolicy.acceptsFeedback(on: render(.failed, charge: .released)).get()
    }
    #expect(throws: Never.self) { try RenderPolicy.acceptsFeedback(on: render(.completed, charge: .captured)).get() }
    let given = RenderFeedback(rating: .up, category: nil, refunded: false, at: start)
    #expect(throws: TryOnError.feedbackAlreadySubmitted) {
      try RenderPolicy.acceptsFeedback(on: render(.completed, charge: .captured, feedback: given)).get()
    }
  }

  @Test("only a thumbs-down on a render that spent a credit asks for it back")
  func refund() {
    #expect(RenderPolicy.asksRefund(.down, on: render(.completed, charge: .captured)))
    #expect(!RenderPolicy.asksRefund(.up, on: render(.completed, charge: .captured)))
    for charge in [RenderCharge.free, .refunded, .released, .held] {
      #expect(!RenderPolicy.asksRefund(.down, on: render(.completed, charge: charge)))
    }
  }

  @Test("the weekly plan: a first purchase is the 7-day trial, a later one a paid week; cancelling keeps the week")
  func product() {
    let weekly = SubscriptionProduct.weekly
    #expect(weekly.id == "com.wearbloom.weekly")
    var subscription = Subscription()
    let first = weekly.purchase(by: subscription, at: start)
    #expect(first.introductoryOffer)
    subscription.apply(first)
    #expect(subscription.state(at: start) == .trial)
    subscription.apply(weekly.cancellation(at: start.addingTimeInterval(60), of: subscription))
    #expect(subscription.state(at: start.addingTimeInterval(120)) == .cancelled)
    let later = start.addingTimeInterval(30 * 86_400)
    #expect(subscription.state(at: later) == .expired)
    let second = weekly.purchase(by: subscription, at: later)
    #expect(!second.introductoryOffer)
    subscription.apply(second)
    #expect(subscription.state(at: later) == .subscribed)
    #expect(subscription.expires(at: later) == later.addingTimeInterval(weekly.period))
  }
}
