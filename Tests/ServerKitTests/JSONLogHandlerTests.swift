import Foundation
import Logging
import OrchardKit
import Testing

@testable import ServerKit

/// Log lines as JSON, written in ordered batches: what a reader of the log gets, and when.
@Suite("Log lines", .timeLimit(.minutes(5)))
struct JSONLogHandlerTests {
  /// A pipe whose read end never blocks: what has been written so far, and nothing more.
  final class Captured {
    let pipe = Pipe()
    let output: LogOutput

    init() {
      output = LogOutput(descriptor: pipe.fileHandleForWriting.fileDescriptor)
      let reader = pipe.fileHandleForReading.fileDescriptor
      _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
    }

    var logger: Logger {
      let output = output
      return Logger(label: "orchard") { JSONLogHandler(label: $0, level: .info, output: output) }
    }

    func written() -> String {
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes {
          read(pipe.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count)
        }
        guard count > 0 else { break }
        bytes += chunk[0..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// The JSON objects written so far, one a line.
    func objects() throws -> [[String: String]] {
      try written().split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
      }
    }
  }

  @Test("a line is one JSON object with its time, level, logger, message and metadata, escaped")
  func oneObject() throws {
    let captured = Captured()
    captured.logger.info("a \"quoted\"\nmessage", metadata: ["path": "/miga/", "status": "200"])
    captured.output.flush()
    let objects = try captured.objects()
    #expect(objects.count == 1)
    let object = try #require(objects.first)
    #expect(object["level"] == "info" && object["logger"] == "orchard")
    #expect(object["message"] == "a \"quoted\"\nmessage")
    #expect(object["path"] == "/miga/" && object["status"] == "200")
    #expect(object["time"].flatMap(WireTimestamp.parse) != nil)
  }

  @Test("quiet lines wait for a flush; a warning goes out at once, after every line before it")
  func warningsAtOnce() throws {
    let captured = Captured()
    captured.logger.info("first")
    captured.logger.info("second")
    #expect(captured.written().isEmpty)
    captured.logger.warning("third")
    #expect(try captured.objects().map { $0["message"] } == ["first", "second", "third"])
    captured.logger.info("fourth")
    captured.output.flush()
    #expect(try captured.objects().map { $0["message"] } == ["fourth"])
  }

  @Test("a full batch is written without waiting")
  func fullBatch() {
    let captured = Captured()
    let line = String(repeating: "x", count: 99) + "\n"
    let fit = LogOutput.batchBytes / line.utf8.count
    for _ in 0..<fit { captured.output.write(line) }
    #expect(captured.written().isEmpty)
    captured.output.write(line)
    #expect(captured.written() == String(repeating: line, count: fit + 1))
  }

  @Test("every line arrives once and in order, from many tasks at once")
  func manyWriters() async throws {
    let captured = Captured()
    let output = captured.output
    // About 24 KB: more than a batch, less than the pipe holds, so no writer waits on a reader.
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        group.addTask {
          for line in 0..<1_000 { output.write("\(writer) \(line)\n") }
        }
      }
    }
    output.flush()
    let lines = captured.written().split(separator: "\n")
    #expect(lines.count == 4_000)
    for writer in 0..<4 {
      let own = lines.filter { $0.hasPrefix("\(writer) ") }.compactMap { Int($0.split(separator: " ")[1]) }
      #expect(own == Array(0..<1_000), "writer \(writer)")
    }
  }
}
