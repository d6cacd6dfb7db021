#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Answers from fixed JSON, as Stage 1 runs without a backend (`API_MODE=mock`).
///
/// By default it answers with the spec's mock files (``MockData``); an app that ships them in its
/// bundle, or a test, passes other bytes. The JSON is decoded on every call, so a malformed file is
/// reported like a malformed server answer.
public struct MockAPIClient: EncouragementAPI {
  public let nextJSON: Data
  public let todayCanvasJSON: Data

  public init(
    nextJSON: Data = Data(MockData.encouragementNext.utf8), todayCanvasJSON: Data = Data(MockData.todayCanvas.utf8)
  ) {
    self.nextJSON = nextJSON
    self.todayCanvasJSON = todayCanvasJSON
  }

  public func fetchNext() async throws -> NextResponse {
    try ResponseDecoding.decode(NextResponse.self, from: nextJSON, source: "Mock/encouragement_next.json")
  }

  public func fetchTodayCanvas() async throws -> TodayCanvas {
    try ResponseDecoding.decode(TodayCanvas.self, from: todayCanvasJSON, source: "Mock/today_canvas.json")
  }
}
