import DangdaiCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerKit
import ServerKitTesting
import Synchronization
import Testing

@testable import DangdaiServer

/// An OpenAI-compatible Chat Completions endpoint on loopback, answering as it is told: what a
/// model may do to a request, good and bad. Its good answers are written from the lesson's own
/// sentences, marked `(model)` in their translations so a test can tell them from the generator's.
final class FakeLanguageModel: Sendable {
  enum Behaviour: Sendable {
    case good
    case malformedJSON
    case madeUpWord
    case twoCorrectOptions
    case slow(Duration)
    case serverError
  }

  let behaviour: Mutex<Behaviour> = Mutex(.good)
  /// Every request body received.
  let requests: Mutex<[Data]> = Mutex([])
  /// How many requests it has answered so far (a slow one only once its delay is over).
  let answered: Mutex<Int> = Mutex(0)
  let port: Int
  private let task: Task<Void, any Error>

  static let marker = "(model)"

  var url: String { "http://127.0.0.1:\(port)/v1/chat/completions" }

  static func start() async throws -> FakeLanguageModel {
    let box = Mutex<FakeLanguageModel?>(nil)
    let router = Router()
    router.post("/v1/chat/completions") { request, _ in
      let body = try await request.body.collect(upTo: 1 << 22)
      guard let model = box.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
      return try await model.answer(Data(buffer: body))
    }
    let (bound, task) = try await LoopbackServer.start(router)
    let model = FakeLanguageModel(port: bound, task: task)
    box.withLock { $0 = model }
    return model
  }

  private init(port: Int, task: Task<Void, any Error>) {
    self.port = port
    self.task = task
  }

  deinit { task.cancel() }

  func answer(_ body: Data) async throws -> Response {
    requests.withLock { $0.append(body) }
    defer { answered.withLock { $0 += 1 } }
    let lesson = CompanionLessons.course.lesson(LessonID(rawValue: 101)!)!
    let content: String
    switch behaviour.withLock({ $0 }) {
    case .serverError:
      return Response(status: .internalServerError)
    case .slow(let delay):
      try await Task.sleep(for: delay)
      content = Self.items(lesson)
    case .good:
      content = Self.items(lesson)
    case .malformedJSON:
      content = #"{"items": [{"kind": "sentence_completion", "#
    case .madeUpWord:
      // 飛機 is not a word lesson 101 teaches.
      let point = lesson.grammar[0]
      content = Self.json([
        Self.item("sentence_completion", point.id, "我＿＿飛機。", ["是", "很", "也", "嗎"], 0)
      ])
    case .twoCorrectOptions:
      // Two of the options are the course's own correct sentences.
      let point = lesson.grammar[0]
      let first = point.examples[0]
      let second = point.examples[1]
      content = Self.json([
        Self.item(
          "correct_sentence", point.id, "",
          [first.text, second.text] + first.wrong.prefix(2).map(first.replacingFocus(with:)), 0)
      ])
    }
    let completion: [String: Any] = [
      "id": "chatcmpl-1", "object": "chat.completion", "model": "fake",
      "choices": [["index": 0, "finish_reason": "stop", "message": ["role": "assistant", "content": content]]],
    ]
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: completion))))
  }

  /// Sound questions: each example of the lesson asked as a completion and as the correct sentence.
  static func items(_ lesson: Lesson) -> String {
    var items: [[String: Any]] = []
    for point in lesson.grammar {
      for example in point.examples.prefix(2) {
        items.append(
          item(
            "sentence_completion", point.id, example.replacingFocus(with: Question.blank),
            [example.focusWord] + example.wrong, 0))
        items.append(
          item("correct_sentence", point.id, "", example.wrong.map(example.replacingFocus(with:)) + [example.text], 3))
      }
    }
    return json(items)
  }

  static func item(
    _ kind: String, _ point: String, _ sentence: String, _ options: [String], _ answer: Int
  )
    -> [String: Any]
  {
    [
      "kind": kind, "grammar_point": point, "sentence": sentence, "options": options, "answer": answer,
      "translation": "\(marker) a sentence",
    ]
  }

  static func json(_ items: [[String: Any]]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: ["items": items]), as: UTF8.self)
  }
}

@Suite("The optional language-model tier, against a fake model on loopback", .timeLimit(.minutes(5)))
struct LanguageModelTests {
  /// Starts a grammar quiz on lesson 101 with the model behaving as told, and returns it with how
  /// many of its questions the model wrote.
  func quiz(
    _ behaviour: FakeLanguageModel.Behaviour, budget: Duration = .seconds(30)
  ) async throws
    -> (questions: [Question], fromModel: Int, requests: Int, answeredBefore: Int)
  {
    let model = try await FakeLanguageModel.start()
    model.behaviour.withLock { $0 = behaviour }
    let settings = LanguageModelSettings(url: model.url, model: "fake-1", key: "sk-test")
    var outcome: (questions: [Question], fromModel: Int, requests: Int, answeredBefore: Int) = ([], 0, 0, 0)
    let box = Mutex(outcome)
    try await DangdaiHarness.run(.sqlite, languageModel: settings, budget: budget) { harness in
      let ada = try await harness.learner("ada@example.com")
      let started = try await harness.startQuiz("grammar", chapter: 101, ada.token)
      // What the model had answered when the quiz was served.
      let answeredBefore = model.answered.withLock { $0 }
      let stored = try #require(try await harness.store.quiz(started["quiz_id"] as? String ?? "", of: ada.id))
      let fromModel = stored.questions.filter { $0.meaning?.hasPrefix(FakeLanguageModel.marker) == true }.count
      box.withLock { $0 = (stored.questions, fromModel, model.requests.withLock(\.count), answeredBefore) }
    }
    outcome = box.withLock { $0 }
    return outcome
  }

  @Test("a good answer: the model's questions pass the validator and take the grammar slots")
  func good() async throws {
    let (questions, fromModel, requests, _) = try await quiz(.good)
    #expect(questions.count == QuizGenerator.questionCount)
    #expect(fromModel == QuizGenerator.questionCount)
    #expect(requests == 1)
    let validator = QuestionValidator(course: CompanionLessons.course, language: .english)
    #expect(questions.allSatisfy { validator.problems($0).isEmpty })
  }

  @Test(
    "malformed JSON, a made-up word, two correct options, a slow answer or a 500: a full quiz all the same",
    arguments: [
      FakeLanguageModel.Behaviour.malformedJSON, .madeUpWord, .twoCorrectOptions, .slow(.seconds(30)), .serverError,
    ])
  func failures(behaviour: FakeLanguageModel.Behaviour) async throws {
    // The slow model is waited for 2.5 s, far short of its 30; the others have all the room a
    // loaded machine needs for the one retry.
    let budget: Duration = if case .slow = behaviour { .milliseconds(2500) } else { .seconds(30) }
    let (questions, fromModel, requests, answeredBefore) = try await quiz(behaviour, budget: budget)
    #expect(questions.count == QuizGenerator.questionCount)
    #expect(fromModel == 0)
    switch behaviour {
    case .malformedJSON, .serverError: #expect(requests == 2, "tried once more")
    case .madeUpWord, .twoCorrectOptions: #expect(requests == 1)
    // The quiz never waits out a slow model: it is served while the model has answered nothing
    // (the budget is 2.5 s; the model takes 30), told by the order of events, not a stopwatch.
    case .slow: #expect(answeredBefore == 0)
    case .good: break
    }
  }

  @Test("the request: the lesson as context, a strict JSON schema, the key as a bearer token")
  func request() async throws {
    let model = try await FakeLanguageModel.start()
    // What is sent is the question here, not how fast: a budget a busy machine cannot run out of.
    let tier = LanguageModelTier(
      settings: LanguageModelSettings(url: model.url, model: "fake-1", key: "sk-test"), budget: .seconds(60))
    let lesson = try #require(CompanionLessons.course.lesson(LessonID(rawValue: 101)!))
    let written = await tier.questions(for: lesson, course: CompanionLessons.course, count: 4, language: .french)
    #expect(!written.isEmpty)
    let sent = try #require(model.requests.withLock { $0.first })
    let body = try #require(try JSONSerialization.jsonObject(with: sent) as? [String: Any])
    #expect(body["model"] as? String == "fake-1")
    let format = try #require(body["response_format"] as? [String: Any])
    #expect(format["type"] as? String == "json_schema")
    #expect((format["json_schema"] as? [String: Any])?["strict"] as? Bool == true)
    let messages = try #require(body["messages"] as? [[String: String]])
    #expect(messages.first?["role"] == "system")
    #expect(messages.last?["content"]?.contains(lesson.grammar[0].examples[0].text) == true)
    #expect(messages.first?["content"]?.contains("`fr`") == true)
  }

  @Test("configuration: off without a URL; a URL needs a model")
  func settings() throws {
    #expect(try LanguageModelSettings.from(environment: [:]) == nil)
    #expect(
      try LanguageModelSettings.from(environment: [
        "ORCHARD_DANGDAI_LLM_URL": "https://llm.example/v1/chat/completions", "ORCHARD_DANGDAI_LLM_MODEL": "m",
      ]) == LanguageModelSettings(url: "https://llm.example/v1/chat/completions", model: "m"))
    #expect(throws: ConfigurationError.self) {
      try LanguageModelSettings.from(environment: ["ORCHARD_DANGDAI_LLM_URL": "https://llm.example/v1"])
    }
    #expect(throws: ConfigurationError.self) {
      try LanguageModelSettings.from(environment: [
        "ORCHARD_DANGDAI_LLM_URL": "ftp://llm.example", "ORCHARD_DANGDAI_LLM_MODEL": "m",
      ])
    }
  }
}
