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
        FILE is the flash-card list that circulates for the book (a header `//當代中文/Book N/LNN-I` \
        or -II before each part of a lesson's list, then a word a line: characters, a tab, the reading \
        in tone marks or numbers with alternatives apart by /, a tab, and the gloss with its part of \
        speech in parentheses first), or a table saved as CSV with a header row naming its columns \
        (word, pinyin, lesson, book, and a gloss column per language). Each line that cannot be read \
        is left out and named with its number and why; the rest is imported.
        """)

    @Argument(help: "The word list to import.")
    var file: String

    @OptionGroup var options: ServerOptions

    func run() async throws {
      guard let bytes = FileManager.default.contents(atPath: file), let text = VocabularyImport.text(of: [UInt8](bytes))
      else {
        throw ValidationError("Cannot read \(file) as text (UTF-8, or UTF-16 with its byte-order mark).")
      }
      let outcome = try await withMigratedDatabase(options) { database in
        try await DangdaiImport.run(text, store: DangdaiStore(database: database.sql), at: Date())
      }
      let say = DangdaiTexts.all.localizer(.english)
      switch outcome {
      case .success(let report):
        for note in report.notes {
          FileHandle.standardError.write(
            Data("\(file):\(note.line): \(note.code.rawValue): \(say(note.message))\n".utf8))
        }
        for (book, parts) in Dictionary(grouping: report.otherLessons, by: \.book).sorted(by: { $0.key < $1.key }) {
          let words = parts.map(\.words).reduce(0, +)
          let lessons = Set(parts.map(\.lesson)).count
          print("Book \(book) is not one Dangdai teaches: its \(words) words, in \(lessons) lessons, were left out.")
        }
        for lesson in report.lessons { print("lesson \(lesson): \(report.words(in: lesson)) words") }
        print(
          "Imported \(report.words) words into \(report.lessons.count) lessons, from \(report.used) of the "
            + "\(report.lines) lines for them (\(report.skipped.count) left out). Running servers use them within a minute."
        )
      case .failure(let refusal):
        for note in refusal.notes {
          FileHandle.standardError.write(
            Data("\(file):\(note.line): \(note.code.rawValue): \(say(note.message))\n".utf8))
        }
        FileHandle.standardError.write(
          Data("\(refusal.code.rawValue): \(say(refusal.code.message)) Nothing was imported.\n".utf8))
        throw ExitCode(1)
      }
    }
  }
}
