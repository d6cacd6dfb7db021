/// Where encouragements come from: the bundled mock answers (``MockAPIClient``) or our server
/// (``LiveAPIClient``), chosen by `API_MODE` (see ``Config/client(deviceToken:transport:)``).
///
/// Shaped exactly as the Stage 1 spec defines it. Both clients throw ``EncouragementAPIError``.
public protocol EncouragementAPI: Sendable {
  /// The next encouragement, and whether it deserves a notification.
  func fetchNext() async throws -> NextResponse
  /// Today's assignments and exams from Canvas.
  func fetchTodayCanvas() async throws -> TodayCanvas
}
