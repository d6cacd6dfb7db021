import DangdaiCore
import Foundation
import HTTPTypes
import OrchardKit
import ServerKitTesting
import Testing

@testable import DangdaiServer

/// A learner's own word list, from the web: chosen in Settings, read into a summary, confirmed,
/// then theirs alone.
@Suite("A learner's own word list on the web", .timeLimit(.minutes(5)))
struct WordListWebTests {
  /// A list as it is downloaded: CRLF, tabs after the headers, a line that cannot be read, a
  /// lesson Dangdai does not teach.
  static let list =
    "//當代中文/Book 1/L01-I\t\t\r\n這\tzhè / zhèi\t(Det) this\r\n學生\tqqq\t(N) student\r\n"
    + "老師\tlǎoshī\t(N) teacher\r\n//當代中文/Book 1/L01-II\t\t\r\n喝\thē\t(V) to drink\r\n茶\tchá\t(N) tea\r\n"
    + "獎學金\tjiǎngxuéjīn\t(N) scholarship\r\n//當代中文/Book 3/L01-I\t\t\r\n走\tzǒu\t(Vi) to walk\r\n"

  /// `bytes` as a browser sends a file from the word-list form.
  static func upload(
    _ learner: inout WebLearner, _ bytes: [UInt8], name: String = "words.tsv"
  ) async throws -> (status: HTTPResponse.Status, location: String?, body: String) {
    let boundary = "----dangdai-\(UUID().uuidString)"
    var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"list\"; filename=\"\(name)\"\r\n".utf8)
    body += Array("Content-Type: text/tab-separated-values\r\n\r\n".utf8) + bytes
    body += Array("\r\n--\(boundary)--\r\n".utf8)
    return try await learner.visitor.post(
      "/dangdai/settings/word-list", bytes: body, type: "multipart/form-data; boundary=\(boundary)")
  }

  static func chapterWords(_ harness: DangdaiHarness, _ token: String, _ chapter: Int) async throws -> [String] {
    let json = try #require(try await harness.send(.get, "chapters/\(chapter)", token).json)
    return (json["words"] as? [[String: Any]] ?? []).compactMap { $0["hanzi"] as? String }
  }

  @Test(
    "choose the file, read what it holds, confirm: the list is used for that learner alone",
    arguments: TestDatabase.available)
  func confirm(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      let bob = try await harness.learner("bob@example.com")
      let companion = try await Self.chapterWords(harness, bob.token, 101)
      let settings = try await ada.get("/dangdai/settings")
      #expect(settings.body.contains("href=\"/dangdai/settings/word-list\""))
      let form = try await ada.get("/dangdai/settings/word-list")
      #expect(form.status == .ok)
      #expect(form.body.contains("enctype=\"multipart/form-data\""))

      let read = try await Self.upload(&ada, Array(Self.list.utf8))
      #expect(read.status == .seeOther)
      let review = try #require(read.location)
      #expect(review.hasPrefix("/dangdai/settings/word-list/lists/"))
      let summary = try await ada.get(review)
      #expect(summary.status == .ok)
      #expect(summary.body.contains("5 words for 1 lesson, from 5 of 6 lines."))
      #expect(summary.body.contains("Line 3"))
      #expect(summary.body.contains(DangdaiTexts.english.messages[.importUnreadableReading]!))
      #expect(summary.body.contains("Book 3 is not one Dangdai teaches yet"))
      // Nothing changes before the learner confirms.
      let adaID = ada.id
      #expect(try await harness.store.lists(of: adaID).isEmpty)

      let id = String(review.dropFirst("/dangdai/settings/word-list/lists/".count))
      let confirmed = try await ada.post("/dangdai/settings/word-list/lists/\(id)/confirm", [])
      #expect(confirmed.status == .seeOther)
      #expect(confirmed.location == "/dangdai/settings/word-list?confirmed=1")
      let done = try await ada.get(try #require(confirmed.location))
      #expect(done.body.contains("Done: 1 lesson asks your book\u{2019}s words now."))
      #expect(try await harness.store.lists(of: adaID).keys.map(\.rawValue) == [101])
      let chapter = try await ada.get("/dangdai/chapters/101")
      #expect(chapter.body.contains("獎學金"))
      // Bob's lesson 101 is still the companion lesson.
      #expect(try await Self.chapterWords(harness, bob.token, 101) == companion)
      // Confirming again (a reload, another tab) finds nothing waiting.
      let again = try await ada.post("/dangdai/settings/word-list/lists/\(id)/confirm", [])
      #expect(again.location == "/dangdai/settings/word-list?expired")
    }
  }

  @Test("a list waiting is its reader's, and waits an hour", arguments: TestDatabase.available)
  func pending(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      var eve = try await WebLearner.signedIn(harness, "eve@example.com")
      let review = try #require(try await Self.upload(&ada, Array(Self.list.utf8)).location)
      #expect(try await eve.get(review).location == "/dangdai/settings/word-list?expired")
      let stolen = try await eve.post(review + "/confirm", [])
      #expect(stolen.location == "/dangdai/settings/word-list?expired")
      let eveID = eve.id
      #expect(try await harness.store.lists(of: eveID).isEmpty)
      harness.clock.advance(by: DangdaiService.pendingFor)
      #expect(try await ada.get(review).location == "/dangdai/settings/word-list?expired")
      // Cancelled, it is gone at once.
      let fresh = try #require(try await Self.upload(&ada, Array(Self.list.utf8)).location)
      #expect(try await ada.post("/dangdai/settings/word-list/cancel", []).status == .seeOther)
      #expect(try await ada.get(fresh).location == "/dangdai/settings/word-list?expired")
    }
  }

  @Test("a file that is no list is refused with why, and nothing changes", arguments: TestDatabase.available)
  func refused(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      let binary = try await Self.upload(&ada, [0x50, 0x4B, 0x03, 0x04, 0x00, 0xFF, 0x00], name: "list.zip")
      #expect(binary.status == .unprocessableContent)
      #expect(binary.body.contains("not a text file"))
      let empty = try await Self.upload(&ada, Array("//當代中文/Book 1/L01-I\r\n".utf8))
      #expect(empty.status == .unprocessableContent)
      #expect(empty.body.contains(DangdaiTexts.english.messages[.importEmpty]!))
      let boundary = "----dangdai-none"
      let none = try await ada.visitor.post(
        "/dangdai/settings/word-list",
        bytes: Array(
          "--\(boundary)\r\nContent-Disposition: form-data; name=\"list\"; filename=\"\"\r\n\r\n\r\n--\(boundary)--\r\n"
            .utf8), type: "multipart/form-data; boundary=\(boundary)")
      #expect(none.status == .unprocessableContent)
      #expect(none.body.contains("Choose a file first."))
      let adaID = ada.id
      #expect(try await harness.store.lists(of: adaID).isEmpty)
    }
  }

  @Test(
    "a table with a Japanese column glosses the words in Japanese for a learner who reads it",
    arguments: TestDatabase.available)
  func japanese(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      _ = try await ada.post("/dangdai/settings", [("language", "ja")])
      let table =
        "\u{FEFF}課-序號,序號,生詞,漢拼,詞類,英譯,日譯,冊\r\n1-1,1,你,nǐ,N,you,あなた (anata),1\r\n"
        + "1-1,2,我,wǒ,N,\"I, me\",わたし (watashi),1\r\n1-1,3,他,tā,N,he,彼 (kare),1\r\n"
        + "1-2,1,好,hǎo,Vs,good,よい (yoi),1\r\n"
      let review = try #require(try await Self.upload(&ada, Array(table.utf8), name: "B1.csv").location)
      _ = try await ada.post(review + "/confirm", [])
      let chapter = try await ada.get("/dangdai/chapters/101")
      #expect(chapter.body.contains("あなた"))
      #expect(!chapter.body.contains("(anata)"))
      #expect(chapter.body.contains("わたし"))
    }
  }

  @Test("the list goes with the export and the deletion, and can be stopped", arguments: TestDatabase.available)
  func account(engine: TestDatabase) async throws {
    try await DangdaiHarness.run(engine) { harness in
      var ada = try await WebLearner.signedIn(harness, "ada@example.com")
      let review = try #require(try await Self.upload(&ada, Array(Self.list.utf8)).location)
      _ = try await ada.post(review + "/confirm", [])
      let session = try await harness.api.send(
        .post, "/dangdai/api/v1/auth/token?grant_type=password",
        json: ["email": "ada@example.com", "password": WebLearner.password])
      let token = try #require(session.json?["access_token"] as? String)
      let export = try #require(try await harness.api.send(.get, "/dangdai/api/v1/auth/user/export", token: token).json)
      let dangdai = try #require((export["apps"] as? [String: Any])?["dangdai"] as? [String: Any])
      let lists = try #require(dangdai["wordLists"] as? [[String: Any]])
      #expect(lists.map { $0["chapter"] as? Int } == [101])
      #expect((lists.first?["words"] as? [[String: Any]])?.count == 5)
      let stop = try await ada.post("/dangdai/settings/word-list/removal", [])
      #expect(stop.location == "/dangdai/settings/word-list?removed")
      let adaID = ada.id
      #expect(try await harness.store.lists(of: adaID).isEmpty)
      #expect(!(try await ada.get("/dangdai/chapters/101").body.contains("獎學金")))
      // Again, then deleted with the account.
      let second = try #require(try await Self.upload(&ada, Array(Self.list.utf8)).location)
      _ = try await ada.post(second + "/confirm", [])
      try await harness.store.erase(adaID)
      #expect(try await harness.store.lists(of: adaID).isEmpty)
    }
  }
}
