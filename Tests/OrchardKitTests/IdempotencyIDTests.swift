import Foundation
import OrchardKit
import Testing

@Suite("IdempotencyID", .timeLimit(.minutes(5)))
struct IdempotencyIDTests {
  @Test("an ID is drawn from the injected generator, high word first")
  func drawnFromGenerator() {
    var generator = SeededRandomNumberGenerator(seed: 42)
    // The first two xoshiro256** outputs for seed 42, as hex.
    #expect(IdempotencyID(using: &generator).description == "15780b2e0c2ec7166104d9866d113a7e")
  }

  @Test("the text form is 32 lowercase hex digits and parses back to the same ID")
  func textRoundTrip() throws {
    var generator = SeededRandomNumberGenerator(seed: 1)
    for _ in 0..<200 {
      let id = IdempotencyID(using: &generator)
      let text = id.description
      #expect(text.count == 32)
      #expect(text.allSatisfy { "0123456789abcdef".contains($0) })
      #expect(IdempotencyID(text) == id)
    }
  }

  @Test("leading zeros are kept in both halves")
  func leadingZeros() throws {
    let text = "0000000000000001000000000000000a"
    #expect(try #require(IdempotencyID(text)).description == text)
  }

  @Test("IDs from one generator do not collide")
  func distinct() {
    var generator = SeededRandomNumberGenerator(seed: 2_026)
    let ids = (0..<10_000).map { _ in IdempotencyID(using: &generator) }
    #expect(Set(ids).count == ids.count)
  }

  @Test(
    "parsing rejects anything but exactly 32 lowercase hex digits",
    arguments: [
      "", "15780b2e0c2ec7166104d9866d113a7", "15780b2e0c2ec7166104d9866d113a7e0",
      "15780B2E0C2EC7166104D9866D113A7E", "15780b2e-0c2e-c716-6104-d9866d113a7e",
      " 15780b2e0c2ec7166104d9866d113a7e", "15780b2e0c2ec7166104d9866d113a7g",
      "0x780b2e0c2ec7166104d9866d113a7e", "15780b2e0c2ec7166104d9866d113a7é",
      "+5780b2e0c2ec7166104d9866d113a7e",
    ])
  func parsingRejects(text: String) {
    #expect(IdempotencyID(text) == nil)
  }

  @Test("JSON carries an ID as its string and refuses a malformed one")
  func codable() throws {
    let id = try #require(IdempotencyID("15780b2e0c2ec7166104d9866d113a7e"))
    let encoded = try JSONEncoder().encode([id])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["15780b2e0c2ec7166104d9866d113a7e"]"#)
    #expect(try JSONDecoder().decode([IdempotencyID].self, from: encoded) == [id])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([IdempotencyID].self, from: Data(#"["not-an-id"]"#.utf8))
    }
  }
}
