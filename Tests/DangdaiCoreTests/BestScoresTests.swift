import OrchardKit
import Testing

@testable import DangdaiCore

@Suite("A chapter's best scores, and what a finished quiz does to them", .timeLimit(.minutes(5)))
struct BestScoresTests {
  let lesson = LessonID(rawValue: 101)!

  func score(_ correct: Int, of total: Int) -> QuizScore { QuizScore(correct: correct, total: total) }

  @Test("a better score becomes the best of its kind; an equal or worse one changes nothing")
  func best() {
    var best = BestScores()
    #expect(best.finish(.vocabulary, on: lesson, scoring: score(6, of: 10)).raised)
    #expect(!best.finish(.vocabulary, on: lesson, scoring: score(5, of: 10)).raised)
    #expect(!best.finish(.vocabulary, on: lesson, scoring: score(12, of: 20)).raised)
    #expect(best.finish(.vocabulary, on: lesson, scoring: score(7, of: 10)).raised)
    #expect(best.finish(.grammar, on: lesson, scoring: score(0, of: 10)).raised, "a first score, even of none")
    #expect(best.percents == [lesson: [.vocabulary: 70, .grammar: 0]])
  }

  @Test("reviews never count toward mastery, and a quiz on no chapter moves nothing")
  func reviews() {
    #expect(QuizKind.allCases.filter(\.countsTowardMastery) == QuizKind.ofAChapter)
    var best = BestScores()
    #expect(best.finish(.review, on: lesson, scoring: score(10, of: 10)) == .unchanged)
    #expect(best.finish(.test, on: nil, scoring: score(10, of: 10)) == .unchanged)
    #expect(best.percents.isEmpty)
  }

  @Test("the finish that reaches the threshold is the chapter's first mastery; a later one is not")
  func firstMastery() {
    var best = BestScores()
    #expect(!best.finish(.vocabulary, on: lesson, scoring: score(10, of: 10)).firstMastery)
    #expect(!best.finish(.grammar, on: lesson, scoring: score(10, of: 10)).firstMastery)
    // Half the test after perfect drills reaches the threshold exactly.
    let half = best.finish(.test, on: lesson, scoring: score(10, of: 20))
    #expect(half.firstMastery)
    #expect(ChapterProgress(percents: best.percents[lesson] ?? [:]).completion == ChapterStatus.masteryThreshold)
    #expect(!best.finish(.test, on: lesson, scoring: score(20, of: 20)).firstMastery)
  }

  @Test("the best of quizzes finished in any order is the same")
  func anyOrder() {
    let finished: [(lesson: LessonID?, kind: QuizKind, score: QuizScore)] = [
      (lesson, .vocabulary, score(3, of: 10)), (lesson, .vocabulary, score(9, of: 10)), (nil, .review, score(7, of: 7)),
      (LessonID(rawValue: 102), .test, score(11, of: 20)), (lesson, .review, score(1, of: 1)),
    ]
    let forward = BestScores(finished: finished)
    #expect(forward == BestScores(finished: finished.reversed()))
    #expect(forward.percents == [lesson: [.vocabulary: 90], LessonID(rawValue: 102)!: [.test: 55]])
  }
}

@Suite("Points, history pages and the tips say the core's numbers", .timeLimit(.minutes(5)))
struct CoreNumbersTests {
  @Test("a learner's points and a quiz's points are one formula")
  func points() {
    for correct in [0, 1, 7, 20] {
      #expect(QuizScore.points(correctAnswers: correct) == correct * QuizScore.pointsPerCorrectAnswer)
      #expect(QuizScore(correct: correct, total: 20).points == QuizScore.points(correctAnswers: correct))
    }
  }

  @Test("a history page is one a client may ask for, and the dashboard shows fewer")
  func history() {
    #expect(QuizHistory.pageSizes.contains(QuizHistory.pageSize))
    #expect(QuizHistory.pageSizes.upperBound == QuizHistory.largestPage)
    #expect(QuizHistory.recentOnDashboard <= QuizHistory.pageSize)
  }

  @Test("the mastery tip names the core's threshold in every language, and the test weighs the most")
  func masteryTip() throws {
    let tip = try #require(DangdaiScreenText.tips.first { $0.key == .tipMastery })
    for language in DangdaiScreenTexts.all.languages {
      let catalog = try #require(DangdaiScreenTexts.all.catalogs.first { $0.language == language })
      let sentence = try #require(catalog.messages[.tipMastery])
      #expect(sentence.contains("{threshold}"), "\(language) takes the threshold as a value")
      #expect(!sentence.contains(String(ChapterStatus.masteryThreshold)), "\(language) restates it")
      let said = DangdaiScreenTexts.all.localizer(language)(tip)
      #expect(said.contains(String(ChapterStatus.masteryThreshold)), "\(language): \(said)")
    }
    let heaviest = ChapterProgress.weights.max { $0.value < $1.value }?.key
    #expect(heaviest == .test, "the tips say the chapter test counts the most")
  }

  @Test("chapters are book × 100 + lesson, for the books and lessons the core covers")
  func chapters() {
    #expect(LessonID.all.count == LessonID.books.count * LessonID.lessons.count)
    for book in LessonID.books {
      for number in LessonID.lessons {
        #expect(LessonID(book: book, number: number)?.rawValue == book * 100 + number)
      }
    }
    #expect(LessonID(rawValue: LessonID.books.upperBound * 100 + LessonID.lessons.upperBound + 1) == nil)
    #expect(LessonID(rawValue: LessonID.books.lowerBound * 100) == nil)
  }
}

@Suite("A verdict is kept as a code the core defines", .timeLimit(.minutes(5)))
struct VerdictCodeTests {
  @Test(
    "every final verdict is kept as its code and read back as itself",
    arguments: [
      Verdict.correct, .wrong, .toneError(syllables: [0, 2], sandhiHint: true),
      .toneError(syllables: [1], sandhiHint: false),
    ])
  func roundTrip(_ verdict: Verdict) throws {
    let code = try #require(verdict.code)
    #expect(Verdict(code: code, toneErrors: verdict.toneErrors, sandhiHint: verdict.sandhiHint) == verdict)
    #expect(code.isCorrect == verdict.isCorrect)
    #expect(DangdaiError(unjudged: verdict) == nil)
  }

  @Test("the codes are the API's: correct, wrong and tone_error")
  func codes() {
    #expect(Verdict.Code.allCases.map(\.rawValue) == ["correct", "wrong", "tone_error"])
    #expect(Verdict.Code.allCases.filter(\.isCorrect) == [.correct])
  }

  @Test("a verdict that judged nothing has no code, and is a refusal with its own")
  func unjudged() {
    #expect(Verdict.missingTones.code == nil && Verdict.unanswerable.code == nil)
    #expect(DangdaiError(unjudged: .missingTones) == .missingTones)
    #expect(DangdaiError(unjudged: .unanswerable) == .answerUnreadable)
    #expect(DangdaiError.missingTones.code == "MISSING_TONES")
  }

  @Test("refusal codes are stable: clients branch on them")
  func refusalCodes() {
    let codes: [(DangdaiError, String)] = [
      (.chapterNotFound, "CHAPTER_NOT_FOUND"), (.chapterRequired, "CHAPTER_REQUIRED"),
      (.quizNotFound, "QUIZ_NOT_FOUND"), (.alreadyAnswered, "ALREADY_ANSWERED"),
      (.quizNotFinished, "QUIZ_NOT_FINISHED"), (.nothingToReview, "NOTHING_TO_REVIEW"),
      (.answerUnreadable, "ANSWER_UNREADABLE"), (.questionNotFound, "QUESTION_NOT_FOUND"),
      (.invalidTimeZone, "INVALID_TIME_ZONE"), (.unsupportedLanguage, "UNSUPPORTED_LANGUAGE"),
      (.invalidRange, "INVALID_RANGE"), (.invalidCursor, "INVALID_CURSOR"), (.invalidPageSize, "BAD_REQUEST"),
      (.quota(.tooManyUnfinished(limit: 1)), "UNFINISHED_QUIZ_LIMIT"), (.quota(.full(limit: 1)), "QUIZ_QUOTA_REACHED"),
    ]
    for (error, code) in codes { #expect(error.code == code) }
  }
}
