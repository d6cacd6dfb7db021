import MIGACore
import Testing

@testable import MIGAServer

@Suite("What a content import changes", .timeLimit(.minutes(5)))
struct ContentImportPlanTests {
  let stored = [
    StoredContent(id: "a", item: item("a"), isRetired: false),
    StoredContent(id: "b", item: item("b"), isRetired: false),
    StoredContent(id: "c", item: item("c"), isRetired: true),
  ]

  @Test("an unchanged library writes nothing, so no cursor moves")
  func unchanged() {
    let plan = ContentImportPlan.changes(stored: stored, incoming: [item("a"), item("b")], retireMissing: true)
    #expect(plan.changes.isEmpty)
    #expect(plan.result.unchanged == 2)
  }

  @Test("new ids are added, changed ones rewritten, a retired one that returns is added again")
  func addsAndUpdates() {
    let plan = ContentImportPlan.changes(
      stored: stored, incoming: [item("a", text: "Changed words."), item("b"), item("c"), item("d")],
      retireMissing: false)
    #expect(plan.changes == [.replace(item("a", text: "Changed words.")), .replace(item("c")), .insert(item("d"))])
    #expect(plan.result.added == ["c", "d"])
    #expect(plan.result.updated == ["a"])
    #expect(plan.result.unchanged == 1)
  }

  @Test("only an import that is told to retires the items the library no longer has")
  func retiresOnlyWhenAsked() {
    let seed = ContentImportPlan.changes(stored: stored, incoming: [item("a")], retireMissing: false)
    #expect(seed.changes.isEmpty)
    let full = ContentImportPlan.changes(stored: stored, incoming: [item("a")], retireMissing: true)
    #expect(full.changes == [.retire(id: "b")])
    #expect(full.result.retired == ["b"])
  }

  @Test("a stored item this build cannot read is rewritten")
  func unreadableRowsAreRewritten() {
    let plan = ContentImportPlan.changes(
      stored: [StoredContent(id: "a", item: nil, isRetired: false)], incoming: [item("a")], retireMissing: true)
    #expect(plan.changes == [.replace(item("a"))])
  }

  @Test("retiring names what is not live instead of touching it, and each id once")
  func retirements() {
    let plan = ContentImportPlan.retirements(stored: stored, ids: ["b", "c", "zz", "b"])
    #expect(plan.changes == [.retire(id: "b")])
    #expect(plan.result.retired == ["b"])
    #expect(plan.result.notLive == ["c", "zz"])
  }

  @Test("a library with a repeated or malformed id is refused before anything is written")
  func checks() {
    #expect(throws: ContentImportError.duplicateID("a")) {
      try ContentImporter.check(library([item("a"), item("a")]))
    }
    #expect(throws: ContentImportError.invalidID("has space")) {
      try ContentImporter.check(library([item("has space")]))
    }
  }
}
