import Foundation
import Hummingbird
import OrchardIdentity
import OrchardKit
import ServerKit
import WearbloomCore

/// Wearbloom's web version: consent first, the three-step onboarding to a first try-on without an
/// account, then (signed in) the wardrobe, adding garments, the garment sheet, the render view,
/// the paywall with the web's test store, and the profile. Plain HTML forms and links over the
/// services the JSON API uses; `wearbloom.js` adds what needs a browser. Every page knows its
/// signed-in visitor by their web session's cookie (``WebSessionAuthenticator``), found once per
/// request.
struct WearbloomRoutes: Sendable {
  let wardrobe: WardrobeService
  let tryOn: TryOnService
  let onboarding: OnboardingService
  let consents: ConsentStore
  let accounts: Accounts
  /// What the account keeps in Wearbloom, erased at once when the account is deleted.
  let accountData: WardrobeAccountData
  let pages: PageRenderer
  let clock: any WallClock
  /// The web session's cookie, as the account pages set it.
  let sessionCookie: String
  let secureCookies: Bool
  /// Whether the paywall sells through the test store (``TestStoreSetting``).
  let testStore: Bool

  func register(_ routes: AppRoutes) {
    let errors = WearbloomErrorPages(pages: pages)
    let sessions = WebSessionAuthenticator(accounts: accounts, cookie: sessionCookie)
    let web = routes.web().add(middleware: errors).add(middleware: sessions)
    // The app's own pages come after consent, and some after signing in too.
    let consent = ConsentGate.Required(consents: consents)
    let signIn = SignInRequired(location: WearbloomPath.home.path)
    let visitors = web.group().add(middleware: consent)
    let members = visitors.group().add(middleware: signIn)
    // Any other address under the app is Wearbloom's own not-found page; the routes below win.
    routes.answerUnknownAddresses(with: errors)
    visitors.get(WearbloomPath.home.pattern) { request, context in try await home(request, context) }
    web.get(WearbloomPath.consent.pattern) { request, context in
      let next = WearbloomPath.returnPath(request.uri.queryParameters.get("next"))
      return pages.response(
        WearbloomPages(language: context.language).consent(
          returningTo: next, accountDeleted: Self.notice(request) == .accountDeleted))
    }
    web.post(WearbloomPath.consent.pattern) { request, context in
      let fields = try await FormFields(request, context: context)
      try await consents.accept(ConsentPolicy.version, by: try context.deviceID().description, at: clock.now)
      // "I have an account": the terms accepted, on to signing in.
      if fields["then"] == "sign-in" { return Response.seeOther(WearbloomPath.signIn.path) }
      return Response.seeOther(WearbloomPath.returnPath(fields["next"]) ?? WearbloomPath.home.path)
    }
    // Open before consent: it is what consent is given to.
    web.get(WearbloomPath.privacy.pattern) { request, context in
      let back = context.webVisitor == nil ? WearbloomPath.home.path : WearbloomPath.profile.path
      return pages.response(WearbloomPages(language: context.language).privacy(back: back))
    }
    registerOnboarding(visitors)
    registerWardrobe(web, visitors: visitors, members: members)
    let uploads = routes.web(limit: UploadBodyLimit.upload).add(middleware: errors).add(middleware: sessions).group()
      .add(middleware: consent)
    registerUploads(visitors: uploads, members: uploads.group().add(middleware: signIn))
    web.get(WearbloomPath.images.pattern) { request, context in
      // An image is not a page: without consent it is as missing as anyone else's.
      let visitor = try await visitor(request, context)
      guard visitor.consented else { throw WearbloomProblem.imageNotFound }
      return try await image(request, context, visitor)
    }
  }

  // MARK: The visitor

  /// Who is asking: their device, whether it accepted the terms, their account when signed in,
  /// the onboarding their device began when not, and their pages in their language.
  struct Visitor: Sendable {
    let device: String
    let consented: Bool
    let session: WebSession?
    let onboarding: String?
    let screens: WearbloomPages

    var account: String? { session?.account.id }
    /// Whose wardrobe the visitor sees: their account's, else their device's onboarding's.
    var owner: String? { account ?? onboarding }
  }

  func visitor(_ request: Request, _ context: AppRequestContext) async throws -> Visitor {
    let device = try context.deviceID().description
    let consented = ConsentPolicy.isCurrent(try await consents.accepted(by: device))
    let session = context.webVisitor?.session
    let onboarding = session == nil ? try await self.onboarding.owner(ofDevice: device) : nil
    return Visitor(
      device: device, consented: consented, session: session, onboarding: onboarding,
      screens: WearbloomPages(language: context.language))
  }

  /// Whose renders a polling page may ask after: the signed-in account, else the device's
  /// onboarding. A poll is not a page: it needs neither the visitor's consent (given before the
  /// render page it comes from opened) nor their pages, so it does not build the ``Visitor``.
  func poller(_ request: Request, _ context: AppRequestContext) async throws -> String? {
    if let visitor = context.webVisitor { return visitor.session.account.id }
    return try await onboarding.owner(ofDevice: try context.deviceID().description)
  }

  /// Runs `page` for the visitor on a page behind ``ConsentGate/Required``: one who accepted the
  /// terms.
  func visiting(
    _ request: Request, _ context: AppRequestContext, _ page: (Visitor) async throws -> Response
  ) async throws -> Response {
    try await page(try await visitor(request, context))
  }

  /// Runs `page` for the signed-in visitor on a page behind ``SignInRequired`` as well (anyone
  /// else was sent home to onboarding), with their account.
  func member(
    _ request: Request, _ context: AppRequestContext, _ page: (Visitor, String) async throws -> Response
  ) async throws -> Response {
    try await visiting(request, context) { visitor in
      guard let account = visitor.account else { throw OrchardError.internalError }
      return try await page(visitor, account)
    }
  }

  func home(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    try await visiting(request, context) { visitor in
      if visitor.account != nil { return Response.seeOther(WearbloomPath.wardrobe.path) }
      guard let owner = visitor.onboarding else { return Response.seeOther(WearbloomPath.welcomePhoto.path) }
      // Back mid-onboarding: to the step the visitor reached.
      do {
        return Response.seeOther(WearbloomPath.render(try await tryOn.latest(of: owner).id))
      } catch TryOnError.renderNotFound {
        let body = try await wardrobe.body(of: owner)
        return Response.seeOther(body == nil ? WearbloomPath.welcomePhoto.path : WearbloomPath.welcomeGarment.path)
      }
    }
  }

  // MARK: Images

  /// One form of an image for its owner's browser; anyone else's is 404, as if it did not exist.
  func image(_ request: Request, _ context: AppRequestContext, _ visitor: Visitor) async throws -> Response {
    let id = context.parameters.get("image") ?? ""
    let accept = (request.headers[.accept] ?? "").split(separator: ",").map {
      $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
    }
    let answer = try await wardrobe.image(
      id, owner: visitor.owner ?? "", variant: request.uri.queryParameters.get("variant"), accept: accept,
      ifNoneMatch: request.headers[.ifNoneMatch])
    switch answer {
    case .notFound: throw WearbloomProblem.imageNotFound
    case .notAcceptable: throw OrchardError.status(.notAcceptable)
    case .notModified(let etag):
      return Response(
        status: .notModified,
        headers: [.eTag: etag, .cacheControl: ImageAnswer.cacheControl, .vary: ImageAnswer.vary])
    case .image(let bytes, let form, let etag):
      return Response(
        status: .ok,
        headers: [
          .contentType: form.format.mimeType, .eTag: etag, .cacheControl: ImageAnswer.cacheControl,
          .vary: ImageAnswer.vary,
        ], body: .init(byteBuffer: bytes))
    }
  }

  /// The toast a redirect asked for in its `toast` query value.
  static func notice(_ request: Request) -> Notice? {
    request.uri.queryParameters.get("toast").flatMap { Notice(rawValue: String($0)) }
  }
}
