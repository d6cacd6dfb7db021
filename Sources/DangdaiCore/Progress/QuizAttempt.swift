/// A quiz being taken: which questions are answered, and how. Every answer is kept as it is given
/// (the server stores each one at once), so a quiz interrupted at question 6 resumes at question 7
/// on any device, and an answer sent twice (a retry after a lost connection) counts once.
public struct QuizAttempt: Hashable, Sendable, Codable {
  public struct Answer: Hashable, Sendable, Codable {
    /// The client's id for this answer: the same id sent again is the same answer.
    public let id: String
    public let question: Int
    public let correct: Bool
  }

  /// What recording an answer did.
  public enum Recording: Hashable, Sendable {
    /// Kept: the first answer to that question.
    case recorded
    /// The same answer again (same id, same question): nothing changes.
    case repeated
    /// The question was already answered under another id, or the id was used for another
    /// question: refused, nothing changes.
    case conflict
    /// No such question.
    case outOfRange
  }

  public let questionCount: Int
  public private(set) var answers: [Answer] = []

  public init(questionCount: Int) {
    precondition(questionCount > 0, "a quiz has questions")
    self.questionCount = questionCount
  }

  public mutating func record(id: String, question: Int, correct: Bool) -> Recording {
    guard (0..<questionCount).contains(question) else { return .outOfRange }
    if let same = answers.first(where: { $0.id == id }) {
      return same.question == question && same.correct == correct ? .repeated : .conflict
    }
    guard !answers.contains(where: { $0.question == question }) else { return .conflict }
    answers.append(Answer(id: id, question: question, correct: correct))
    return .recorded
  }

  /// The first question not yet answered (where a resumed quiz continues); nil when all are.
  public var nextQuestion: Int? {
    let answered = Set(answers.map(\.question))
    return (0..<questionCount).first { !answered.contains($0) }
  }

  public var isFinished: Bool { answers.count == questionCount }

  /// The score so far (of every question once finished).
  public var score: QuizScore {
    QuizScore(correct: answers.filter(\.correct).count, total: questionCount)
  }
}
