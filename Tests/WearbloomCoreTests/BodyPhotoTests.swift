import Foundation
import Testing
import WearbloomCore

@Suite("The body photo", .timeLimit(.minutes(5)))
struct BodyPhotoTests {
  func photo(_ source: BodyPhoto.Source, at time: Int = 0) -> BodyPhoto {
    BodyPhoto(owner: "ana", source: source, updatedAt: minute(time))
  }

  @Test("replacing an own photo deletes its image; keeping the same image deletes nothing")
  func replaceOwn() {
    let old = photo(.own(image(1)))
    #expect(old.imageToDelete(replacedBy: photo(.own(image(2)), at: 5)) == image(1))
    #expect(old.imageToDelete(replacedBy: photo(.stock("figure-a"), at: 5)) == image(1))
    #expect(old.imageToDelete(replacedBy: photo(.own(image(1)), at: 5)) == nil)
  }

  @Test("a stock figure is shared: replacing it deletes nothing")
  func replaceStock() {
    #expect(photo(.stock("figure-a")).imageToDelete(replacedBy: photo(.own(image(2)), at: 5)) == nil)
    #expect(photo(.stock("figure-a")).ownImage == nil)
  }

  @Test("the source is stored as {\"own\": id} or {\"stock\": id}")
  func codable() throws {
    let sources: [BodyPhoto.Source] = [.own(image(1)), .stock("figure-b")]
    let data = try JSONEncoder().encode(sources)
    #expect(String(decoding: data, as: UTF8.self) == #"[{"own":"\#(image(1).value)"},{"stock":"figure-b"}]"#)
    #expect(try JSONDecoder().decode([BodyPhoto.Source].self, from: data) == sources)
  }

  @Test(
    "a source with both keys, neither, or a malformed image id is refused",
    arguments: [
      #"{"own":"\#(image(1).value)","stock":"figure-a"}"#, "{}", #"{"own":"../etc/passwd"}"#,
    ])
  func malformed(_ json: String) {
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(BodyPhoto.Source.self, from: Data(json.utf8)) }
  }
}
