/// An ``EncouragementAPI`` whose encouragements arrive in the reader's translation. The server
/// sends a payload in one translation (the mock's is BSB); when its id names a bundled entry, the
/// reader's choice is what the notification, the history and Home show.
public struct TranslatedAPI: EncouragementAPI {
  public let base: any EncouragementAPI
  public let library: EncouragementLibrary
  public let translation: Translation

  public init(_ base: any EncouragementAPI, library: EncouragementLibrary, translation: Translation) {
    self.base = base
    self.library = library
    self.translation = translation
  }

  public func fetchNext() async throws -> NextResponse {
    let response = try await base.fetchNext()
    return NextResponse(shouldNotify: response.shouldNotify, payload: response.payload.map(translated))
  }

  public func fetchTodayCanvas() async throws -> TodayCanvas { try await base.fetchTodayCanvas() }

  /// The payload in ``translation``, keeping its id and expiry; unchanged when no entry has its id.
  public func translated(_ payload: EncouragementPayload) -> EncouragementPayload {
    guard let entry = library.encouragement(payloadID: payload.id) else { return payload }
    let card = VerseCard(entry, in: translation)
    return EncouragementPayload(
      id: payload.id, ref: card.ref, text: card.text, encouragement: card.encouragement, translation: card.label,
      expiresAt: payload.expiresAt)
  }
}
