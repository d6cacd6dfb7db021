import Foundation
import HTTPTypes
import Hummingbird
import IdentityAPI
import IdentityCore
import NIOCore
import OrchardKit
import ServerKit

/// The account pages of one realm under `/<app>/account/`: sign up and confirm the address, sign
/// in, forgot and reset, confirm a new email, and the account itself. Forms work without JavaScript; every post ends in
/// a redirect or a page that says what was wrong, field by field; cross-site posts are refused by
/// the server's origin check before they arrive here.
struct AccountRoutes {
  let accounts: Accounts
  let theme: DesignTokens?
  let pages: PageRenderer
  let cookie: SessionCookie
  let appleCookie: AppleStateCookie
  let links: LinkOrigin
  /// What the app asks of a visitor before any account page (Wearbloom: consent to its terms).
  var gate: AccountPagesGate?

  var realm: Realm { accounts.realm }
  var base: String { "/\(realm.app)/account" }

  func register(_ routes: AppRoutes) {
    let group = routes.web()
    if let gate { group.add(middleware: gate) }
    // Apple's post back comes from Apple's site, without the visitor's SameSite cookies: the gate
    // was passed on the way out (``startApple``), so it is not asked again.
    let fromApple = routes.web()
    group.get("account/sign-up") { _, context in render(context) { $0.signUp() } }
    group.post("account/sign-up") { request, context in try await signUp(request, context) }
    // The mailed link opens a page with one button, so a mail scanner that follows links spends nothing.
    group.get("account/confirm-sign-up") { request, context in
      let token = request.uri.queryParameters.get("token") ?? ""
      guard try await accounts.signUpLinkOpens(token) else {
        return render(context, status: .forbidden) { $0.linkSpent() }
      }
      return render(context) { $0.confirmSignUp(token: token) }
    }
    group.post("account/confirm-sign-up") { request, context in try await confirmSignUp(request, context) }
    group.get("account/sign-in") { request, context in
      let notice: IdentityText? =
        switch request.uri.queryParameters.get("done") {
        case "reset": .passwordReset
        case "signed-out": .signedOut
        default: nil
        }
      return render(context) { pages in pages.signIn(notice: notice.map { pages.text($0) }) }
    }
    group.post("account/sign-in") { request, context in try await signIn(request, context) }
    // A link, not a form: the pages' policy lets forms post only to this origin, and a redirect
    // after a post is held to that too.
    group.get("account/apple") { request, context in try await startApple(request, context) }
    // Apple posts this from its own site: the state cookie, not the origin check, ties it to the
    // visit that began here (``AppleStateCookie``).
    routes.acceptCrossSitePosts(at: "account/apple/callback")
    fromApple.post("account/apple/callback") { request, context in try await appleCallback(request, context) }
    group.get("account/forgot") { _, context in render(context) { $0.forgot() } }
    group.post("account/forgot") { request, context in try await forgot(request, context) }
    group.get("account/reset") { request, context in
      let token = request.uri.queryParameters.get("token") ?? ""
      guard try await accounts.resetLinkOpens(token) else {
        return render(context, status: .forbidden) { $0.linkSpent() }
      }
      return render(context) { $0.reset(token: token) }
    }
    group.post("account/reset") { request, context in try await reset(request, context) }
    group.get("account/confirm-email") { request, context in
      let token = request.uri.queryParameters.get("token") ?? ""
      guard try await accounts.emailLinkOpens(token) else {
        return render(context, status: .forbidden) { $0.linkSpent() }
      }
      return render(context) { $0.confirmEmail(token: token) }
    }
    group.post("account/confirm-email") { request, context in try await confirmEmail(request, context) }
    group.get("account/restore-email") { request, context in
      let token = request.uri.queryParameters.get("token") ?? ""
      guard let restoring = try await accounts.restoreLinkAddress(token) else {
        return render(context, status: .forbidden) { $0.linkSpent() }
      }
      return render(context) { $0.restoreEmail(token: token, address: restoring) }
    }
    group.post("account/restore-email") { request, context in try await restoreEmail(request, context) }
    // The pages of a signed-in visitor: anyone else is sent to sign in.
    let signedIn = group.group().add(middleware: WebSessionAuthenticator(accounts: accounts, cookie: cookie.name))
      .add(middleware: SignInRequired(location: "\(base)/sign-in"))
    signedIn.get("account") { request, context in
      let (token, session) = try context.signedInVisitor().parts
      let notice: IdentityText? =
        switch request.uri.queryParameters.get("done") {
        case "password": .passwordChanged
        case "others": .signedOutEverywhere
        default: nil
        }
      // The plain page, the one read again and again, is rendered once per session and language.
      if notice == nil, let page = session.accountPage[context.language] { return Self.page(page) }
      let account = pages(context)
      var view = Self.accountView(session)
      view.notice = notice.map { account.text($0) }
      let page = ByteBuffer(string: pages.render(account.account(view)).rendered)
      if notice == nil { accounts.rememberAccountPage(page, language: context.language, token: token) }
      return Self.page(page)
    }
    group.post("account/password") { request, context in try await changePassword(request, context) }
    group.post("account/email") { request, context in try await changeEmail(request, context) }
    group.post("account/sign-out") { request, _ in
      if let token = request.cookie(cookie.name) {
        try await accounts.endWebSession(token: token, address: ClientAddressMiddleware.current)
      }
      var response = Response.seeOther("\(base)/sign-in?done=signed-out")
      response.headers[.setCookie] = cookie.clearing
      return response
    }
    signedIn.post("account/sign-out-others") { _, context in
      let caller = try context.signedInVisitor().session.caller
      try await accounts.signOut(caller, scope: .others, address: ClientAddressMiddleware.current)
      return Response.seeOther("\(base)?done=others")
    }
    signedIn.get("account/export") { _, context in
      let caller = try context.signedInVisitor().session.caller
      let export = try await accounts.export(caller)
      let archive = try AuthAPI.archive(export)
      return Response(
        status: .ok,
        headers: [
          .contentType: archive == nil ? "application/json; charset=utf-8" : "application/zip",
          .cacheControl: "no-store",
          .contentDisposition: "attachment; filename=\"\(realm.app)-account.\(archive == nil ? "json" : "zip")\"",
        ], body: .init(byteBuffer: ByteBuffer(bytes: try archive ?? AuthAPI.exportJSON(export))))
    }
    signedIn.get("account/delete") { _, context in
      return render(context) { $0.delete() }
    }
    signedIn.post("account/delete") { _, context in
      let caller = try context.signedInVisitor().session.caller
      try await accounts.delete(caller, address: ClientAddressMiddleware.current)
      var response = render(context) { $0.deleted() }
      response.headers[.setCookie] = cookie.clearing
      return response
    }
  }

  // MARK: Posts

  func signUp(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let email = form["email"] ?? ""
    let outcome = try await accounts.signUp(
      email: email, password: form["password"] ?? "",
      confirmation: realm.confirmsPassword ? form["password_confirmation"] ?? "" : nil, language: context.language,
      address: context.clientAddress, origin: try links.origin(authority: request.head.authority))
    switch outcome {
    case .success(let sent):
      return render(context) { $0.checkInbox(sentTo: sent.email.normalized) }
    case .failure(let failure):
      return refusal(failure, context) { pages in
        let message = pages.text(failure.message)
        let problem = Problem(failure)
        return pages.signUp(
          email: FieldState(value: email, error: problem == .email ? message : nil),
          password: FieldState(error: problem == .password ? message : nil),
          confirmation: FieldState(error: problem == .confirmation ? message : nil),
          alert: problem == .form ? message : nil)
      }
    }
  }

  /// The mailed link's button: the address is confirmed, what this browser made before moves into
  /// the new account, and the browser is signed in.
  func confirmSignUp(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    switch try await accounts.confirmSignUp(token: form["token"] ?? "", address: context.clientAddress) {
    case .success(let account):
      try await accounts.adopt(device: context.device?.id.description, into: account, accountIsNew: true)
      return try await signedIn(account, replacing: request)
    case .failure(.emailLinkInvalid): return render(context, status: .forbidden) { $0.linkSpent() }
    case .failure(let failure):
      return refusal(failure, context) { pages in
        pages.confirmSignUp(token: form["token"] ?? "", alert: pages.text(failure.message))
      }
    }
  }

  func signIn(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let email = form["email"] ?? ""
    switch try await accounts.account(
      email: email, password: form["password"] ?? "", address: context.clientAddress,
      origin: try links.origin(authority: request.head.authority))
    {
    case .success(let account):
      try await accounts.adopt(device: context.device?.id.description, into: account, accountIsNew: false)
      return try await signedIn(account, replacing: request)
    case .failure(let failure):
      return refusal(failure, context) { pages in
        pages.signIn(email: FieldState(value: email), alert: pages.text(failure.message))
      }
    }
  }

  /// Sends the visitor to Apple, with a fresh state and nonce kept in a short-lived cookie.
  func startApple(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    guard let web = accounts.apple?.web else {
      return render(context, status: .notFound) { pages in
        pages.signIn(alert: pages.text(.appleNotConfigured, ["app": realm.name]))
      }
    }
    var generator = accounts.random.generator
    let visit = AppleStateCookie.Visit(
      state: DeviceToken(using: &generator).value, rawNonce: DeviceToken(using: &generator).value)
    let redirectURI = try appleRedirectURI(request)
    var response = Response.seeOther(
      web.authorizationURL(
        state: visit.state, hashedNonce: AppleIdentityTokens.hashedNonce(visit.rawNonce), redirectURI: redirectURI))
    response.headers[.setCookie] = appleCookie.header(for: visit)
    return response
  }

  /// Where Apple posts the visitor back: `code` and `state`, or `error` when they cancelled.
  func appleCallback(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    func refused(_ text: IdentityText, status: HTTPResponse.Status = .badRequest) -> Response {
      var response = render(context, status: status) { pages in
        pages.signIn(alert: pages.text(text, ["app": realm.name]))
      }
      response.headers.append(HTTPField(name: .setCookie, value: appleCookie.clearing))
      return response
    }
    guard accounts.offersAppleOnWeb else { return refused(.appleNotConfigured, status: .notFound) }
    if let error = form["error"] {
      return error == "user_cancelled_authorize" ? refused(.appleCancelled, status: .ok) : refused(.appleRefused)
    }
    guard let visit = appleCookie.visit(in: request), let state = form["state"], visit.matches(state: state) else {
      return refused(.appleExpired)
    }
    guard let code = form["code"], !code.isEmpty, code.utf8.count <= 1024 else { return refused(.appleRefused) }
    let outcome = try await accounts.signInWithApple(
      code: code, rawNonce: visit.rawNonce, redirectURI: try appleRedirectURI(request), language: context.language,
      address: context.clientAddress)
    switch outcome {
    case .success(let signedIn):
      try await accounts.adopt(
        device: context.device?.id.description, into: signedIn.account, accountIsNew: signedIn.isNew)
      var response = try await self.signedIn(signedIn.account, replacing: request)
      response.headers.append(HTTPField(name: .setCookie, value: appleCookie.clearing))
      return response
    case .failure(let failure):
      var response = refusal(failure, context) { pages in pages.signIn(alert: pages.text(failure.message)) }
      response.headers.append(HTTPField(name: .setCookie, value: appleCookie.clearing))
      return response
    }
  }

  /// The callback Apple is told to post to, and told again when the code is exchanged.
  func appleRedirectURI(_ request: Request) throws -> String {
    try links.origin(authority: request.head.authority) + "\(base)/apple/callback"
  }

  /// A new session and its cookie, the one the browser held (if any) ended.
  func signedIn(_ account: Account, replacing request: Request) async throws -> Response {
    if let old = request.cookie(cookie.name) {
      try await accounts.endWebSession(token: old, address: nil)
    }
    let token = try await accounts.startWebSession(for: account)
    var response = Response.seeOther(realm.homePath)
    response.headers[.setCookie] = cookie.header(for: token)
    return response
  }

  func forgot(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let email = form["email"] ?? ""
    let origin = try links.origin(authority: request.head.authority)
    switch try await accounts.recover(email: email, origin: origin, address: context.clientAddress) {
    case .success:
      let shown = (try? EmailAddress.parse(email).get())?.normalized ?? email
      return render(context) { $0.forgot(sentTo: shown) }
    case .failure(let failure):
      return refusal(failure, context) { pages in
        let message = pages.text(failure.message)
        return Problem(failure) == .email
          ? pages.forgot(email: FieldState(value: email, error: message)) : pages.forgot(alert: message)
      }
    }
  }

  func reset(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    return try await newPassword(form, context, set: accounts.resetPassword) {
      pages, token, password, confirmation, alert in
      pages.reset(token: token, password: password, confirmation: confirmation, alert: alert)
    }
  }

  /// The old address's link: the address back, the new password, every session ended.
  func restoreEmail(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    let restoring = try await accounts.restoreLinkAddress(form["token"] ?? "")
    return try await newPassword(form, context, set: accounts.restoreEmail) {
      pages, token, password, confirmation, alert in
      pages.restoreEmail(
        token: token, address: restoring ?? "", password: password, confirmation: confirmation, alert: alert)
    }
  }

  /// A mailed link's new-password form posted (a reset, or an old address put back): on success
  /// every session has ended, so the browser's cookie goes and it is sent to sign in; a spent link
  /// says so; any other refusal is the form again, saying what was wrong where.
  func newPassword(
    _ form: FormFields, _ context: AppRequestContext,
    set: (_ token: String, _ password: String, _ confirmation: String?, _ address: String?) async throws -> Result<
      Account, AuthFailure
    >,
    form page: @escaping (AccountPages, String, FieldState, FieldState, String?) -> Page
  ) async throws -> Response {
    let token = form["token"] ?? ""
    let outcome = try await set(
      token, form["password"] ?? "", realm.confirmsPassword ? form["password_confirmation"] ?? "" : nil,
      context.clientAddress)
    switch outcome {
    case .success:
      var response = Response.seeOther("\(base)/sign-in?done=reset")
      response.headers[.setCookie] = cookie.clearing
      return response
    case .failure(.emailLinkInvalid): return render(context, status: .forbidden) { $0.linkSpent() }
    case .failure(let failure):
      return refusal(failure, context) { pages in
        let message = pages.text(failure.message)
        let problem = Problem(failure)
        return page(
          pages, token, FieldState(error: problem == .password ? message : nil),
          FieldState(error: problem == .confirmation ? message : nil),
          problem == .form || problem == .email ? message : nil)
      }
    }
  }

  func confirmEmail(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let form = try await FormFields(request, context: context)
    switch try await accounts.confirmEmailChange(
      token: form["token"] ?? "", origin: try links.origin(authority: request.head.authority),
      address: context.clientAddress)
    {
    case .success: return Response.seeOther(base)
    case .failure(.emailLinkInvalid): return render(context, status: .forbidden) { $0.linkSpent() }
    case .failure(let failure):
      return refusal(failure, context) { pages in
        pages.confirmEmail(token: form["token"] ?? "", alert: pages.text(failure.message))
      }
    }
  }

  func changePassword(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    guard let caller = try await caller(request) else { return Response.seeOther("\(base)/sign-in") }
    let form = try await FormFields(request, context: context)
    switch try await accounts.changePassword(
      caller, current: form["current_password"], new: form["password"] ?? "", address: context.clientAddress)
    {
    case .success: return Response.seeOther("\(base)?done=password")
    case .failure(let failure):
      guard var view = try await accountView(request) else { return Response.seeOther("\(base)/sign-in") }
      return refusal(failure, context) { pages in
        let message = pages.text(failure.message)
        if Problem(failure) == .currentPassword {
          view.current.error = message
        } else {
          view.newPassword.error = message
        }
        return pages.account(view)
      }
    }
  }

  func changeEmail(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    guard let caller = try await caller(request) else { return Response.seeOther("\(base)/sign-in") }
    let form = try await FormFields(request, context: context)
    let email = form["email"] ?? ""
    let origin = try links.origin(authority: request.head.authority)
    let outcome = try await accounts.requestEmailChange(
      caller, current: form["email_current_password"], new: email, origin: origin, address: context.clientAddress)
    guard var view = try await accountView(request) else { return Response.seeOther("\(base)/sign-in") }
    switch outcome {
    case .success:
      let shown = (try? EmailAddress.parse(email).get())?.normalized ?? email
      return render(context) { pages in
        view.notice = pages.text(.emailChangeSent, ["email": shown])
        return pages.account(view)
      }
    case .failure(let failure):
      return refusal(failure, context) { pages in
        let message = pages.text(failure.message)
        if Problem(failure) == .currentPassword {
          view.emailCurrent.error = message
          view.newEmail.value = email
        } else {
          view.newEmail = FieldState(value: email, error: message)
        }
        return pages.account(view)
      }
    }
  }

  // MARK: Helpers

  func session(_ request: Request) async throws -> WebSession? {
    guard let token = request.cookie(cookie.name) else { return nil }
    return try await accounts.webSession(token: token)
  }

  func caller(_ request: Request) async throws -> Caller? { try await session(request)?.caller }

  /// The account page's view of the request's session, as it is now.
  func accountView(_ request: Request) async throws -> AccountPages.AccountView? {
    try await session(request).map(Self.accountView)
  }

  static func accountView(_ session: WebSession) -> AccountPages.AccountView {
    AccountPages.AccountView(
      email: session.account.email?.normalized ?? "", pendingEmail: session.pendingEmail,
      hasPassword: session.hasPassword)
  }

  func pages(_ context: AppRequestContext) -> AccountPages {
    AccountPages(
      realm: realm, theme: theme, pages: pages, language: context.language, offersApple: accounts.offersAppleOnWeb,
      exportsArchive: accounts.exportsArchive)
  }

  /// An account page: personal, so never stored by a cache.
  static func page(_ body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: .init(byteBuffer: body))
  }

  func render(
    _ context: AppRequestContext, status: HTTPResponse.Status = .ok, _ make: (AccountPages) -> Page
  ) -> Response {
    Self.page(ByteBuffer(string: pages.render(make(pages(context))).rendered), status: status)
  }

  /// A page answering a refusal: its status, and when to try again where that is known.
  func refusal(_ failure: AuthFailure, _ context: AppRequestContext, _ make: (AccountPages) -> Page) -> Response {
    var response = render(context, status: failure.status, make)
    if let seconds = failure.retryAfter { response.headers[.retryAfter] = String(seconds) }
    return response
  }

  /// Which field a refusal belongs to.
  enum Problem {
    case email, password, confirmation, currentPassword, form

    init(_ failure: AuthFailure) {
      switch failure {
      case .invalidEmail, .emailExists: self = .email
      case .weakPassword, .samePassword: self = .password
      case .passwordsDontMatch: self = .confirmation
      case .currentPasswordRequired, .currentPasswordWrong: self = .currentPassword
      default: self = .form
      }
    }
  }
}

/// The web session's cookie: `__Host-<app>-session`, HttpOnly, SameSite=Lax, Secure; on plain
/// HTTP at loopback (a developer's machine) it cannot be Secure, so it is `<app>-session` there.
struct SessionCookie: Sendable {
  let realm: Realm
  let secure: Bool
  let maxAge: Int

  init(realm: Realm, secure: Bool, lifetimes: Lifetimes = .standard) {
    self.realm = realm
    self.secure = secure
    maxAge = Int(lifetimes.absolute)
  }

  var name: String { realm.cookieName(secure: secure) }

  /// The value that ends it (``Realm/clearingCookie(secure:)``).
  var clearing: String { realm.clearingCookie(secure: secure) }

  func header(for token: DeviceToken) -> String {
    realm.sessionCookie(token.value, maxAge: maxAge, secure: secure).description
  }
}

/// The cookie that ties Apple's answer to the visit that asked for it: the `state` Apple echoes and
/// the raw nonce whose hash Apple puts in the identity token. Apple posts its answer from its own
/// site, so the cookie is `SameSite=None` (and so Secure, `__Host-<app>-apple`); it lives ten
/// minutes and is cleared once read. Without it, or with another state, the answer is refused, so a
/// sign-in that someone else began (login CSRF) cannot finish in this browser.
struct AppleStateCookie: Sendable {
  let name: String
  let secure: Bool

  init(realm: Realm, secure: Bool) {
    name = secure ? "__Host-\(realm.app)-apple" : "\(realm.app)-apple"
    self.secure = secure
  }

  struct Visit: Sendable, Equatable {
    let state: String
    let rawNonce: String

    /// Compared in constant time: the state is a secret of this browser's.
    func matches(state other: String) -> Bool {
      let (a, b) = (Array(state.utf8), Array(other.utf8))
      guard a.count == b.count else { return false }
      return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
  }

  /// On plain HTTP at loopback it cannot be Secure, so it cannot be `SameSite=None`; Lax reaches a
  /// fake Apple on another loopback port, which is the same site.
  private func cookie(value: String, maxAge: Int) -> Cookie {
    Cookie(
      name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true,
      sameSite: secure ? .none : .lax)
  }

  func header(for visit: Visit) -> String { cookie(value: visit.state + "." + visit.rawNonce, maxAge: 600).description }

  var clearing: String { cookie(value: "", maxAge: 0).description }

  func visit(in request: Request) -> Visit? {
    guard let value = request.cookie(name) else { return nil }
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
    return Visit(state: String(parts[0]), rawNonce: String(parts[1]))
  }
}

/// What an app asks of a visitor before its account pages: an answer to send instead (a redirect
/// to its terms), or nil to let the page open.
public struct AccountPagesGate: RouterMiddleware {
  public typealias Context = AppRequestContext
  let check: @Sendable (Request, AppRequestContext) async throws -> Response?

  public init(_ check: @escaping @Sendable (Request, AppRequestContext) async throws -> Response?) {
    self.check = check
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let answer = try await check(request, context) { return answer }
    return try await next(request, context)
  }
}
