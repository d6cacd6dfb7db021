import Foundation
import Logging

/// Writes each log record as one JSON object on one line of standard error, so logs can be searched
/// and parsed without guessing at a text format.
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
    var record: [String: String] = [
      "time": Date().formatted(.iso8601), "level": event.level.rawValue, "logger": label,
      "message": event.message.description,
    ]
    for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
      record[key] = value.description
    }
    guard var line = try? JSONEncoder.sortedKeys.encode(record) else { return }
    line.append(0x0A)
    FileHandle.standardError.write(line)
  }
}

extension JSONEncoder {
  fileprivate static var sortedKeys: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
