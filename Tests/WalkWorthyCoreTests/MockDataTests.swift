import Foundation
import Testing
import WalkWorthyCore

@Suite("The embedded mock answers", .timeLimit(.minutes(5)))
struct MockDataTests {
  @Test(
    "each embedded answer is byte for byte its file in content/walkworthy/Mock",
    arguments: [
      ("encouragement_next.json", MockData.encouragementNext),
      ("today_canvas.json", MockData.todayCanvas),
    ])
  func matchesFile(name: String, embedded: String) throws {
    let url = repositoryRoot.appendingPathComponent("content/walkworthy/Mock").appendingPathComponent(name)
    #expect(try Data(contentsOf: url) == Data(embedded.utf8), "Mock/MockData.swift differs from \(url.path)")
  }

  @Test("the mock payload is a bundled entry, in the translation it names")
  func payloadIsBundled() async throws {
    let payload = try #require(try await MockAPIClient().fetchNext().payload)
    let entry = try #require(EncouragementLibrary.bundled.encouragement(id: payload.id))
    let card = VerseCard(entry, in: try #require(payload.translation.flatMap(Translation.init(abbreviation:))))
    #expect(card.ref == payload.ref)
    #expect(card.text == payload.text)
    #expect(card.encouragement == payload.encouragement)
    #expect(card.label == payload.translation)
  }
}
