import ArgumentParser
import DangdaiCore
import DangdaiServer
import Foundation
import ServerKit

/// `orchard dangdai …`: Dangdai's maintenance tasks.
struct DangdaiCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dangdai", abstract: "Dangdai's maintenance tasks.", subcommands: [Import.self])

  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Import the book's own word lists, which then replace those lessons' companion words in quizzes.",
      discussion: """
        FILE is the common flash-card format: a header `//當代中文/Book N/LNN-I` (or -II) before each \
        part of a lesson's list, then one word a line: characters, a tab, the reading (tone marks or \
        numbers; alternatives separated by /), a tab, and the gloss with its part of speech in \
        parentheses first. The whole file is imported or, if any line is wrong, none of it.
        """)

    @Argument(help: "The word list to import.")
    var file: String

    @OptionGroup var options: ServerOptions

    func run() async throws {
      let text: String
      do {
        text = try String(contentsOfFile: file, encoding: .utf8)
      } catch {
        throw ValidationError("Cannot read \(file) as UTF-8 text.")
      }
      let outcome = try await withMigratedDatabase(options) { database in
        try await DangdaiImport.run(text, store: DangdaiStore(database: database.sql), at: Date())
      }
      switch outcome {
      case .success(let summary):
        for (lesson, count) in summary.words.sorted(by: { $0.key < $1.key }) {
          print("lesson \(lesson): \(count) words")
        }
        let total = summary.words.values.reduce(0, +)
        print("Imported \(total) words into \(summary.words.count) lessons; running servers use them within a minute.")
      case .failure(let refusal):
        for problem in refusal.problems {
          FileHandle.standardError.write(
            Data("\(file):\(problem.line): \(problem.code.rawValue): \(problem.code.explanation)\n".utf8))
        }
        FileHandle.standardError.write(Data("Nothing was imported.\n".utf8))
        throw ExitCode(1)
      }
    }
  }
}

extension VocabularyImport.Problem.Code {
  /// What the operator reads for each refusal.
  var explanation: String {
    switch self {
    case .malformedHeader: "a header is written //當代中文/Book N/LNN-I or -II"
    case .lessonOutOfRange: "the app covers Books 1 and 2, lessons 1 to 15"
    case .itemBeforeHeader: "a word comes before any lesson header"
    case .missingColumns: "a word needs its characters, its reading and its gloss, separated by tabs"
    case .notChinese: "the first column holds Chinese characters only"
    case .unreadableReading: "the reading is not pinyin"
    case .readingDoesNotFit: "the reading does not give each character its syllable"
    case .missingGloss: "the gloss is missing"
    case .duplicate: "this word is already in this lesson's list"
    case .empty: "the file has no words"
    }
  }
}
