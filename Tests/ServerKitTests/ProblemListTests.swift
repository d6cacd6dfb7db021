import ServerKit
import Testing

@Suite("A problem's English lists", .timeLimit(.minutes(1)))
struct ProblemListTests {
  @Test("one, two and more items, joined as a sentence joins them")
  func listed() {
    #expect(OrchardError.listed([]) == "")
    #expect(OrchardError.listed(["en"]) == "en")
    #expect(OrchardError.listed(["a", "b"], "or") == "a or b")
    #expect(OrchardError.listed(["a", "b", "c"]) == "a, b and c")
  }
}
