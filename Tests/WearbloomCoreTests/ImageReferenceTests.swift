import Foundation
import OrchardKit
import Testing
import WearbloomCore

@Suite("Image ids", .timeLimit(.minutes(5)))
struct ImageReferenceTests {
  @Test("a new id is 26 characters of lowercase base32 and passes validation")
  func generated() throws {
    var generator = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<100 {
      let id = ImageReference(using: &generator)
      #expect(id.value.count == 26)
      #expect(id.value.allSatisfy { "abcdefghijklmnopqrstuvwxyz234567".contains($0) })
      #expect(ImageReference(validating: id.value) == id)
    }
  }

  @Test("ids come from the injected generator: the same seed gives the same id, the next draw another")
  func injectedRandomness() {
    var first = SeededRandomNumberGenerator(seed: 42)
    var second = SeededRandomNumberGenerator(seed: 42)
    let id = ImageReference(using: &first)
    #expect(ImageReference(using: &second) == id)
    #expect(ImageReference(using: &first) != id)
  }

  @Test(
    "text from a URL that is not exactly an id is refused before any lookup",
    arguments: [
      "../etc/passwd", "", "abcdefghijklmnopqrstuvwxy", "abcdefghijklmnopqrstuvwxyz2",
      "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "Abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxy0",
      "abcdefghijklmnopqrstuvwxy1", "abcdefghijklmnopqrstuvwxy8", "abcdefghijklmnopqrstuvwx/z",
      "abcdefghijklmnopqrstuvwxy ", "abcdefghijklm%2e%2enopqrstu", "../../../../../../etc/pass",
    ])
  func rejects(_ text: String) {
    #expect(ImageReference(validating: text) == nil)
  }

  @Test("decoding refuses what validation refuses, and round-trips an id as its text")
  func codable() throws {
    let id = image(3)
    let data = try JSONEncoder().encode([id])
    #expect(String(decoding: data, as: UTF8.self) == "[\"\(id.value)\"]")
    #expect(try JSONDecoder().decode([ImageReference].self, from: data) == [id])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([ImageReference].self, from: Data(#"["../etc/passwd"]"#.utf8))
    }
  }
}
