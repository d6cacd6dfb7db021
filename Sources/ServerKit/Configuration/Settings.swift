import Configuration

/// The server's settings as it was started with them: `ORCHARD_*` environment variables, read
/// through one swift-configuration `ConfigReader`.
///
/// ``processEnvironment()`` is the one place the process environment is read; tests give the
/// same variables as a dictionary (or any `ConfigProvider`, such as an `InMemoryProvider` keyed
/// by the variables' names). Each part of the server reads its section from here once, at start,
/// into a typed configuration (``ServerConfiguration``, the identity's, the blob store's, each
/// app's) and names the variable in a ``ConfigurationError`` when a value cannot be used.
public struct Settings: Sendable {
  public let reader: ConfigReader

  public init(reader: ConfigReader) { self.reader = reader }

  /// Settings from `variables`, keyed by the variables' own names (`ORCHARD_PORT`).
  public init(_ variables: [String: String] = [:]) {
    self.init(
      reader: ConfigReader(
        provider: EnvironmentVariablesProvider(environmentVariables: variables, secretsSpecifier: Self.secrets)))
  }

  /// The variables the process was started with.
  public static func processEnvironment() -> Settings {
    Settings(reader: ConfigReader(provider: EnvironmentVariablesProvider(secretsSpecifier: secrets)))
  }

  /// Variables whose values never reach a log: keys, tokens, and URLs that may carry a password.
  static let secrets = SecretsSpecifier<String, String>.dynamic { name, _ in
    ["_KEY", "_TOKEN", "_SECRET", "_SECRET_KEY", "_DATABASE_URL", "_SMTP_URL"].contains { name.hasSuffix($0) }
  }

  /// `variable` exactly as it was given (an empty value too), nil when it is unset.
  public func value(_ variable: String) -> String? {
    reader.string(forKey: ConfigKey([variable]), isSecret: Self.secrets.isSecret(key: variable, value: ""))
  }

  /// `variable`, nil when it is unset or empty.
  public func string(_ variable: String) -> String? {
    value(variable).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `variable` as a whole number within `range`; nil when unset or empty.
  public func integer(
    _ variable: String, in range: ClosedRange<Int>, expected: String
  ) throws(ConfigurationError) -> Int? {
    guard let text = string(variable) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw ConfigurationError(variable: variable, value: text, expected: expected)
    }
    return value
  }

  /// `variable` as on (`1`, `on`, `true`, `yes`) or off (`0`, `off`, `false`, `no`); nil when unset
  /// or empty.
  public func flag(_ variable: String) throws(ConfigurationError) -> Bool? {
    guard let text = string(variable) else { return nil }
    switch text.lowercased() {
    case "1", "on", "true", "yes": return true
    case "0", "off", "false", "no": return false
    default: throw ConfigurationError(variable: variable, value: text, expected: "on or off")
    }
  }
}

extension Settings: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
