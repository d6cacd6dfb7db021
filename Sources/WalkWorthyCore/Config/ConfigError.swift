/// A config file or environment the app cannot start with. `description` is the sentence to show.
public enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where a value came from.
  public enum Source: Sendable, Equatable, CustomStringConvertible {
    case file(line: Int)
    case environment

    public var description: String {
      switch self {
      case .file(let line): "config file line \(line)"
      case .environment: "environment"
      }
    }
  }

  /// A known key with a value outside the ones it allows.
  case invalidValue(key: String, value: String, allowed: [String], source: Source)
  case unknownKey(String, line: Int)
  case malformedLine(String, line: Int)
  case duplicateKey(String, line: Int)
  /// `API_MODE=live` without `API_BASE_URL`.
  case missingBaseURL
  /// `API_BASE_URL` is not an http(s) URL with a host; `source` is nil when it came from code.
  case invalidBaseURL(String, source: Source?)

  public var description: String {
    switch self {
    case .invalidValue(let key, let value, let allowed, let source):
      "\(key)=\(value) (\(source)) is not allowed: use one of \(allowed.joined(separator: ", "))"
    case .unknownKey(let key, let line):
      "config file line \(line): unknown key \(key); known keys are "
        + Config.Key.allCases.map(\.rawValue).joined(separator: ", ")
    case .malformedLine(let text, let line):
      "config file line \(line): \"\(text)\" is not KEY=VALUE"
    case .duplicateKey(let key, let line):
      "config file line \(line): \(key) is already set above"
    case .missingBaseURL:
      "API_MODE=live needs API_BASE_URL, the server's address (https://…)"
    case .invalidBaseURL(let value, let source):
      "API_BASE_URL=\(value)" + (source.map { " (\($0))" } ?? "") + " is not an http(s) URL with a host"
    }
  }
}
