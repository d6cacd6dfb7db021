import AsyncHTTPClient
import DangdaiCore
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import OrchardKit
import ServerKit

/// Where the optional language-model tier sends its requests: any OpenAI-compatible Chat
/// Completions endpoint. Off unless `ORCHARD_DANGDAI_LLM_URL` is set.
public struct LanguageModelSettings: Sendable, Equatable {
  /// The chat completions URL (`https://api.example.com/v1/chat/completions`).
  public let url: String
  public let model: String
  public let key: String?

  public init(url: String, model: String, key: String? = nil) {
    self.url = url
    self.model = model
    self.key = key
  }

  /// The settings `ORCHARD_DANGDAI_LLM_URL`, `_MODEL` and `_KEY` give, or nil when the URL is unset.
  public static func from(environment settings: Settings) throws(ConfigurationError) -> LanguageModelSettings? {
    guard let url = settings.string("ORCHARD_DANGDAI_LLM_URL") else { return nil }
    guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
      throw ConfigurationError(variable: "ORCHARD_DANGDAI_LLM_URL", value: url, expected: "an http or https URL")
    }
    guard let model = settings.string("ORCHARD_DANGDAI_LLM_MODEL") else {
      throw ConfigurationError(variable: "ORCHARD_DANGDAI_LLM_MODEL", value: "", expected: "the model's name")
    }
    return LanguageModelSettings(url: url, model: model, key: settings.value("ORCHARD_DANGDAI_LLM_KEY"))
  }
}

/// Grammar questions from a language model, within a budget: one request with the lesson as its
/// context and a JSON-schema response format, tried again once if it fails while time remains.
/// Never throws: a slow, failing or unreadable answer yields no questions, and the quiz keeps the
/// deterministic generator's.
public struct LanguageModelTier: Sendable {
  public let settings: LanguageModelSettings
  /// The whole generation's budget.
  public let budget: Duration
  /// NFR1: a quiz within 5 seconds.
  public static let defaultBudget: Duration = .seconds(5)
  let client: HTTPClient
  let logger: Logger

  public init(
    settings: LanguageModelSettings, budget: Duration = defaultBudget, client: HTTPClient = .shared,
    logger: Logger = Logger(label: "dangdai.llm")
  ) {
    self.settings = settings
    self.budget = budget
    self.client = client
    self.logger = logger
  }

  /// Up to `count` grammar questions on `lesson`, unchecked (the caller validates them).
  public func questions(for lesson: Lesson, course: Course, count: Int, language: Language) async -> [Question] {
    let messages = GroundedQuestions.messages(for: lesson, course: course, count: count, language: language)
    let deadline = ContinuousClock.now + budget
    for attempt in 1...2 {
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .milliseconds(50) else { break }
      do {
        let content = try await complete(messages, timeout: remaining)
        if let questions = GroundedQuestions.questions(from: content, lesson: lesson, horizon: lesson.id) {
          return questions
        }
        logger.warning("the model's answer is not the schema's JSON", metadata: ["attempt": "\(attempt)"])
      } catch {
        logger.warning("the model did not answer", metadata: ["attempt": "\(attempt)", "error": "\(error)"])
      }
    }
    return []
  }

  /// Why a completion was not usable.
  enum Failure: Error {
    case status(UInt)
    case unreadable
    case truncated
    case refused
  }

  /// `choices[0].message.content` of one chat completion.
  func complete(_ messages: [GroundedQuestions.Message], timeout: Duration) async throws -> String {
    let schema = try JSONSerialization.jsonObject(with: Data(GroundedQuestions.schema.utf8))
    let body: [String: Any] = [
      "model": settings.model, "temperature": 0.2,
      "messages": messages.map { ["role": $0.role, "content": $0.content] },
      "response_format": [
        "type": "json_schema", "json_schema": ["name": "quiz", "strict": true, "schema": schema],
      ],
    ]
    var request = HTTPClientRequest(url: settings.url)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    request.headers.add(name: "Accept", value: "application/json")
    if let key = settings.key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
    request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
    let response = try await client.execute(request, timeout: .nanoseconds(Int64(timeout.nanoseconds)))
    let bytes = try await response.body.collect(upTo: 1 << 20)
    guard response.status == .ok else { throw Failure.status(response.status.code) }
    guard let completion = try? JSONDecoder().decode(Completion.self, from: Data(buffer: bytes)),
      let choice = completion.choices.first
    else { throw Failure.unreadable }
    if choice.finish_reason == "length" { throw Failure.truncated }
    if choice.message.refusal != nil { throw Failure.refused }
    guard let content = choice.message.content else { throw Failure.unreadable }
    return content
  }

  private struct Completion: Decodable {
    struct Choice: Decodable {
      struct Message: Decodable {
        let content: String?
        let refusal: String?
      }

      let message: Message
      let finish_reason: String?
    }

    let choices: [Choice]
  }
}

extension Duration {
  /// The whole duration in nanoseconds.
  var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
}
