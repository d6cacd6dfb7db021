import ArgumentParser
import DangdaiServer
import Foundation
import Logging
import MIGACore
import MIGAServer
import OrchardDatabase
import OrchardIdentity
import OrchardJobs
import OrchardKit
import OrchardServer
import ServerKit
import WalkWorthyServer

/// `orchard`: runs the Orchard server and its maintenance tasks.
@main
struct OrchardCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "orchard",
    abstract: "The Orchard server: five apps, their JSON APIs and their mobile web versions.",
    subcommands: [
      Serve.self, Migrate.self, JobsCommand.self, MIGACommand.self, DangdaiCommand.self, WearbloomCommand.self,
    ])

  /// The variables the process was started with: read here, once, and handed to every part.
  static let settings = Settings.processEnvironment()
}

/// Flags shared by every command; each overrides its `ORCHARD_*` variable.
struct ServerOptions: ParsableArguments {
  @Option(help: "Interface to listen on (ORCHARD_HOST, default 127.0.0.1).")
  var host: String?

  @Option(help: "Port to listen on, 0 for any free port (ORCHARD_PORT, default 8080).")
  var port: Int?

  @Option(help: "Directory for the SQLite database (ORCHARD_DATA_DIR, default .orchard).")
  var dataDir: String?

  /// The variables the process was started with.
  var settings: Settings { OrchardCommand.settings }

  func configuration() throws -> ServerConfiguration {
    var configuration = try ServerConfiguration(settings: settings)
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
    LogOutput.standardError.startFlushing()
    var logger = Logger(label: "orchard")
    logger.logLevel = configuration.logLevel
    return logger
  }
}

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Migrate the database and serve every app until SIGINT or SIGTERM.")

  @OptionGroup var options: ServerOptions

  @Option(help: "The origin people reach the server by, such as https://orchard.example (ORCHARD_PUBLIC_URL).")
  var publicURL: String?

  @Option(help: "Seconds before an idle or slow connection is closed (ORCHARD_IDLE_TIMEOUT, default 30).")
  var idleTimeout: Int?

  @Option(help: "Connections served at once (ORCHARD_MAX_CONNECTIONS, default 16384 or what the fd limit allows).")
  var maxConnections: Int?

  @Option(help: "A loopback port serving /metrics (ORCHARD_METRICS_PORT; unset, none).")
  var metricsPort: Int?

  @Option(
    help: "A reverse proxy's address, whose X-Forwarded-For is believed; repeat for each (ORCHARD_TRUSTED_PROXY).")
  var trustedProxy: [String] = []

  /// The shared options with this command's own on top, checked again as a whole.
  func configuration() throws -> ServerConfiguration {
    var configuration = try options.configuration()
    if let publicURL {
      configuration.publicOrigin = try ServerConfiguration.publicOrigin(publicURL, variable: "--public-url")
    }
    if let idleTimeout {
      guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be 1 to 3600 seconds") }
      configuration.idleTimeout = idleTimeout
    }
    if let maxConnections {
      guard maxConnections >= 1 else { throw ValidationError("--max-connections must be at least 1") }
      configuration.maxConnections = maxConnections
    }
    if let metricsPort {
      guard (0...65535).contains(metricsPort) else { throw ValidationError("--metrics-port must be 0 to 65535") }
      configuration.metricsPort = metricsPort
    }
    if !trustedProxy.isEmpty {
      configuration.trustedProxies = try ServerConfiguration.addresses(
        trustedProxy.joined(separator: ","), variable: "--trusted-proxy")
    }
    try configuration.validate()
    return configuration
  }

  func run() async throws {
    let configuration = try configuration()
    let logger = options.logger(configuration)
    let settings = options.settings
    let webAPI = try WalkWorthyApp.webAPI(settings: settings)
    let languageModel = try LanguageModelSettings.from(environment: settings)
    // The one place the server's randomness comes from, handed to every part that draws.
    let random = RandomSource(SystemRandomNumberGenerator())
    let app = try await buildApplication(
      configuration, identity: try IdentityHub(settings: try IdentitySettings(settings: settings), random: random),
      apps: {
        orchardApps(
          walkWorthy: WalkWorthyApp(webAPI: webAPI), languageModel: languageModel, settings: settings, identity: $0)
      },
      dependencies: ServerDependencies(random: random, logger: logger, settings: settings)
    ) { port in
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
      try await orchardMigrations(random: RandomSource(SystemRandomNumberGenerator())).run(
        on: database.sql, logger: logger)
    }
    try await database.close()
    print(
      applied.isEmpty ? "The database is up to date." : "Applied \(applied.count): \(applied.joined(separator: ", "))")
  }
}

/// `orchard miga …`: MIGA's maintenance tasks.
struct MIGACommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "miga", abstract: "MIGA's maintenance tasks.", subcommands: [MIGAContentCommand.self])
}

/// `orchard miga content …`: the library the API serves as deltas.
struct MIGAContentCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "content", abstract: "Import, retire and list MIGA's content library.",
    subcommands: [Import.self, Retire.self, List.self])

  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make the stored library exactly a library.json: add, update, and retire what it no longer has.")

    @Option(help: "A library.json to import (default: the library bundled with this build).")
    var file: String?

    @OptionGroup var options: ServerOptions

    func run() async throws {
      let library = try file.map { try ContentLibrary.decode(Data(contentsOf: URL(fileURLWithPath: $0))) }
      let report = try await withMIGAContent(options) { importer, _ in
        try await importer.importLibrary(
          library ?? MIGAApp.bundledLibrary(), retireMissing: true, at: Date())
      }
      print(report.describedInFull)
    }
  }

  struct Retire: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Retire items: clients delete them at their next sync.")

    @Argument(help: "The ids of the items to retire.")
    var ids: [String]

    @OptionGroup var options: ServerOptions

    func validate() throws {
      if ids.isEmpty { throw ValidationError("Name at least one item to retire.") }
    }

    func run() async throws {
      let report = try await withMIGAContent(options) { importer, _ in try await importer.retire(ids, at: Date()) }
      print(report.describedInFull)
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every stored item: id, sequence, state.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
      let rows = try await withMIGAContent(options) { _, repository in try await repository.list() }
      for row in rows { print("\(row.id)\t\(row.seq)\t\(row.isRetired ? "retired" : "live")") }
      print("\(rows.filter { !$0.isRetired }.count) live, \(rows.filter(\.isRetired).count) retired")
    }
  }
}

/// Opens and migrates the configured database, then runs `body` with MIGA's content importer.
private func withMIGAContent<R: Sendable>(
  _ options: ServerOptions,
  _ body: @Sendable (ContentImporter, SQLMIGAContentStore) async throws -> R
) async throws -> R {
  try await withMigratedDatabase(options) { database in
    let repository = SQLMIGAContentStore(database: database.sql)
    return try await body(ContentImporter(repository: repository), repository)
  }
}

/// Opens and migrates the configured database, runs `body`, and closes it.
func withMigratedDatabase<R: Sendable>(
  _ options: ServerOptions, _ body: @Sendable (Database) async throws -> R
) async throws -> R {
  let configuration = try options.configuration()
  let logger = options.logger(configuration)
  let database = try await Database.open(configuration.databaseLocation, logger: logger)
  do {
    let result = try await database.withRunningServices { database in
      try await orchardMigrations(random: RandomSource(SystemRandomNumberGenerator())).run(
        on: database.sql, logger: logger)
      return try await body(database)
    }
    try await database.close()
    return result
  } catch {
    try? await database.close()
    throw error
  }
}

extension ContentImportReport {
  /// The summary line, then each changed id by what happened to it.
  fileprivate var describedInFull: String {
    var lines = [summary]
    for (label, ids) in [("added", added), ("updated", updated), ("retired", retired)] where !ids.isEmpty {
      lines.append("\(label): \(ids.joined(separator: " "))")
    }
    return lines.joined(separator: "\n")
  }
}
