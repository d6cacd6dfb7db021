import FaithJarCore
import Foundation
import Hummingbird
import OrchardKit
import ServerKit

/// Faith Jar's web version: every screen works as plain HTML forms and links; the page script adds
/// offline reading through two JSON addresses. Each route asks ``FaithJarService`` and shows what
/// it decided.
struct FaithJarRoutes: Sendable {
  let service: FaithJarService
  let pages: PageRenderer
  /// Verse screens are the same for everyone with the same verse, translation and mark: the most
  /// viewed page is rendered once.
  let versePages: RenderedPages<VersePageKey>

  func register(_ routes: AppRoutes) {
    let errors = NotFoundPages(pages: pages) { _, context in Self.view(context).notFound() }
    let web = routes.web().add(middleware: errors)
    // Any other address under the app is Faith Jar's own not-found page; the routes below win.
    routes.answerUnknownAddresses(with: errors)
    web.get(FaithJarPath.home.pattern, use: home)
    web.post(FaithJarPath.welcome.pattern, use: completeOnboarding)
    web.get(FaithJarPath.verse.pattern, use: verse)
    web.post(FaithJarPath.next.pattern, use: nextVerse)
    web.post(FaithJarPath.translation.pattern, use: chooseTranslation)
    web.get(FaithJarPath.favourites.pattern, use: favourites)
    web.post(FaithJarPath.favourite.pattern, use: setFavourite)
    web.get(FaithJarPath.paywall.pattern, use: paywall)
    web.post(FaithJarPath.purchase.pattern, use: purchase)
    web.get(FaithJarPath.subscription.pattern, use: subscription)
    web.post(FaithJarPath.restore.pattern, use: restore)
    web.post(FaithJarPath.testStore.pattern, use: testStore)
    if service.testDeviceClock { web.post(FaithJarPath.testClock.pattern, use: moveDeviceClock) }
    web.get(FaithJarPath.about.pattern) { _, context in pages.response(Self.view(context).about()) }
    web.get(FaithJarPath.support.pattern) { _, context in pages.response(Self.view(context).support()) }
    web.get(FaithJarPath.offline.pattern, use: offlineShell)
    web.get(FaithJarPath.offlineVerses.pattern, use: offlineVerses)
    routes.web(limit: BodyLimit(bytes: 64 * 1024)).post(FaithJarPath.offlineReads.pattern, use: recordOfflineReads)
  }

  // MARK: Screens

  @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await service.visit(try context.deviceID())
    guard visit.device.state.onboardingCompleted else {
      let page = request.uri.queryParameters.get("page", as: Int.self) ?? 1
      guard (1...OnboardingPage.all.count).contains(page) else { throw OrchardError.notFound }
      let next = request.uri.queryParameters.get("next").flatMap(Self.verseLink)
      return pages.response(Self.view(context).onboarding(page: page - 1, next: next))
    }
    guard visit.access.grantsAccess else { return .seeOther(FaithJarPath.paywall.path) }
    return pages.response(
      Self.view(context).emotionList(
        EmotionListScreen(access: visit.access), translation: visit.device.state.translation))
  }

  @Sendable func verse(_ request: Request, context: AppRequestContext) async throws -> Response {
    let emotion = try Self.emotion(in: context)
    let id = try context.deviceID()
    var visit = try await service.visit(id)
    // A shared or bookmarked link opens after onboarding for a first-time visitor.
    guard visit.device.state.onboardingCompleted else {
      return .seeOther(FaithJarPath.home.path + "?next=" + FaithJarPath.verse.link(emotion.rawValue))
    }
    guard visit.access.grantsAccess else { return .seeOther(FaithJarPath.paywall.path) }
    // Reached without drawing first (a link, a bookmark): the feeling's next verse is dealt now.
    if visit.device.state.currentVerse(for: emotion, in: service.library) == nil {
      guard try await service.draw(emotion, for: id) else { return .seeOther(FaithJarPath.paywall.path) }
      visit = try await service.visit(id)
    }
    let state = visit.device.state
    guard let verse = state.currentVerse(for: emotion, in: service.library) else {
      return .seeOther(FaithJarPath.home.path)
    }
    let screen = VerseScreen(
      emotion: emotion, verse: verse, translation: state.translation, isFavourite: state.isFavourite(verse.id))
    let key = VersePageKey(
      emotion: emotion, verse: verse.id, translation: screen.translation, isFavourite: screen.isFavourite,
      language: context.language)
    return try await versePages.response(for: key) { Self.view(context).verse(screen) }
  }

  @Sendable func favourites(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await service.visit(try context.deviceID())
    guard visit.access.grantsAccess else { return .seeOther(FaithJarPath.paywall.path) }
    let state = visit.device.state
    return pages.response(
      Self.view(context).favourites(
        state.favourites.compactMap(service.library.verse(id:)), translation: state.translation))
  }

  @Sendable func paywall(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await service.visit(try context.deviceID())
    let notice = request.uri.queryParameters.get("notice").flatMap(RestoreOutcome.init(rawValue:))
    return pages.response(
      Self.view(context).paywall(
        PaywallScreen(access: visit.access), access: visit.access, store: visit.device.store,
        clockShift: service.testDeviceClock ? visit.device.clockShift ?? 0 : nil, notice: notice))
  }

  @Sendable func offlineShell(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let emotion = request.uri.queryParameters.get("emotion").flatMap(Emotion.init(rawValue:)) else {
      throw OrchardError.notFound
    }
    let visit = try await service.visit(try context.deviceID())
    guard visit.access.grantsAccess else { return .seeOther(FaithJarPath.paywall.path) }
    return pages.response(Self.view(context).offlineVerse(emotion, translation: visit.device.state.translation))
  }

  // MARK: Actions (POST, then see-other to a page)

  @Sendable func completeOnboarding(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    try await service.completeOnboarding(try context.deviceID())
    return .seeOther(form["return"].flatMap(Self.verseLink) ?? FaithJarPath.home.path)
  }

  @Sendable func nextVerse(_ request: Request, context: AppRequestContext) async throws -> Response {
    let emotion = try Self.emotion(in: context)
    guard try await service.draw(emotion, for: try context.deviceID()) else {
      return .seeOther(FaithJarPath.paywall.path)
    }
    return .seeOther(FaithJarPath.verse.link(emotion.rawValue))
  }

  @Sendable func chooseTranslation(_ request: Request, context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    guard let translation = form["translation"].flatMap(Translation.init(rawValue:)) else {
      throw OrchardError.badRequest(
        "Choose one of the translations offered: BSB, KJV or WEB.", code: "UNKNOWN_TRANSLATION")
    }
    try await service.update(try context.deviceID()) { device, _ in device.state.translation = translation }
    return .seeOther(Self.localReturn(form["return"]))
  }

  @Sendable func setFavourite(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let id = context.parameters.get("verse"), service.library.verse(id: id) != nil else {
      throw OrchardError.notFound
    }
    let form = try await FormFields(request, context: context)
    guard let flag = form["favourite"], flag == "0" || flag == "1" else {
      throw OrchardError.badRequest("Say whether to save the verse or remove it.", code: "BAD_FAVOURITE")
    }
    try await service.update(try context.deviceID()) { device, _ in device.state.setFavourite(id, flag == "1") }
    return .seeOther(Self.localReturn(form["return"]))
  }

  @Sendable func purchase(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let plan = context.parameters.get("plan").flatMap(Plan.init(rawValue:)) else { throw OrchardError.notFound }
    guard let change = try await service.purchase(plan, for: try context.deviceID()) else {
      return .seeOther(FaithJarPath.paywall.path + "?notice=" + RestoreOutcome.storeUnavailable.rawValue)
    }
    return .seeOther(FaithJarPath.subscription.path + "?change=" + PurchaseNotice(change).rawValue)
  }

  /// The confirmation after a purchase, read from what the store now reports.
  @Sendable func subscription(_ request: Request, context: AppRequestContext) async throws -> Response {
    let visit = try await service.visit(try context.deviceID())
    let notice = request.uri.queryParameters.get("change").flatMap(PurchaseNotice.init(rawValue:)) ?? .kept
    guard let page = Self.view(context).subscription(visit.access, notice: notice) else {
      return .seeOther(FaithJarPath.paywall.path)
    }
    return pages.response(page)
  }

  @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
    let outcome = try await service.restore(for: try context.deviceID())
    guard outcome != .restored else { return .seeOther(FaithJarPath.home.path) }
    return .seeOther(FaithJarPath.paywall.path + "?notice=" + outcome.rawValue)
  }

  @Sendable func testStore(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let action = context.parameters.get("action").flatMap(TestStoreAction.init(rawValue:)) else {
      throw OrchardError.notFound
    }
    try await service.update(try context.deviceID()) { device, now in action.apply(to: &device.store, at: now) }
    return .seeOther(FaithJarPath.paywall.path)
  }

  @Sendable func moveDeviceClock(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let move = context.parameters.get("action").flatMap(DeviceClockMove.init(rawValue:)) else {
      throw OrchardError.notFound
    }
    try await service.moveClock(move, for: try context.deviceID())
    return .seeOther(FaithJarPath.paywall.path)
  }

  // MARK: Offline reading (JSON, for the page script)

  /// This device's next verses for every feeling, in its translation, for reading offline.
  @Sendable func offlineVerses(_ request: Request, context: AppRequestContext) async throws -> Response {
    guard let offline = try await service.offlineVerses(for: try context.deviceID()) else {
      let t = FaithJarTexts.all.localizer(context.language)
      throw OrchardError(
        status: .forbidden, code: "ACCESS_ENDED", title: t(.accessEndedTitle, ["trialDays": AccessPolicy.trialDays]),
        detail: t(.accessEndedDetail))
    }
    return Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: CachePolicy.personal],
      body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(OfflinePayload(offline)))))
  }

  /// What the device read while offline, sent when it is back: `{"reads": {"anxiety": [ids…]}}`.
  @Sendable func recordOfflineReads(_ request: Request, context: AppRequestContext) async throws -> Response {
    struct Body: Decodable { let reads: [String: [String]] }
    let buffer = try await request.body.collect(upTo: context.maxUploadSize)
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
    try await service.recordOfflineReads(reads, for: try context.deviceID())
    return Response(status: .noContent)
  }

  // MARK: Helpers

  /// The pages in the request's language.
  static func view(_ context: AppRequestContext) -> FaithJarPages {
    FaithJarPages(t: FaithJarTexts.all.localizer(context.language))
  }

  static func emotion(in context: AppRequestContext) throws -> Emotion {
    guard let emotion = context.parameters.get("emotion").flatMap(Emotion.init(rawValue:)) else {
      throw OrchardError.notFound
    }
    return emotion
  }

  /// A verse screen's own address, or nil: the only place onboarding carries a visitor on to.
  static func verseLink(_ value: String) -> String? {
    Emotion.allCases.map { FaithJarPath.verse.link($0.rawValue) }.first { $0 == value }
  }

  /// Only a path inside Faith Jar may be returned to, never another site.
  static func localReturn(_ value: String?) -> String {
    guard let value, value.hasPrefix(FaithJarPath.home.path) || value == FaithJarPath.app, !value.contains("//"),
      !value.contains("\\")
    else { return FaithJarPath.home.path }
    return value
  }
}

/// What a purchase did, as the confirmation's address carries it.
enum PurchaseNotice: String, Sendable {
  case started, upgraded, scheduled, kept

  init(_ change: PlanChange) {
    switch change {
    case .started: self = .started
    case .upgraded: self = .upgraded
    case .scheduled: self = .scheduled
    case .kept: self = .kept
    }
  }
}

/// What a verse screen shows, in full.
struct VersePageKey: Hashable, Sendable, CustomStringConvertible {
  let emotion: Emotion
  let verse: String
  let translation: Translation
  let isFavourite: Bool
  let language: Language

  var description: String { "\(emotion.rawValue)/\(verse)/\(translation.rawValue)/\(isFavourite)/\(language)" }
}

/// What a device keeps for reading offline, as the page script reads it.
struct OfflinePayload: Encodable {
  let translation: String
  let abbreviation: String
  let name: String
  /// The verse on screen for each feeling when this was made.
  let shown: [String: String]
  /// Verse ids in the order the deck will deal them.
  let queue: [String: [String]]
  let verses: [String: OfflineVerse]

  init(_ offline: OfflineVerses) {
    let translation = offline.translation
    self.translation = translation.rawValue
    abbreviation = translation.abbreviation
    name = translation.name
    shown = Dictionary(uniqueKeysWithValues: offline.shown.map { ($0.rawValue, $1) })
    queue = Dictionary(uniqueKeysWithValues: offline.queue.map { ($0.rawValue, $1.map(\.id)) })
    var verses: [String: OfflineVerse] = [:]
    for verse in offline.queue.values.joined() {
      verses[verse.id] = OfflineVerse(
        text: verse.text(in: translation), reference: "\u{2014} \(verse.displayReference)",
        explanation: verse.explanation)
    }
    self.verses = verses
  }
}

struct OfflineVerse: Encodable {
  let text: String
  let reference: String
  let explanation: String
}
