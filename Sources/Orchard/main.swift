import ArgumentParser
import Foundation
import Logging
import OrchardServer
import ServerKit

/// `orchard`: runs the Orchard server and its maintenance tasks.
@main
struct OrchardCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "orchard",
    abstract: "The Orchard server: five apps, their JSON APIs and their mobile web versions.",
    subcommands: [Serve.self, Migrate.self])
}

/// Flags shared by every command; each overrides its `ORCHARD_*` variable.
struct ServerOptions: ParsableArguments {
  @Option(help: "Interface to listen on (ORCHARD_HOST, default 127.0.0.1).")
  var host: String?

  @Option(help: "Port to listen on, 0 for any free port (ORCHARD_PORT, default 8080).")
  var port: Int?

  @Option(help: "Directory for the SQLite database (ORCHARD_DATA_DIR, default .orchard).")
  var dataDir: String?

  func configuration() throws -> ServerConfiguration {
    var configuration = try ServerConfiguration(environment: ProcessInfo.processInfo.environment)
    if let host { configuration.host = host }
    if let port {
      guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
      configuration.port = port
    }
    if let dataDir { configuration.dataDirectory = dataDir }
    try configuration.validate()
    return configuration
  }

  func logger(_ configuration: ServerConfiguration) -> Logger {
    LoggingSystem.bootstrap { JSONLogHandler(label: $0, level: configuration.logLevel) }
    var logger = Logger(label: "orchard")
    logger.logLevel = configuration.logLevel
    return logger
  }
}

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Migrate the database and serve every app until SIGINT or SIGTERM.")

  @OptionGroup var options: ServerOptions

  func run() async throws {
    let configuration = try options.configuration()
    let logger = options.logger(configuration)
    let app = try await buildApplication(configuration, dependencies: ServerDependencies(logger: logger)) { port in
      let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
      // Written straight to the file handle: print() is buffered when output is not a terminal.
      FileHandle.standardOutput.write(Data("Orchard is running at http://\(host):\(port)/  (Ctrl-C to stop)\n".utf8))
    }
    try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
  }
}

struct Migrate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Apply pending database migrations and exit.")

  @OptionGroup var options: ServerOptions

  func run() async throws {
    let configuration = try options.configuration()
    let logger = options.logger(configuration)
    let database = try await Database.open(configuration.databaseLocation, logger: logger)
    let applied = try await database.withRunningServices { database in
      try await orchardMigrations.run(on: database.sql, logger: logger)
    }
    try await database.close()
    print(
      applied.isEmpty ? "The database is up to date." : "Applied \(applied.count): \(applied.joined(separator: ", "))")
  }
}
