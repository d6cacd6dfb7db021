/// Why a try-on request or its feedback was refused. The raw value is the stable code the API
/// sends; the sentence a user reads belongs to the app, never to this core.
public enum TryOnError: String, Error, CaseIterable, Codable, Sendable, Hashable {
  /// No credit is available, and the account does not subscribe: refused before any provider call.
  case insufficientCredits = "INSUFFICIENT_CREDITS"
  /// No render of this account has this id.
  case renderNotFound = "RENDER_NOT_FOUND"
  /// Feedback is only taken on a completed render.
  case renderNotCompleted = "RENDER_NOT_COMPLETED"
  /// A render takes one feedback.
  case feedbackAlreadySubmitted = "FEEDBACK_ALREADY_SUBMITTED"
  /// A look still being drawn cannot be deleted until it is done.
  case renderUnderWay = "RENDER_UNDER_WAY"
}
