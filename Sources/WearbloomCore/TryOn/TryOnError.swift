/// Why a try-on request was refused. The raw value is the stable code the API sends; the sentence
/// a user reads belongs to the app, never to this core.
public enum TryOnError: String, Error, CaseIterable, Codable, Sendable, Hashable {
  /// No credit is available, and the account does not subscribe: refused before any provider call.
  case insufficientCredits = "INSUFFICIENT_CREDITS"
}
