import Foundation
import Logging
import OrchardKit
import Synchronization

/// Writes each log record as one JSON object on one line of standard error, so logs can be searched
/// and parsed without guessing at a text format.
///
/// Every request writes a line, so the line is built by hand (no `JSONEncoder`, no date formatter:
/// the time is ``WireTimestamp``'s) and handed to a ``LogOutput`` that writes lines in batches.
public struct JSONLogHandler: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level
  let label: String
  let output: LogOutput

  public init(label: String, level: Logger.Level, output: LogOutput = .standardError) {
    self.label = label
    self.logLevel = level
    self.output = output
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var line = "{\"time\":\""
    line += WireTimestamp.format(Date())
    line += "\",\"level\":\"\(event.level.rawValue)\",\"logger\":"
    Self.appendQuoted(label, to: &line)
    line += ",\"message\":"
    Self.appendQuoted(event.message.description, to: &line)
    let extra = event.metadata ?? [:]
    for (key, value) in metadata where extra[key] == nil { Self.append(key, value, to: &line) }
    for (key, value) in extra { Self.append(key, value, to: &line) }
    line += "}\n"
    output.write(line, now: event.level >= .warning)
  }

  private static func append(_ key: String, _ value: Logger.Metadata.Value, to line: inout String) {
    line += ","
    appendQuoted(key, to: &line)
    line += ":"
    appendQuoted(value.description, to: &line)
  }

  static func appendQuoted(_ text: String, to line: inout String) { JSONString.append(text, to: &line) }
}

/// Where log lines go, in batches: under load one system call carries a hundred request lines
/// instead of one each. A warning or worse is written at once, with every line queued before it;
/// quieter lines wait at most ``flushInterval`` (see ``startFlushing()``), and whatever is queued
/// is written when the process exits. Lines keep their order: a batch is written under the lock.
public final class LogOutput: Sendable {
  /// Standard error, flushed when the process exits.
  public static let standardError: LogOutput = {
    let output = LogOutput(descriptor: STDERR_FILENO)
    atexit { LogOutput.standardError.flush() }
    return output
  }()

  /// How much is queued before it is written at once.
  static let batchBytes = 16 * 1024
  /// How long a quiet server's line may wait.
  public static let flushInterval: Duration = .milliseconds(100)

  private let descriptor: Int32
  private let pending = Mutex<[UInt8]>([])
  private let flusher = Mutex<Task<Void, Never>?>(nil)

  public init(descriptor: Int32) { self.descriptor = descriptor }

  /// Queues a line; writes the queue now if `now` or if it has grown to a batch.
  public func write(_ line: String, now: Bool = false) {
    pending.withLock { queue in
      queue.append(contentsOf: line.utf8)
      if now || queue.count >= Self.batchBytes { drain(&queue) }
    }
  }

  /// Writes everything queued.
  public func flush() {
    pending.withLock { queue in if !queue.isEmpty { drain(&queue) } }
  }

  /// Writes the queue every ``flushInterval`` from now on (once; later calls do nothing).
  public func startFlushing() {
    flusher.withLock { task in
      guard task == nil else { return }
      task = Task.detached(priority: .utility) { [self] in
        while !Task.isCancelled {
          try? await Task.sleep(for: Self.flushInterval)
          flush()
        }
      }
    }
  }

  private func drain(_ queue: inout [UInt8]) {
    queue.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          break  // Nowhere left to say it: a log line is never worth stopping the server for.
        }
        offset += written
      }
    }
    queue.removeAll(keepingCapacity: true)
  }
}
