import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// What one form field shows: its value as typed (never a password's) and what was wrong with it.
struct FieldState {
  var value = ""
  var error: String?
}

/// The account pages, in the realm's app's look and the visitor's language. Every sentence comes
/// from the identity catalogs; every refusal from the core's codes.
struct AccountPages {
  let realm: Realm
  let theme: DesignTokens?
  let pages: PageRenderer
  let language: Language
  /// Whether the sign-in and sign-up pages show Sign in with Apple (set up for this app).
  var offersApple = false
  /// Whether the export downloads as a zip with the photos (``Accounts/exportsArchive``).
  var exportsArchive = false

  var text: Localizer<IdentityText> {
    IdentityTexts.all.localizer(realm.languages.contains(language) ? language : .english)
  }
  var app: [String: any Sendable] { ["app": realm.name] }
  var base: String { "/\(realm.app)/account" }

  func page(_ title: String, _ main: HTML) -> Page {
    var page = Page(
      title: "\(title) · \(realm.name)", description: title, theme: theme?.name ?? PlatformTheme.tokens.name,
      themeColor: (theme ?? PlatformTheme.tokens).themeColor(), stylesheets: ["accounts/accounts.css"],
      bodyClass: "accounts", main: main)
    page.language = text.language
    return page
  }

  // MARK: Pieces

  func field(
    _ name: String, label: IdentityText, type: String, autocomplete: String, state: FieldState = FieldState(),
    hint: String? = nil
  ) -> HTML {
    let id = "field-\(name)"
    var described: [String] = []
    if hint != nil { described.append("\(id)-hint") }
    if state.error != nil { described.append("\(id)-error") }
    let describedBy = described.isEmpty ? HTML("") : HTML(" aria-describedby=\"\(described.joined(separator: " "))\"")
    return """
      <div class="field\(state.error == nil ? "" : " field--invalid")">
      <label for="\(id)">\(text(label))</label>
      <input id="\(id)" name="\(name)" type="\(type)" autocomplete="\(autocomplete)" required\
      \(type == "email" ? HTML(" inputmode=\"email\" autocapitalize=\"none\" spellcheck=\"false\"") : "")\
       value="\(state.value)"\(state.error == nil ? "" : HTML(" aria-invalid=\"true\""))\(describedBy)>
      \(hint.map { HTML("<p class=\"field-hint\" id=\"\(id)-hint\">\($0)</p>") } ?? "")\
      \(state.error.map { HTML("<p class=\"field-error\" id=\"\(id)-error\">\($0)</p>") } ?? "")
      </div>
      """
  }

  func alert(_ message: String?) -> HTML {
    guard let message else { return "" }
    return "<p class=\"form-alert\" role=\"alert\">\(message)</p>"
  }

  func notice(_ message: String?) -> HTML {
    guard let message else { return "" }
    return "<p class=\"form-notice\" role=\"status\">\(message)</p>"
  }

  /// Sign in with Apple, above the email form, where it is set up.
  var apple: HTML {
    guard offersApple else { return "" }
    return """
      <p class="accounts-apple"><a class="button accounts-apple-button" href="\(base)/apple">\(text(.appleAction))</a></p>
      <p class="accounts-or"><span>\(text(.orDivider))</span></p>
      """
  }

  func header(_ title: String) -> HTML {
    """
    <header class="accounts-header"><p class="accounts-brand">\(realm.name)</p><h1>\(title)</h1></header>
    """
  }

  // MARK: Signing up and in

  func signUp(
    email: FieldState = FieldState(), password: FieldState = FieldState(),
    confirmation: FieldState = FieldState(), alert message: String? = nil
  ) -> Page {
    let title = text(.signUpTitle, app)
    return page(
      title,
      """
      \(header(title))
      \(apple)
      <form class="accounts-form" method="post" action="\(base)/sign-up" novalidate>
      \(alert(message))
      \(field("email", label: .emailLabel, type: "email", autocomplete: "email", state: email))
      \(field("password", label: .passwordLabel, type: "password", autocomplete: "new-password",
        state: FieldState(error: password.error), hint: text(.passwordHint)))
      \(realm.confirmsPassword ? field("password_confirmation", label: .confirmPasswordLabel, type: "password",
        autocomplete: "new-password", state: FieldState(error: confirmation.error)) : "")
      <button class="button accounts-primary" type="submit" data-primary-action>\(text(.signUpAction))</button>
      </form>
      <p class="accounts-switch">\(text(.haveAccount)) <a href="\(base)/sign-in">\(text(.signInAction))</a></p>
      """)
  }

  /// After a sign-up: a mail is on its way. The same page whether the address was free or not.
  func checkInbox(sentTo address: String) -> Page {
    let title = text(.checkInboxTitle)
    return page(
      title,
      """
      \(header(title))
      <section id="check-inbox">
      \(notice(text(.checkInbox, ["email": address])))
      </section>
      <p class="accounts-switch">\(text(.haveAccount)) <a href="\(base)/sign-in">\(text(.signInAction))</a></p>
      """)
  }

  /// The mailed link's page: one button confirms the address and signs in.
  func confirmSignUp(token: String, alert message: String? = nil) -> Page {
    let title = text(.confirmSignUpTitle)
    return page(
      title,
      """
      \(header(title))
      <form class="accounts-form" method="post" action="\(base)/confirm-sign-up">
      \(alert(message))
      <p>\(text(.confirmSignUpIntro, app))</p>
      <input type="hidden" name="token" value="\(token)">
      <button class="button accounts-primary" type="submit" data-primary-action>\(text(.confirmSignUpAction))</button>
      </form>
      """)
  }

  func signIn(email: FieldState = FieldState(), alert message: String? = nil, notice note: String? = nil) -> Page {
    let title = text(.signInTitle, app)
    return page(
      title,
      """
      \(header(title))
      \(notice(note))
      \(alert(message))
      \(apple)
      <form class="accounts-form" method="post" action="\(base)/sign-in" novalidate>
      \(field("email", label: .emailLabel, type: "email", autocomplete: "username", state: email))
      \(field("password", label: .passwordLabel, type: "password", autocomplete: "current-password"))
      <button class="button accounts-primary" type="submit" data-primary-action>\(text(.signInAction))</button>
      </form>
      <p class="accounts-switch"><a href="\(base)/forgot">\(text(.forgotLink))</a></p>
      <p class="accounts-switch">\(text(.noAccount, app)) <a href="\(base)/sign-up">\(text(.signUpAction))</a></p>
      """)
  }

  // MARK: Reset

  func forgot(email: FieldState = FieldState(), alert message: String? = nil, sentTo: String? = nil) -> Page {
    let title = text(.forgotTitle)
    let body: HTML =
      if let sentTo {
        """
        \(notice(text(.linkSent, ["email": sentTo])))
        <p><a class="button accounts-primary" href="\(base)/sign-in" data-primary-action>\(text(.signInAction))</a></p>
        """
      } else {
        """
        <form class="accounts-form" method="post" action="\(base)/forgot" novalidate>
        <p>\(text(.forgotIntro))</p>
        \(alert(message))
        \(field("email", label: .emailLabel, type: "email", autocomplete: "email", state: email))
        <button class="button accounts-primary" type="submit" data-primary-action>\(text(.sendLinkAction))</button>
        </form>
        <p class="accounts-switch"><a href="\(base)/sign-in">\(text(.signInAction))</a></p>
        """
      }
    return page(title, "\(header(title))\(body)")
  }

  func reset(
    token: String, password: FieldState = FieldState(), confirmation: FieldState = FieldState(),
    alert message: String? = nil
  ) -> Page {
    let title = text(.resetTitle)
    return page(
      title,
      """
      \(header(title))
      \(newPasswordForm(action: "reset", token: token, password: password, confirmation: confirmation, alert: message))
      """)
  }

  /// The old address's link: what it does, and the new password it needs.
  func restoreEmail(
    token: String, address: String, password: FieldState = FieldState(), confirmation: FieldState = FieldState(),
    alert message: String? = nil
  ) -> Page {
    let title = text(.restoreEmailTitle)
    return page(
      title,
      """
      \(header(title))
      \(newPasswordForm(
        action: "restore-email", token: token, intro: text(.restoreEmailIntro, ["app": realm.name, "email": address]),
        password: password, confirmation: confirmation, alert: message))
      """)
  }

  /// A mailed link's form for a new password (twice where the realm asks), posting to `action`.
  func newPasswordForm(
    action: String, token: String, intro: String? = nil, password: FieldState, confirmation: FieldState,
    alert message: String?
  ) -> HTML {
    """
    <form class="accounts-form" method="post" action="\(base)/\(action)" novalidate>
    \(intro.map { HTML("<p>\($0)</p>") } ?? "")
    \(alert(message))
    <input type="hidden" name="token" value="\(token)">
    \(field("password", label: .newPasswordLabel, type: "password", autocomplete: "new-password",
      state: FieldState(error: password.error), hint: text(.passwordHint)))
    \(realm.confirmsPassword ? field("password_confirmation", label: .confirmPasswordLabel, type: "password",
      autocomplete: "new-password", state: FieldState(error: confirmation.error)) : "")
    <button class="button accounts-primary" type="submit" data-primary-action>\(text(.savePasswordAction))</button>
    </form>
    """
  }

  /// A link that no longer opens: why, and the way to a new one.
  func linkSpent() -> Page {
    let title = text(.resetTitle)
    return page(
      title,
      """
      \(header(title))
      \(alert(text(.emailLinkInvalid)))
      <p><a class="button accounts-primary" href="\(base)/forgot" data-primary-action>\(text(.sendLinkAction))</a></p>
      """)
  }

  func confirmEmail(token: String, alert message: String? = nil) -> Page {
    let title = text(.confirmEmailTitle)
    return page(
      title,
      """
      \(header(title))
      <form class="accounts-form" method="post" action="\(base)/confirm-email">
      \(alert(message))
      <input type="hidden" name="token" value="\(token)">
      <button class="button accounts-primary" type="submit" data-primary-action>\(text(.emailChangeAction))</button>
      </form>
      """)
  }

  // MARK: The account

  struct AccountView {
    var email: String
    var pendingEmail: String?
    var hasPassword: Bool
    var notice: String?
    var current = FieldState()
    var newPassword = FieldState()
    var newEmail = FieldState()
    var emailCurrent = FieldState()
  }

  func account(_ view: AccountView) -> Page {
    let title = text(.accountTitle)
    let passwordForm: HTML =
      view.hasPassword
      ? """
      <form class="accounts-form" method="post" action="\(base)/password" novalidate>
      <h3>\(text(.changePasswordAction))</h3>
      <input type="email" name="username" value="\(view.email)" autocomplete="username" hidden>
      \(field("current_password", label: .currentPasswordLabel, type: "password", autocomplete: "current-password",
        state: FieldState(error: view.current.error)))
      \(field("password", label: .newPasswordLabel, type: "password", autocomplete: "new-password",
        state: FieldState(error: view.newPassword.error), hint: text(.passwordHint)))
      <button class="button button--secondary" type="submit">\(text(.changePasswordAction))</button>
      </form>
      """ : ""
    let emailCurrent: HTML =
      view.hasPassword
      ? field(
        "email_current_password", label: .currentPasswordLabel, type: "password", autocomplete: "current-password",
        state: FieldState(error: view.emailCurrent.error)) : ""
    return page(
      title,
      """
      \(header(title))
      \(notice(view.notice))
      <p class="accounts-who">\(text(.signedInAs, ["email": view.email]))</p>
      \(view.pendingEmail.map { notice(text(.pendingEmail, ["email": $0])) } ?? "")
      <div class="accounts-actions">
      <form method="post" action="\(base)/sign-out"><button class="button accounts-primary" type="submit" data-primary-action>\(text(.signOutAction))</button></form>
      <a class="button button--secondary" href="/\(realm.app)/">\(text(.backToApp, app))</a>
      </div>
      <section class="accounts-section" aria-labelledby="security">
      <h2 id="security">\(text(.securityHeading))</h2>
      \(passwordForm)
      <form class="accounts-form" method="post" action="\(base)/email" novalidate>
      <h3>\(text(.changeEmailAction))</h3>
      \(field("email", label: .newEmailLabel, type: "email", autocomplete: "email", state: view.newEmail))
      \(emailCurrent)
      <button class="button button--secondary" type="submit">\(text(.changeEmailAction))</button>
      </form>
      <form method="post" action="\(base)/sign-out-others"><button class="button button--secondary" type="submit">\(text(.signOutEverywhereAction))</button></form>
      </section>
      <section class="accounts-section" aria-labelledby="leave">
      <h2 id="leave">\(text(.dangerHeading, app))</h2>
      <p>\(text(exportsArchive ? .exportIntroArchive : .exportIntro, app))</p>
      <p><a class="button button--secondary" href="\(base)/export" download>\(text(.exportAction))</a></p>
      <p><a class="button button--danger" href="\(base)/delete">\(text(.deleteAction))</a></p>
      </section>
      """)
  }

  func delete(alert message: String? = nil) -> Page {
    let title = text(.deleteTitle)
    return page(
      title,
      """
      \(header(title))
      \(alert(message))
      <p>\(text(.deleteWarning, app))</p>
      <div class="accounts-actions">
      <form method="post" action="\(base)/delete"><button class="button button--danger" type="submit" data-primary-action>\(text(.deleteConfirmAction))</button></form>
      <a class="button button--secondary" href="\(base)" data-primary-action>\(text(.keepAccountAction))</a>
      </div>
      """)
  }

  func deleted() -> Page {
    let title = text(.deletedTitle)
    return page(
      title,
      """
      \(header(title))
      \(notice(text(.deleted, app)))
      <p><a class="button accounts-primary" href="/" data-primary-action>\(text(.backToApp, ["app": "Orchard"]))</a></p>
      """)
  }
}
