import Foundation
import OrchardKit
import ServerKit
import WalkWorthyCore

extension WalkWorthyPages {
  // MARK: Onboarding

  static let privacyNote =
    "Private by default. On the web, your answers are kept with this browser\u{2019}s anonymous id on our server, where the web version runs, and nobody else sees them. They are used to choose encouragements only if you switch personalisation on; in this early version, encouragements come from one shared list either way."

  func onboarding(_ view: OnboardingView, theme: ThemeChoice) -> Page {
    let form = view.form
    let genders = Gender.allCases.map { gender in
      HTML(
        "<option value=\"\(gender.rawValue)\"\(gender == form.gender ? HTML(" selected") : "")>\(t(gender.label))</option>"
      )
    }
    let chips = form.hobbyChoices.map { hobby in
      HTML(
        "<li><label class=\"chip\"><input type=\"checkbox\" name=\"hobby\" value=\"\(hobby)\"\(form.isSelected(hobby) ? HTML(" checked") : "")><span>\(hobby)</span></label></li>"
      )
    }
    let title = view.editing ? "Your profile" : "Welcome to WalkWorthy"
    return page(
      title, theme: theme, bodyClass: "page-onboarding", tab: view.editing ? .settings : nil,
      main: """
        <header class="screen-head"><h1>\(title)</h1>\
        <p class="lede">A verse and a word of encouragement for your real day. Only your age is needed; the rest is up to you.</p></header>
        <form class="glass card profile-form" method="post" action="\(WalkWorthyPath.welcome.path)" novalidate>
        <button type="submit" name="action" value="save" hidden tabindex="-1">Save</button>
        \(field("age", label: "Age", problem: view.ageProblem, input: "<input id=\"age\" name=\"age\" type=\"number\" inputmode=\"numeric\" min=\"\(Profile.ages.lowerBound)\" max=\"\(Profile.ages.upperBound)\" required value=\"\(view.ageText)\"\(describedBy("age", view.ageProblem))>"))
        \(field("major", label: "Major (optional)", problem: view.majorProblem, input: "<input id=\"major\" name=\"major\" type=\"text\" autocomplete=\"off\" value=\"\(form.major)\"\(describedBy("major", view.majorProblem))>"))
        \(field("gender", label: "Gender (optional)", problem: nil, input: "<select id=\"gender\" name=\"gender\">\(genders)</select>"))
        <fieldset class="field hobbies"\(view.hobbiesProblem == nil ? "" : HTML(" aria-describedby=\"hobbies-error\""))>
        <legend>Hobbies (optional)</legend>
        <ul role="list" class="chips">\(chips)</ul>
        <div class="custom-hobby">
        <label for="custom">Add your own</label>
        <div class="inline"><input id="custom" name="custom" type="text" maxlength="\(Profile.hobbyLengthLimit)" autocomplete="off" value="\(view.customText)"\(describedBy("hobbies", view.hobbiesProblem))>\
        <button class="button button--glass button--small" type="submit" name="action" value="add-hobby">Add</button></div>
        </div>
        \(problem("hobbies", view.hobbiesProblem))
        </fieldset>
        <label class="switch"><input type="checkbox" role="switch" name="personalize"\(form.personalizationOptIn ? HTML(" checked") : "")><span>Use my profile to personalise encouragements</span></label>
        <p class="privacy">\(Self.privacyNote)</p>
        \(hiddenZone())
        <div class="action-bar"><button class="button button--wide" type="submit" name="action" value="save" data-primary-action>\(view.editing ? "Save profile" : "Start")</button></div>
        </form>
        """)
  }

  func field(_ name: String, label: String, problem: String?, input: HTML) -> HTML {
    "<div class=\"field\(problem == nil ? "" : " field--invalid")\"><label for=\"\(name)\">\(label)</label>\(input)\(self.problem(name, problem))</div>"
  }

  func describedBy(_ name: String, _ problem: String?) -> HTML {
    problem == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"\(name)-error\""
  }

  func problem(_ name: String, _ problem: String?) -> HTML {
    problem.map { "<p class=\"field-error\" id=\"\(name)-error\">\($0)</p>" } ?? ""
  }

  // MARK: Settings

  func settings(_ view: SettingsView, theme: ThemeChoice) -> Page {
    let answers = view.answers
    let translations = Translation.allCases.map { translation in
      HTML(
        "<option value=\"\(translation.rawValue)\"\(translation == answers.translation ? HTML(" selected") : "")>\(translation.abbreviation) \u{00B7} \(translation.name)</option>"
      )
    }
    let themes = ThemeChoice.allCases.map { choice in
      HTML(
        "<li><label class=\"segment\"><input type=\"radio\" name=\"theme\" value=\"\(choice.rawValue)\"\(choice == answers.theme ? HTML(" checked") : "")><span>\(label(choice))</span></label></li>"
      )
    }
    let notifications = answers.notifications
    let invalid = answers.submitted && !notifications.problems.isEmpty
    let notice: HTML =
      invalid
      ? "<p class=\"notice-banner notice-banner--problem\" role=\"alert\">\(t(.settingsProblems))</p>"
      : view.notice.map { "<p class=\"notice-banner\" role=\"status\">\($0.text(t))</p>" } ?? ""
    return page(
      "Settings", theme: theme, bodyClass: "page-settings", tab: .settings,
      main: """
        <header class="screen-head"><h1>Settings</h1></header>
        \(notice)
        <form class="settings-form" method="post" action="\(WalkWorthyPath.settings.path)" data-switch-path="\(WalkWorthyPath.settingsSwitch.path)" data-text-switch-saved="\(t(.switchSaved))" data-text-switch-failed="\(t(.switchFailed))">
        <section class="glass card" aria-labelledby="privacy-title">
        <h2 id="privacy-title">You and Canvas</h2>
        \(toggle("personalize", "Use profile for personalization", answers.personalize))
        \(toggle("fake-canvas", "Use fake Canvas link", answers.fakeCanvas))
        <p class="hint"><a href="\(WalkWorthyPath.welcome.path)">Edit your profile</a></p>
        </section>
        <section class="glass card" aria-labelledby="reading-title">
        <h2 id="reading-title">Reading</h2>
        <div class="field"><label for="settings-translation">Translation</label><select id="settings-translation" name="translation">\(translations)</select></div>
        <fieldset class="field"><legend>Appearance</legend><ul role="list" class="segments">\(themes)</ul></fieldset>
        </section>
        <section class="glass card" aria-labelledby="notifications-title">
        <h2 id="notifications-title">Notifications</h2>
        \(toggle("notifications", "Notifications", notifications.isEnabled))
        \(timeField(.dailyTime, label: "Daily encouragement at", value: notifications.dailyTime, answers))
        \(toggle("quiet", "Quiet hours", notifications.quietHoursOn))
        <div class="field-row">
        \(timeField(.quietStart, label: "From", value: notifications.quietStart, answers))
        \(timeField(.quietEnd, label: "Until", value: notifications.quietEnd, answers))
        </div>
        <p class="hint">A daily time inside quiet hours moves to their end. Times are in \(view.device.timeZone).</p>
        </section>
        \(hiddenZone())
        <div class="action-bar"><p class="switch-status" id="switch-status" role="status"></p><button class="button button--wide" type="submit" data-primary-action>Save settings</button></div>
        </form>
        \(testNotificationCard(view))
        \(pushCard(view))
        \(aboutCard(view))
        \(testClockCard(view))
        \(CrisisSupport.link(WalkWorthyPath.support.path))
        """)
  }

  /// A time input with its problem beside it, if the posted form had one.
  func timeField(
    _ field: NotificationSettingsForm.Field, label: String, value: String, _ answers: SettingsAnswers
  ) -> HTML {
    let name = field.rawValue
    let problem = answers.problem(field).map { t($0.message) }
    return self.field(
      name, label: label, problem: problem,
      input: "<input id=\"\(name)\" name=\"\(name)\" type=\"time\" value=\"\(value)\"\(describedBy(name, problem))>")
  }

  // MARK: Not found

  /// An address that leads nowhere in WalkWorthy (an entry, a card or a page typed by hand),
  /// with the way back to today's encouragement.
  func notFound() -> Page {
    page(
      t(.notFoundTitle), theme: .system, bodyClass: "page-not-found", tab: nil,
      main: """
        <section class="glass card">
        <h1>\(t(.notFoundTitle))</h1>
        <p>\(t(.notFoundBody))</p>
        <p><a class="button" href="\(WalkWorthyPath.home.path)">\(t(.notFoundBack))</a></p>
        </section>
        """)
  }

  // MARK: Support

  /// Helplines, one tap from home and settings; open before onboarding too.
  func support() -> Page {
    page(
      "Need to talk to someone now?", theme: .system, bodyClass: "page-support support-page", tab: nil,
      main: """
        <nav class="back" aria-label="Back"><a href="\(WalkWorthyPath.home.path)">\u{2190} Home</a></nav>
        <section class="glass card">
        \(CrisisSupport.opening)
        \(CrisisSupport.helplines)
        <p>A school counsellor, a pastor, or a friend you trust can help too. Telling someone is a strong thing to do.</p>
        </section>
        """)
  }

  func label(_ theme: ThemeChoice) -> String {
    switch theme {
    case .system: "System"
    case .light: "Light"
    case .dark: "Dark"
    }
  }

  func toggle(_ name: String, _ label: String, _ on: Bool) -> HTML {
    "<label class=\"switch\"><input type=\"checkbox\" role=\"switch\" name=\"\(name)\"\(on ? HTML(" checked") : "")><span>\(label)</span></label>"
  }

  func testNotificationCard(_ view: SettingsView) -> HTML {
    """
    <section class="glass card" aria-labelledby="test-title">
    <h2 id="test-title">Check notifications</h2>
    <p>\(t(NotificationPlanner.testExplainer))</p>
    <form method="post" action="\(WalkWorthyPath.testNotification.path)" data-test-notification>
    <button class="button button--wide" type="submit">\(t(NotificationPlanner.testButton))</button>
    </form>
    <p class="test-status" id="test-status" role="status"></p>
    <div class="notice-banner notice-banner--fallback" id="test-fallback" role="alert" hidden></div>
    </section>
    """
  }

  /// "Notify me": the daily encouragement as a Web Push, even with WalkWorthy closed. The page's
  /// script asks the browser's permission and subscribes with the server's key.
  func pushCard(_ view: SettingsView) -> HTML {
    let subscribed = view.device.push != nil
    let texts: [(String, WalkWorthyText)] = [
      ("on", .pushOn), ("off", .pushOff), ("blocked", .pushBlocked), ("unsupported", .pushUnsupported),
      ("failed", .pushFailed),
    ]
    let data: [HTML] = texts.map { name, key in " data-text-\(name)=\"\(t(key))\"" }
    return """
      <section class="glass card" aria-labelledby="push-title" data-push data-push-key="\(view.pushKey)" \
      data-push-path="\(WalkWorthyPath.pushSubscription.path)" data-push-subscribed="\(subscribed ? "true" : "false")"\(data)>
      <h2 id="push-title">\(t(.pushTitle))</h2>
      <p>\(t(.pushLead))</p>
      <button class="button button--wide" type="button" data-push-subscribe\(subscribed ? " hidden" : "")>\(t(.pushSubscribe))</button>
      <button class="button button--wide" type="button" data-push-unsubscribe\(subscribed ? "" : " hidden")>\(t(.pushUnsubscribe))</button>
      <p class="push-status" role="status" data-push-status>\(subscribed ? t(.pushOn) : "")</p>
      </section>
      """
  }

  /// What a person wants to know about the app; the names only a developer needs stay folded away.
  func aboutCard(_ view: SettingsView) -> HTML {
    let onOff = { (on: Bool) in on ? t(.on) : t(.off) }
    let details: [(WalkWorthyText, String)] = [
      (.aboutCommit, view.build.commit ?? t(.aboutCommitUnknown)), (.aboutAPIMode, view.api.rawValue),
      (.aboutFakeCanvas, onOff(view.device.usesFakeCanvas(view.config))),
      (.aboutNotificationMode, view.config.notificationMode.rawValue),
      (.aboutBackgroundTask, t(.aboutBackgroundTaskValue, ["identifier": BackgroundRefresh.taskIdentifier])),
    ]
    let rows = details.map { key, value in HTML("<div><dt>\(t(key))</dt><dd>\(value)</dd></div>") }
    return """
      <section class="glass card about" aria-labelledby="about-title">
      <h2 id="about-title">\(t(.aboutTitle))</h2>
      <dl><div><dt>\(t(.aboutVersion))</dt><dd>\(view.build.version)</dd></div></dl>
      <p class="hint">\(t(.aboutBibleText))</p>
      <details class="technical"><summary>\(t(.aboutTechnical))</summary><dl>\(rows)</dl></details>
      </section>
      """
  }

  func testClockCard(_ view: SettingsView) -> HTML {
    guard let clock = view.testClock else { return "" }
    return """
      <section class="glass card test-clock" aria-labelledby="clock-title">
      <h2 id="clock-title">Test device clock</h2>
      <p class="hint">Test servers only. This device reads \(WireTimestamp.format(clock.now, precision: .seconds))\(clock.shifted ? " (moved)" : "").</p>
      <form method="post" action="\(WalkWorthyPath.testClock.path)">
      \(field("clock-at", label: "Set the device clock to (ISO 8601)", problem: clock.problem, input: "<input id=\"clock-at\" name=\"at\" type=\"text\" value=\"\(clock.typed)\"\(describedBy("clock-at", clock.problem))>"))
      <button class="button button--glass" type="submit">Set clock</button>
      </form>
      <form method="post" action="\(WalkWorthyPath.testClock.path)"><button class="button button--glass" type="submit">Back to real time</button></form>
      </section>
      """
  }
}
