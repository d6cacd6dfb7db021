import Configuration
import Testing

@testable import ServerKit

@Suite("Server configuration", .timeLimit(.minutes(5)))
struct ServerConfigurationTests {
  @Test("with no environment every value has a laptop default")
  func defaults() throws {
    let configuration = try ServerConfiguration(environment: [:])
    #expect(configuration == .defaults)
    #expect(configuration.host == "127.0.0.1" && configuration.port == 8080)
    #expect(configuration.databaseLocation == .sqliteFile(path: ".orchard/orchard.sqlite"))
  }

  @Test("ORCHARD_* variables override the defaults")
  func environment() throws {
    let configuration = try ServerConfiguration(environment: [
      "ORCHARD_HOST": "0.0.0.0", "ORCHARD_PORT": "9000", "ORCHARD_DATA_DIR": "/var/lib/orchard",
      "ORCHARD_DATABASE_URL": "postgres://orchard@db/orchard", "ORCHARD_LOG_LEVEL": "DEBUG",
    ])
    #expect(configuration.host == "0.0.0.0")
    #expect(configuration.port == 9000)
    #expect(configuration.logLevel == .debug)
    #expect(configuration.databaseLocation == .postgres(url: "postgres://orchard@db/orchard"))
  }

  @Test("any configuration provider keyed by the variables' names gives the same configuration")
  func provider() throws {
    let provider = InMemoryProvider(values: [
      ["ORCHARD_HOST"]: "0.0.0.0", ["ORCHARD_PORT"]: "9000", ["ORCHARD_TEST_DEVICE_CLOCK"]: "off",
      ["ORCHARD_METRICS_TOKEN"]: .init(stringLiteral: String(repeating: "m", count: 32)),
    ])
    let configuration = try ServerConfiguration(settings: Settings(reader: ConfigReader(provider: provider)))
    #expect(
      configuration
        == (try ServerConfiguration(environment: [
          "ORCHARD_HOST": "0.0.0.0", "ORCHARD_PORT": "9000", "ORCHARD_TEST_DEVICE_CLOCK": "off",
          "ORCHARD_METRICS_TOKEN": String(repeating: "m", count: 32),
        ])))
    #expect(configuration.port == 9000 && configuration.metricsToken?.count == 32)
  }

  @Test("an empty variable is the same as an unset one")
  func empty() throws {
    #expect(try ServerConfiguration(environment: ["ORCHARD_PORT": "", "ORCHARD_HOST": ""]) == .defaults)
  }

  @Test(
    "a malformed value is an error that names the variable",
    arguments: [
      ["ORCHARD_PORT": "eighty"], ["ORCHARD_PORT": "70000"], ["ORCHARD_LOG_LEVEL": "loud"],
      ["ORCHARD_DATABASE_URL": "mysql://x"], ["ORCHARD_TEST_DEVICE_CLOCK": "maybe"],
      ["ORCHARD_METRICS_PORT": "-1"], ["ORCHARD_IDLE_TIMEOUT": "0"],
    ])
  func malformed(environment: [String: String]) {
    #expect(throws: ConfigurationError.self) { try ServerConfiguration(environment: environment) }
    do {
      _ = try ServerConfiguration(environment: environment)
    } catch {
      #expect(error.description.contains(environment.keys.first!))
    }
  }

  @Test("the public origin, idle timeout, connection cap and metrics are read, and checked")
  func hardening() throws {
    let defaults = try ServerConfiguration(environment: [:])
    #expect(defaults.publicOrigin == nil && defaults.publicScheme == "http")
    #expect(defaults.idleTimeout == 30 && defaults.maxConnections == nil)
    #expect(defaults.metricsPort == nil && defaults.metricsToken == nil)
    let token = String(repeating: "k", count: 40)
    let configuration = try ServerConfiguration(environment: [
      "ORCHARD_PUBLIC_URL": "https://orchard.example/", "ORCHARD_IDLE_TIMEOUT": "10",
      "ORCHARD_MAX_CONNECTIONS": "500", "ORCHARD_METRICS_PORT": "9100", "ORCHARD_METRICS_TOKEN": token,
    ])
    #expect(configuration.publicOrigin?.description == "https://orchard.example")
    #expect(configuration.publicScheme == "https")
    #expect(configuration.idleTimeout == 10 && configuration.maxConnections == 500)
    #expect(configuration.metricsPort == 9100 && configuration.metricsToken == token)
    var remote = ServerConfiguration.defaults
    remote.host = "0.0.0.0"
    #expect(remote.publicScheme == "https")
    for bad in [
      ["ORCHARD_PUBLIC_URL": "orchard.example"], ["ORCHARD_PUBLIC_URL": "https://orchard.example/app"],
      ["ORCHARD_IDLE_TIMEOUT": "0"], ["ORCHARD_MAX_CONNECTIONS": "many"], ["ORCHARD_METRICS_PORT": "-1"],
      ["ORCHARD_METRICS_TOKEN": "short"],
    ] {
      #expect(throws: ConfigurationError.self, "\(bad)") { try ServerConfiguration(environment: bad) }
    }
  }

  @Test("only plain HTTP on a loopback address counts as a developer's machine")
  func loopback() {
    var configuration = ServerConfiguration.defaults
    for host in ["127.0.0.1", "localhost", "::1", "127.0.0.2"] {
      configuration.host = host
      #expect(configuration.servesPlainHTTPOnLoopback, "\(host)")
    }
    for host in ["0.0.0.0", "10.0.0.5", "orchard.example"] {
      configuration.host = host
      #expect(!configuration.servesPlainHTTPOnLoopback, "\(host)")
    }
  }

  @Test("test device clocks are on only when asked for, and only on loopback")
  func testDeviceClock() throws {
    #expect(try !ServerConfiguration(environment: [:]).testDeviceClock)
    #expect(try ServerConfiguration(environment: ["ORCHARD_TEST_DEVICE_CLOCK": "on"]).testDeviceClock)
    #expect(throws: ConfigurationError.self) {
      try ServerConfiguration(environment: ["ORCHARD_TEST_DEVICE_CLOCK": "sometimes"])
    }
    #expect(throws: ConfigurationError.self) {
      try ServerConfiguration(environment: ["ORCHARD_TEST_DEVICE_CLOCK": "1", "ORCHARD_HOST": "0.0.0.0"])
    }
    // A host given later (a command-line flag) is checked again.
    var configuration = try ServerConfiguration(environment: ["ORCHARD_TEST_DEVICE_CLOCK": "1"])
    configuration.host = "orchard.example"
    #expect(throws: ConfigurationError.self) { try configuration.validate() }
  }

  @Test("the build commit is a hash of 7 to 40 hex digits, or unset")
  func buildCommit() throws {
    #expect(try ServerConfiguration(environment: [:]).buildCommit == nil)
    #expect(try ServerConfiguration(environment: ["ORCHARD_BUILD_COMMIT": "E51BD9F"]).buildCommit == "e51bd9f")
    for bad in ["e51bd9", "not-a-commit", String(repeating: "a", count: 41)] {
      #expect(throws: ConfigurationError.self) { try ServerConfiguration(environment: ["ORCHARD_BUILD_COMMIT": bad]) }
    }
  }
}
