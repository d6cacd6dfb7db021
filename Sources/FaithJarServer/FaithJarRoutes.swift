import FaithJarCore
import Foundation
import Hummingbird
import OrchardKit
import SQLKit
import ServerKit

/// Faith Jar's web version under `/faith-jar/`: every screen works as plain HTML forms and links.
public enum FaithJarServer {
  /// Faith Jar's tables, after the platform's.
  public static let migrations = [SQLFaithJarRepository.migration]

  public static let tokens = FaithJarTheme.tokens

  /// Faith Jar's stylesheets and scripts.
  public static func assets() throws -> AssetCatalog {
    guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Public") else {
      throw AssetError.missingBundle
    }
    return try AssetCatalog.load(from: directory)
  }

  /// Mounts the routes behind the device middleware (every screen is per-visitor).
  public static func mount(
    on router: Router<AppRequestContext>, database: Database, devices: DeviceMiddleware, clock: any WallClock,
    pages: PageRenderer, testDeviceClock: Bool = false, library: VerseLibrary = .bundled
  ) throws {
    guard let worker = Bundle.module.url(forResource: "sw", withExtension: "js", subdirectory: "ServiceWorker") else {
      throw AssetError.missingBundle
    }
    let routes = FaithJarRoutes(
      library: library, repository: SQLFaithJarRepository(database: database.sql, shared: database.isShared),
      clock: clock,
      testDeviceClock: testDeviceClock, pages: pages, serviceWorker: ByteBuffer(bytes: try Data(contentsOf: worker)),
      versePages: RenderedPages(renderer: pages))
    routes.register(on: router.group("/faith-jar").add(middleware: devices))
  }
}

struct FaithJarRoutes: Sendable {
  let library: VerseLibrary
  let repository: any FaithJarRepository
  let clock: any WallClock
  /// Whether visitors may move their device's clock (tests only; the configuration refuses it
  /// off loopback).
  let testDeviceClock: Bool
  let pages: PageRenderer
  let serviceWorker: ByteBuffer
  /// Verse screens are the same for everyone with the same verse, translation and mark: the most
  /// viewed page is rendered once.
  let versePages: RenderedPages<VersePageKey>

  func register(on group: RouterGroup<AppRequestContext>) {
    group.get("/", use: home)
    group.post("/welcome", use: completeOnboarding)
    group.get("/verse/:emotion", use: verse)
    group.post("/verse/:emotion/next", use: nextVerse)
    group.post("/translation", use: chooseTranslation)
    group.get("/favourites", use: favourites)
    group.post("/favourites/:verse", use: setFavourite)
    group.get("/paywall", use: paywall)
    group.post("/purchase/:plan", use: purchase)
    group.post("/restore", use: restore)
    group.post("/test-store/:action", use: testStore)
    if testDeviceClock { group.post("/test-clock/:action", use: moveDeviceClock) }
    group.get("/about") { _, _ in pages.response(FaithJarPages.about()) }
    group.get("/support") { _, _ in pages.response(FaithJarPages.support()) }
    group.get("/offline", use: offlineShell)
    group.get("/offline.json", use: offlineVerses)
    group.post("/offline-reads", use: recordOfflineReads)
    // A stable address (not hashed): the browser checks it for updates, so it is never cached long.
    group.get("/sw.js") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
        body: .init(byteBuffer: serviceWorker))
    }
  }

  // MARK: Offline

  @Sendable func offlineShell(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let emotion = request.uri.queryParameters.get("emotion").flatMap(Emotion.init(rawValue:)) else {
      throw OrchardError.notFound
    }
    let visit = try await Visit(context: context, routes: self)
    guard visit.access.grantsAccess else { return redirect(FaithJarPath.paywall) }
    return pages.response(FaithJarPages.offlineVerse(emotion, translation: visit.record.state.translation))
  }

  /// This device's next verses for every feeling, in its translation, for reading offline.
  @Sendable func offlineVerses(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await Visit(context: context, routes: self)
    guard visit.access.grantsAccess else {
      throw OrchardError(
        status: .forbidden, code: "ACCESS_ENDED", title: "Your free week has ended",
        detail: "Subscribe to keep verses for offline reading.")
    }
    var generator = SystemRandomNumberGenerator()
    let state = visit.record.state
    let queue = state.offlineQueue(from: library, using: &generator)
    let translation = state.translation
    var verses: [String: OfflineVerse] = [:]
    for verse in queue.values.joined() {
      verses[verse.id] = OfflineVerse(
        text: verse.text(in: translation), reference: "\u{2014} \(verse.displayReference)",
        explanation: verse.explanation)
    }
    let payload = OfflinePayload(
      translation: translation.rawValue, abbreviation: translation.abbreviation, name: translation.name,
      shown: Dictionary(uniqueKeysWithValues: state.shown.map { ($0.rawValue, $1) }),
      queue: Dictionary(uniqueKeysWithValues: queue.map { ($0.rawValue, $1.map(\.id)) }), verses: verses)
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "private, no-store"],
      body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(payload))))
  }

  /// What the device read while offline, sent when it is back: `{"reads": {"anxiety": [ids…]}}`.
  /// The decks carry on after those verses, so none of them comes again straight away.
  @Sendable func recordOfflineReads(_ request: Request, context: AppRequestContext) async throws -> Response {
    struct Body: Decodable { let reads: [String: [String]] }
    let buffer = try await request.body.collect(upTo: 64 * 1024)
    guard let body = try? JSONDecoder().decode(Body.self, from: Data(buffer: buffer)) else {
      throw OrchardError.badRequest(
        "Send the verses read offline as {\"reads\": {\"<feeling>\": [\"<verse id>\", …]}}.", code: "BAD_OFFLINE_READS")
    }
    var reads: [Emotion: [String]] = [:]
    for (name, ids) in body.reads {
      guard let emotion = Emotion(rawValue: name) else {
        throw OrchardError.badRequest("\(name) is not one of Faith Jar's feelings.", code: "UNKNOWN_EMOTION")
      }
      reads[emotion] = ids
    }
    try await update(context) { record, _ in
      var generator = SystemRandomNumberGenerator()
      record.state.recordOfflineReads(reads, from: library, using: &generator)
    }
    return Response(status: .noContent)
  }

  // MARK: Screens

  @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await Visit(context: context, routes: self)
    guard visit.record.state.onboardingCompleted else {
      let page = request.uri.queryParameters.get("page", as: Int.self) ?? 1
      guard (1...OnboardingPage.all.count).contains(page) else { throw OrchardError.notFound }
      return pages.response(FaithJarPages.onboarding(page: page - 1))
    }
    guard visit.access.grantsAccess else { return redirect(FaithJarPath.paywall) }
    return pages.response(
      FaithJarPages.emotionList(EmotionListScreen(access: visit.access), translation: visit.record.state.translation))
  }

  @Sendable func verse(_ request: Request, context: AppRequestContext) async throws -> Response {
    let emotion = try emotion(in: context)
    let visit = try await Visit(context: context, routes: self)
    guard visit.access.grantsAccess else { return redirect(FaithJarPath.paywall) }
    let state = visit.record.state
    // Reached without drawing first (a bookmark): the emotion list offers the feeling again.
    guard let verse = state.currentVerse(for: emotion, in: library) else { return redirect(FaithJarPath.root) }
    let screen = VerseScreen(
      emotion: emotion, verse: verse, translation: state.translation, isFavourite: state.isFavourite(verse.id))
    let key = VersePageKey(
      emotion: emotion, verse: verse.id, translation: screen.translation, isFavourite: screen.isFavourite)
    return versePages.response(for: key) { FaithJarPages.verse(screen) }
  }

  @Sendable func favourites(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await Visit(context: context, routes: self)
    guard visit.access.grantsAccess else { return redirect(FaithJarPath.paywall) }
    let verses = visit.record.state.favourites.compactMap(library.verse(id:))
    return pages.response(FaithJarPages.favourites(verses, translation: visit.record.state.translation))
  }

  @Sendable func paywall(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await Visit(context: context, routes: self)
    let notice = request.uri.queryParameters.get("notice").flatMap(PaywallNotice.init(rawValue:))?.text
    return pages.response(
      FaithJarPages.paywall(
        PaywallScreen(access: visit.access), access: visit.access, store: visit.record.store,
        clockShift: testDeviceClock ? visit.record.clockShift ?? 0 : nil, notice: notice))
  }

  // MARK: Actions (POST, then see-other to a page)

  @Sendable func completeOnboarding(_ request: Request, context: AppRequestContext) async throws -> Response {
    try await update(context) { record, now in
      record.state.onboardingCompleted = true
      record.state.launch(at: now)
    }
    return redirect(FaithJarPath.root)
  }

  @Sendable func nextVerse(_ request: Request, context: AppRequestContext) async throws -> Response {
    let emotion = try emotion(in: context)
    let visit = try await Visit(context: context, routes: self)
    guard visit.access.grantsAccess else { return redirect(FaithJarPath.paywall) }
    // The record was just read to decide access: change that copy rather than reading it again.
    var record = visit.record
    var generator = SystemRandomNumberGenerator()
    let now = visit.now
    record.state.launch(at: now)
    record.state.drawVerse(for: emotion, from: library, using: &generator)
    try await repository.save(record, for: Self.device(context), at: clock.now)
    return redirect(FaithJarPath.verse(emotion))
  }

  @Sendable func chooseTranslation(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request)
    guard let translation = form["translation"].flatMap(Translation.init(rawValue:)) else {
      throw OrchardError.badRequest(
        "Choose one of the translations offered: BSB, KJV or WEB.", code: "UNKNOWN_TRANSLATION")
    }
    try await update(context) { record, _ in record.state.translation = translation }
    return redirect(Self.localReturn(form["return"]))
  }

  @Sendable func setFavourite(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let id = context.parameters.get("verse"), library.verse(id: id) != nil else { throw OrchardError.notFound }
    let form = try await FormFields(request)
    guard let flag = form["favourite"], flag == "0" || flag == "1" else {
      throw OrchardError.badRequest("Say whether to save the verse or remove it.", code: "BAD_FAVOURITE")
    }
    try await update(context) { record, _ in record.state.setFavourite(id, flag == "1") }
    return redirect(Self.localReturn(form["return"]))
  }

  @Sendable func purchase(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let plan = context.parameters.get("plan").flatMap(Plan.init(rawValue:)) else { throw OrchardError.notFound }
    var outage = false
    try await update(context) { record, now in
      outage = record.store.isOutage
      if !outage { record.store.buy(plan, at: now) }
    }
    return redirect(outage ? FaithJarPath.paywall + "?notice=unavailable" : FaithJarPath.root)
  }

  @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await Visit(context: context, routes: self)
    switch visit.access {
    case .providerUnavailable: return redirect(FaithJarPath.paywall + "?notice=unavailable")
    case .subscribed: return redirect(FaithJarPath.root)
    case .trial, .expired: return redirect(FaithJarPath.paywall + "?notice=nothing-to-restore")
    }
  }

  @Sendable func testStore(_ request: Request, context: AppRequestContext) async throws -> Response {
    let change: @Sendable (inout TestStoreLedger, Date) -> Void
    switch context.parameters.get("action") {
    case "cancel": change = { $0.cancel(at: $1) }
    case "expire": change = { $0.expire(at: $1) }
    case "refund": change = { $0.refund(at: $1) }
    case "outage": change = { store, _ in store.isOutage.toggle() }
    default: throw OrchardError.notFound
    }
    try await update(context) { record, now in change(&record.store, now) }
    return redirect(FaithJarPath.paywall)
  }

  /// Moves this device's clock, as a tester would on a phone: forward to reach the end of the free
  /// week, back to prove that turning the clock back never extends it.
  @Sendable func moveDeviceClock(_ request: Request, context: AppRequestContext) async throws -> Response {
    let day: TimeInterval = 24 * 60 * 60
    let change: @Sendable (TimeInterval) -> TimeInterval
    switch context.parameters.get("action") {
    case "forward-day": change = { $0 + day }
    case "forward-week": change = { $0 + 7 * day }
    case "back-day": change = { $0 - day }
    case "reset": change = { _ in 0 }
    default: throw OrchardError.notFound
    }
    let device = try Self.device(context)
    var record = try await repository.load(device)
    record.clockShift = change(record.clockShift ?? 0)
    let now = now(for: record)
    // The app notices the new time the way it would on a phone: at the next launch.
    record.state.launch(at: now)
    try await repository.save(record, for: device, at: clock.now)
    return redirect(FaithJarPath.paywall)
  }

  // MARK: Helpers

  func emotion(in context: AppRequestContext) throws -> Emotion {
    guard let emotion = context.parameters.get("emotion").flatMap(Emotion.init(rawValue:)) else {
      throw OrchardError.notFound
    }
    return emotion
  }

  func update(_ context: AppRequestContext, _ change: (inout FaithJarRecord, Date) -> Void) async throws {
    let device = try Self.device(context)
    var record = try await repository.load(device)
    let now = now(for: record)
    change(&record, now)
    try await repository.save(record, for: device, at: clock.now)
  }

  /// The time on this visitor's device: the server's clock, moved by the tester's shift when test
  /// device clocks are on.
  func now(for record: FaithJarRecord) -> Date {
    guard testDeviceClock, let shift = record.clockShift else { return clock.now }
    return clock.now.addingTimeInterval(shift)
  }

  static func device(_ context: AppRequestContext) throws -> IdempotencyID {
    guard let device = context.device else { throw OrchardError.internalError }
    return device.id
  }

  func redirect(_ location: String) -> Response { Response(status: .seeOther, headers: [.location: location]) }

  /// Only a path inside Faith Jar may be returned to, never another site.
  static func localReturn(_ value: String?) -> String {
    guard let value, value.hasPrefix(FaithJarPath.root) || value == "/faith-jar", !value.contains("//"),
      !value.contains("\\")
    else { return FaithJarPath.root }
    return value
  }
}

/// One request's view of the visitor: their record and the access it gives now. Reading never
/// writes: the trial's clock moves forward only when the visitor does something.
struct Visit {
  let record: FaithJarRecord
  let access: AccessState
  /// The time on the visitor's device.
  let now: Date

  init(context: AppRequestContext, routes: FaithJarRoutes) async throws {
    record = try await routes.repository.load(FaithJarRoutes.device(context))
    now = routes.now(for: record)
    access = record.state.access(store: record.store.report(at: now), at: now)
  }
}

/// What a verse screen shows, in full.
struct VersePageKey: Hashable, Sendable {
  let emotion: Emotion
  let verse: String
  let translation: Translation
  let isFavourite: Bool
}

/// Messages the paywall can show after an action.
enum PaywallNotice: String {
  case unavailable
  case nothingToRestore = "nothing-to-restore"

  var text: String {
    switch self {
    case .unavailable: "The store could not be reached. Nothing was charged; please try again."
    case .nothingToRestore: "No subscription was found to restore."
    }
  }
}

/// What a device keeps for reading offline.
struct OfflinePayload: Encodable {
  let translation: String
  let abbreviation: String
  let name: String
  /// The verse on screen for each feeling when this was made.
  let shown: [String: String]
  /// Verse ids in the order the deck will deal them.
  let queue: [String: [String]]
  let verses: [String: OfflineVerse]
}

struct OfflineVerse: Encodable {
  let text: String
  let reference: String
  let explanation: String
}
