#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rules of a render's life: how long it may take, how often one may be asked for, what its
/// outcome does to its credit, and when feedback is taken and refunds it.
public enum RenderPolicy {
  /// Seconds a render may take, from its request, unless its provider is given longer.
  public static let budget: TimeInterval = 30
  /// Renders one user may request in a minute; the next is `TOO_MANY_REQUESTS`.
  public static let rendersPerMinute = 10

  /// When a render requested at `created` and given `budget` seconds is out of time.
  public static func deadline(of render: Render, budget: TimeInterval = Self.budget) -> Date {
    render.createdAt.addingTimeInterval(budget)
  }

  /// Whether `render` is unfinished past its deadline: it fails as `RENDER_TIMEOUT`.
  public static func isOverdue(_ render: Render, at now: Date, budget: TimeInterval = Self.budget) -> Bool {
    !render.status.isFinished && now >= deadline(of: render, budget: budget)
  }

  /// What finishing a render does to its credit: a held credit is spent on success and given back
  /// on failure; a render that held none stays free.
  public static func charge(after charge: RenderCharge, finishing status: RenderStatus) -> RenderCharge {
    guard charge == .held else { return charge }
    return status == .completed ? .captured : .released
  }

  /// Whether feedback may be given on `render`: only once, and only on a completed render.
  public static func acceptsFeedback(on render: Render) -> Result<Void, TryOnError> {
    guard render.status == .completed else { return .failure(.renderNotCompleted) }
    guard render.feedback == nil else { return .failure(.feedbackAlreadySubmitted) }
    return .success(())
  }

  /// Whether a `rating` asks for the render's credit back: a thumbs-down on a render that spent
  /// one. (Whether it is given is the credit policy's: at most ``CreditPolicy/refundsPerWindow``
  /// in ``CreditPolicy/refundWindow``.) A render that consumed nothing is never refunded.
  public static func asksRefund(_ rating: FeedbackRating, on render: Render) -> Bool {
    rating == .down && render.charge.consumedCredit
  }
}
