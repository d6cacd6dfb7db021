import Foundation
import Hummingbird
import MIGAAPI
import MIGACore
import OpenAPIHummingbird
import OpenAPIRuntime
import OrchardKit
import SQLKit
import ServerKit

/// MIGA on the server: its JSON API under `/miga/api/`, its tables and its content library.
public enum MIGAServer {
  /// MIGA's tables, after the platform's.
  public static let migrations = [
    SQLMIGADeviceRepository.migration,
    SQLMIGAContentRepository.migration,
    SQLMIGAEventRepository.migration,
  ]

  /// The library this build ships (`Content/library.json`).
  public static func bundledLibrary() throws -> ContentLibrary {
    guard let url = Bundle.module.url(forResource: "library", withExtension: "json", subdirectory: "Content") else {
      throw ContentImportError.missingBundledLibrary
    }
    return try ContentLibrary.decode(Data(contentsOf: url))
  }

  /// Brings the stored library up to this build's: adds new items and rewrites changed ones, and
  /// never retires (only `orchard miga content import` does), so an older build starting against
  /// a database a newer one filled takes nothing away. Idempotent: an unchanged library writes
  /// nothing and moves no cursor. Runs before the server accepts requests.
  @discardableResult
  public static func seed(database: Database, clock: any WallClock) async throws -> ContentImportReport {
    try await ContentImporter(repository: SQLMIGAContentRepository(database: database.sql))
      .importLibrary(try bundledLibrary(), retireMissing: false, at: clock.now)
  }

  /// Mounts MIGA's routes. The API document is public; every API operation but device creation
  /// needs a device token.
  public static func mount(
    on router: Router<AppRequestContext>, database: Database, clock: any WallClock
  ) throws {
    let spec = try MIGAAPISpec.document()
    router.get("/miga/api/openapi.yaml") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
        body: .init(byteBuffer: .init(bytes: spec)))
    }
    let devices = SQLMIGADeviceRepository(database: database.sql)
    let content = SQLMIGAContentRepository(database: database.sql)
    let contentState = ContentStateCache(repository: content)
    let service = MIGAAPIService(
      devices: devices, content: content, contentState: contentState,
      events: SQLMIGAEventRepository(database: database.sql), clock: clock,
      config: try RemoteConfig(credit: try bundledLibrary().credit))
    let api = router.group().add(middleware: UpToDateContent(devices: devices, contentState: contentState))
    try service.registerHandlers(
      on: api, configuration: .init(jsonEncodingOptions: [.withoutEscapingSlashes]),
      middlewares: [
        PlainHeaderValues(), BearerAuthentication(unauthorized: .unauthorized, device: devices.device(tokenHash:)),
        NoNullMembers(operations: ["uploadEvents"]),
      ])

    // The web version (`MIGAWeb`, Sources/MIGAServer/Web/) owns every other `/miga/` path.
  }
}
