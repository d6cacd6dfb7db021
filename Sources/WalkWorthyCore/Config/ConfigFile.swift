#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The raw settings of a config file with the environment laid over it: `KEY=VALUE` lines, blank
/// lines and `#` comments, spaces around key and value ignored.
struct ConfigFile {
  private var values: [Config.Key: (value: String, source: ConfigError.Source)] = [:]

  static func settings(in text: String, overriddenBy environment: [String: String]) throws(ConfigError) -> ConfigFile {
    var file = ConfigFile()
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, rawLine) in lines.enumerated() {
      let line = rawLine.trimmed
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      guard let equals = line.firstIndex(of: "=") else { throw .malformedLine(line, line: index + 1) }
      let name = line[..<equals].trimmed
      guard let key = Config.Key(rawValue: name) else { throw .unknownKey(name, line: index + 1) }
      guard file.values[key] == nil else { throw .duplicateKey(name, line: index + 1) }
      file.values[key] = (line[line.index(after: equals)...].trimmed, .file(line: index + 1))
    }
    for key in Config.Key.allCases {
      if let value = environment[key.rawValue] { file.values[key] = (value.trimmed, .environment) }
    }
    return file
  }

  func choice<Choice: RawRepresentable & CaseIterable>(
    _ key: Config.Key, default fallback: Choice
  ) throws(ConfigError) -> Choice where Choice.RawValue == String {
    guard let (value, source) = values[key] else { return fallback }
    guard let choice = Choice(rawValue: value) else {
      throw .invalidValue(
        key: key.rawValue, value: value, allowed: Choice.allCases.map(\.rawValue), source: source)
    }
    return choice
  }

  func flag(_ key: Config.Key, default fallback: Bool) throws(ConfigError) -> Bool {
    guard let (value, source) = values[key] else { return fallback }
    switch value {
    case "true": return true
    case "false": return false
    default: throw .invalidValue(key: key.rawValue, value: value, allowed: ["true", "false"], source: source)
    }
  }

  func baseURL() throws(ConfigError) -> URL? {
    guard let (value, source) = values[.apiBaseURL], !value.isEmpty else { return nil }
    guard let url = URL(string: value), Config.isServerURL(url) else { throw .invalidBaseURL(value, source: source) }
    return url
  }
}
