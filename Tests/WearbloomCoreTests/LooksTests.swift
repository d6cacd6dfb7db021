import Foundation
import Testing
import WearbloomCore

@Suite("Looks: the try-ons kept", .timeLimit(.minutes(1)))
struct LooksTests {
  let start = Date(timeIntervalSince1970: 1_790_000_000)

  func render(
    _ id: String, _ status: RenderStatus, after seconds: TimeInterval, result: ImageReference? = nil
  ) -> Render {
    Render(
      id: id, owner: "ana", garmentID: "navy-t-shirt", category: .tops, provider: "local-preview", isPreview: true,
      status: status, result: result, charge: .held, createdAt: start.addingTimeInterval(seconds))
  }

  @Test("a finished look with its picture and one still being made are kept; a failed one drew nothing and is not")
  func whatIsKept() {
    let picture = image(3)
    #expect(Looks.keeps(render("a", .completed, after: 0, result: picture)))
    #expect(Looks.keeps(render("b", .pending, after: 0)))
    #expect(Looks.keeps(render("c", .processing, after: 0)))
    #expect(!Looks.keeps(render("d", .failed, after: 0)))
    #expect(!Looks.keeps(render("e", .completed, after: 0)))
  }

  @Test("newest first, the later id first between two made in the same instant")
  func order() {
    let picture = image(4)
    let renders = [
      render("old", .completed, after: 0, result: picture), render("failed", .failed, after: 30),
      render("new", .processing, after: 60), render("b", .completed, after: 10, result: picture),
      render("c", .completed, after: 10, result: picture),
    ]
    #expect(Looks.kept(renders).map(\.id) == ["new", "c", "b", "old"])
  }

  @Test("only a finished look may be deleted: one under way holds its credit until it is done")
  func deletable() {
    let picture = image(5)
    #expect((try? Looks.deletable(render("a", .completed, after: 0, result: picture)).get())?.id == "a")
    #expect((try? Looks.deletable(render("f", .failed, after: 0)).get())?.id == "f")
    for status in [RenderStatus.pending, .processing] {
      #expect(throws: TryOnError.renderUnderWay) { try Looks.deletable(render("p", status, after: 0)).get() }
    }
  }
}
