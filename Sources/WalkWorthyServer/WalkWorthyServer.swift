import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import OrchardKit
import ServerKit
import WalkWorthyAPI
import WalkWorthyCore

/// WalkWorthy on the server: its JSON API under `/walkworthy/api/` and its tables. (The web
/// version, `WalkWorthyWeb`, owns the other `/walkworthy/` paths.)
public enum WalkWorthyServer {
  /// WalkWorthy's tables, after the platform's.
  public static let migrations = [SQLWalkWorthyDeviceRepository.migration]

  /// What route tests replace: the feed fetcher and the source of random choices.
  public struct Options: Sendable {
    public var calendarFeeds: any CalendarFeedFetcher
    public var random: RandomSource

    public init(calendarFeeds: any CalendarFeedFetcher = HTTPCalendarFeedFetcher(), random: RandomSource = .system) {
      self.calendarFeeds = calendarFeeds
      self.random = random
    }
  }

  /// Mounts the API. The document is public; every operation but device creation needs a token.
  public static func mount(
    on router: Router<AppRequestContext>, database: Database, clock: any WallClock, options: Options = Options(),
    logger: Logger = Logger(label: "walkworthy")
  ) throws {
    let spec = try WalkWorthyAPISpec.document()
    router.get("/walkworthy/api/openapi.yaml") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
        body: .init(byteBuffer: .init(bytes: spec)))
    }
    let stored = SQLWalkWorthyDeviceRepository(database: database.sql)
    // Only a database other servers may also write must be read on every request.
    let devices: any WalkWorthyDeviceRepository = database.isShared ? stored : RememberedDevices(stored)
    let service = WalkWorthyAPIService(
      devices: devices, calendars: CalendarLinker(devices: devices, fetcher: options.calendarFeeds, logger: logger),
      selector: EncouragementSelector(library: .bundled), clock: clock, random: options.random)
    // The most frequent call is written by hand before the OpenAPI layer (see FreshEncouragement).
    let api = router.group().add(middleware: FreshEncouragement(service: service))
    try service.registerHandlers(
      on: api,
      configuration: .init(dateTranscoder: WireDateTranscoder(), jsonEncodingOptions: [.withoutEscapingSlashes]),
      middlewares: [
        PlainHeaderValues(), BearerAuthentication(unauthorized: .unauthorized, device: devices.device(tokenHash:)),
        NoNullMembers(operations: ["linkCalendar", "updateSettings", "putProfile"]),
      ])
  }
}
