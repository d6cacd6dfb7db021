import Foundation
import OrchardKit
import WalkWorthyCore

/// The repository these tests belong to, found through any symlinked test folder (a scratch package
/// may link to `Tests/WalkWorthyCoreTests`).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().resolvingSymlinksInPath()
  .deletingLastPathComponent().deletingLastPathComponent()

let utc = TimeZone(secondsFromGMT: 0)!
/// Sentences as an English reader sees them.
let english = WalkWorthyTexts.all.localizer(.english)
let newYork = TimeZone(identifier: "America/New_York")!

/// An instant from its ISO 8601 form.
func instant(_ text: String) -> Date {
  try! Date(text, strategy: .iso8601)
}

func time(_ text: String) -> TimeOfDay { TimeOfDay(text)! }

/// A server that answers each path from a table, or fails every request, and remembers each request.
actor StubTransport: HTTPTransport {
  struct Request: Equatable {
    let path: String
    let headers: [String: String]
  }

  struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the network connection was lost" }
  }

  private let answers: [String: (status: Int, body: String)]
  private let failing: Bool
  private(set) var requests: [Request] = []

  init(answers: [String: (status: Int, body: String)] = [:], failing: Bool = false) {
    self.answers = answers
    self.failing = failing
  }

  func get(_ path: String, headers: [String: String]) async throws -> (status: Int, body: Data) {
    requests.append(Request(path: path, headers: headers))
    if failing { throw Unreachable() }
    let answer = answers[path] ?? (404, #"{"code":"NOT_FOUND"}"#)
    return (answer.status, Data(answer.body.utf8))
  }
}

/// An API whose `fetchNext` answer is fixed, counting its calls.
actor ScriptedAPI: EncouragementAPI {
  private let next: Result<NextResponse, any Error>
  private(set) var calls = 0

  init(_ next: Result<NextResponse, any Error>) { self.next = next }

  init(_ response: NextResponse) { next = .success(response) }

  func fetchNext() async throws -> NextResponse {
    calls += 1
    return try next.get()
  }

  func fetchTodayCanvas() async throws -> TodayCanvas { TodayCanvas(assignmentsToday: [], examsToday: []) }
}

/// Entries whose texts say which translation they are ("KJV 3"), for rules that do not depend on content.
func syntheticEntries(count: Int, tags: [[Tag]]? = nil) -> [Encouragement] {
  (0..<count).map { n in
    Encouragement(
      id: "test-\(n)", reference: "Psalm \(n + 1):1", book: "Psalm", chapter: n + 1, firstVerse: 1, lastVerse: 1,
      texts: PassageTexts(bsb: "BSB \(n)", kjv: "KJV \(n)", web: "WEB \(n)"), encouragement: "For you, \(n).",
      tags: tags?[n % tags!.count] ?? [.courage], moments: [.everyday])
  }
}
