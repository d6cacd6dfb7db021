import Foundation
import Logging
import OrchardKit

/// Writes each log record as one JSON object on one line of standard error, so logs can be searched
/// and parsed without guessing at a text format.
///
/// Every request writes a line, so the line is built by hand (no `JSONEncoder`, no date formatter:
/// the time is ``WireTimestamp``'s) and written with a single system call.
public struct JSONLogHandler: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level
  let label: String

  public init(label: String, level: Logger.Level) {
    self.label = label
    self.logLevel = level
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
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
  }

  private static func append(_ key: String, _ value: Logger.Metadata.Value, to line: inout String) {
    line += ","
    appendQuoted(key, to: &line)
    line += ":"
    appendQuoted(value.description, to: &line)
  }

  static func appendQuoted(_ text: String, to line: inout String) { JSONString.append(text, to: &line) }
}
