import Foundation
import MIGACore
import OrchardKit
import ServerKit

/// The HTML of every MIGA screen, rendered from the core's values in the reader's language.
struct MIGAPages {
  /// The sentences of the request's language.
  let t: Localizer<MIGAText>

  func page(_ title: String, bodyClass: String, refresh: Int? = nil, main: HTML) -> Page {
    // The pause is a reading moment, set wholly in Lora: it loads one font, not two.
    let isPause = bodyClass.contains("gateway")
    var page = Page(
      title: title, description: "A calm pause between you and the apps you reach for without thinking.",
      theme: MIGATheme.tokens.name,
      themeColor: MIGATheme.tokens.themeColor(isPause ? "pause-background" : "background"),
      stylesheets: ["miga/miga.css"], scripts: ["js/browser-zone.js", "js/in-place.js", "miga/miga.js"],
      preloadFonts: isPause ? ["fonts/lora-latin.woff2"] : [FontFace.inter.assetPath, "fonts/lora-latin.woff2"],
      bodyClass: "miga " + bodyClass, main: main)
    page.refreshWithoutScript = refresh
    page.language = t.language
    // The service worker and the addresses of the offline pause, for the page script.
    page.data = [
      ("worker", MIGAPath.serviceWorker.path), ("scope", MIGAPath.home.path),
      ("opening", MIGAPath.openingPrefix), ("offline-gateway", MIGAPath.offlineGateway.path),
      ("offline-pauses", MIGAPath.offlinePauses.path), ("offline-batch", "\(OfflineGateway.batchLimit)"),
    ]
    return page
  }

  /// A tile's round badge: the app's initial on its colour.
  func badge(_ app: SocialApp) -> HTML {
    let tint = app.isCustom ? "custom" : app.id
    return "<span class=\"app-badge app-badge--\(tint)\" aria-hidden=\"true\">\(String(app.name.prefix(1)))</span>"
  }

  // MARK: Hub

  func hub(_ hub: HubSelection, streak: ControlStreak, firstRun: Bool) -> Page {
    let banner: HTML =
      streak.current > 0
      ? "<p class=\"streak-banner\"><span aria-hidden=\"true\">🔥</span> \(streak.current)-Day Control Streak. Keep the momentum going!</p>"
      : "<p class=\"streak-banner streak-banner--start\">Your Control Streak starts with one Exit.</p>"
    let tiles = hub.apps.map { app in
      HTML(
        """
        <li><form method="post" action="\(MIGAPath.opening(app))"><button class="app-tile" type="submit">\
        \(badge(app))<span class="app-name">\(app.name)</span></button></form></li>
        """)
    }
    let welcome: HTML =
      firstRun
      ? """
      <section class="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">Your hub is ready</h2>
      <p>Whenever you reach for one of these apps, open it from here. MIGA will give you a short pause first, and the choice stays yours.</p>
      <p><a class="button" href="\(MIGAPath.home.path)">Got it</a></p>
      </section>
      """ : ""
    return page(
      "MIGA", bodyClass: "hub-page",
      main: """
        <header class="hub-header">
        <h1>MIGA</h1>
        <nav aria-label="MIGA"><a href="\(MIGAPath.stats.path)">Stats</a><a href="\(MIGAPath.settings.path)">Settings</a></nav>
        </header>
        \(banner)
        \(welcome)
        <h2 class="hub-title">Where would you like to go?</h2>
        <ul class="app-grid" role="list">\(tiles)</ul>
        \(CrisisSupport.link(MIGAPath.support.path))
        """)
  }

  // MARK: Gateway

  func gateway(_ gateway: Gateway, content: ContentItem, now: Date) -> Page {
    let remaining = gateway.remaining(at: now)
    let paragraphs = content.paragraphs.map { HTML("<p>\($0)</p>") }
    let intentions = Intention.allCases.map { intention in
      HTML(
        "<li><label class=\"intention\"><input type=\"radio\" name=\"intention\" value=\"\(intention.rawValue)\" form=\"proceed\"> \(t(intention.label))</label></li>"
      )
    }
    let ready = remaining == 0
    let captions = captions(gateway.seconds, remaining: remaining)
    return page(
      "\(t(.gatewayTitle, ["app": gateway.app.name])) · MIGA", bodyClass: "gateway-page",
      refresh: ready ? nil : remaining,
      main: """
        <section class="gateway" aria-labelledby="gateway-title" data-remaining="\(remaining)" data-seconds="\(gateway.seconds)" \
        data-announce-at="\(Gateway.announcedRemaining)" data-captions="\(json(captions))">
        <h1 id="gateway-title" class="gateway-app">\(t(.gatewayTitle, ["app": gateway.app.name]))</h1>
        \(countdown(gateway.seconds, remaining: remaining, caption: captions[remaining]))
        <figure class="reading reading--\(content.kind.rawValue)">
        <blockquote>\(paragraphs)</blockquote>
        <figcaption>\(Reading(content).lead)<cite>\(content.work)</cite>\(Reading(content).rest)</figcaption>
        </figure>
        <fieldset class="intentions"><legend>Going in? Say what for (optional)</legend><ul role="list">\(intentions)</ul></fieldset>
        <div class="gateway-actions">
        <form class="exit" method="post" action="\(MIGAPath.exit.path)"><button class="button button--exit" type="submit" data-primary-action>Exit to Focus</button></form>
        <form method="post" action="\(MIGAPath.next.path)"><button class="button button--quiet" type="submit" data-primary-action>Read Next</button></form>
        <form class="proceed" id="proceed" method="post" action="\(MIGAPath.proceed.path)">
        <button class="button button--proceed" type="submit"\(ready ? "" : " disabled") data-primary-action>\(t(gateway.app.proceedLabel))</button>
        </form>
        </div>
        \(CrisisSupport.link(MIGAPath.support.path))
        </section>
        """)
  }

  /// One source for the ring, its number and the caption: the core's remaining time. The page
  /// script shows the caption of each second from this list as the ring drains.
  func captions(_ seconds: Int, remaining: Int) -> [String] {
    (0...max(seconds, remaining)).map { $0 == 0 ? t(.pauseOver) : t(.secondsLeft, ["seconds": $0]) }
  }

  /// The ring, its number and the caption, `remaining` of `seconds` left.
  func countdown(_ seconds: Int, remaining: Int, caption: String) -> HTML {
    let circumference = 2 * Double.pi * 54
    let offset = circumference * Double(remaining) / Double(max(seconds, 1))
    return """
      <div class="countdown">
      <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false"><circle class="countdown-track" cx="60" cy="60" r="54"/>\
      <circle class="countdown-ring" cx="60" cy="60" r="54" stroke-dasharray="\(String(format: "%.2f", circumference))" stroke-dashoffset="\(String(format: "%.2f", offset))"/></svg>
      <span class="countdown-number" aria-hidden="true">\(remaining)</span>
      </div>
      <p class="countdown-status" aria-hidden="true">\(caption)</p>
      <p class="visually-hidden" role="status" data-announcer>\(caption)</p>
      """
  }

  /// A value as JSON text, for a `data-*` attribute (escaped there like any text).
  func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }

  // MARK: Offline gateway

  /// The pause with no connection, kept by the service worker: the page script runs it in front
  /// of the app its address names, with the quotes and the length the core chose for this device,
  /// and queues its steps. Its actions never post: the network is gone.
  func offlineGateway(_ plan: OfflineGateway.Plan, hub: HubSelection) -> Page {
    let apps = Dictionary(
      hub.apps.map { app in
        (
          app.id,
          OfflineApp(
            title: t(.gatewayTitle, ["app": app.name]), proceed: t(app.proceedLabel), url: app.webURL)
        )
      }, uniquingKeysWith: { first, _ in first })
    let first = hub.apps[0]
    let quotes = plan.quotes.map(Reading.init)
    let reading = quotes.first
    let captions = captions(plan.seconds, remaining: plan.seconds)
    let intentions = Intention.allCases.map { intention in
      HTML(
        "<li><label class=\"intention\"><input type=\"radio\" name=\"intention\" value=\"\(intention.rawValue)\"> \(t(intention.label))</label></li>"
      )
    }
    return page(
      "\(t(.gatewayTitle, ["app": first.name])) · MIGA", bodyClass: "gateway-page offline-gateway-page",
      main: """
        <section class="gateway gateway--offline" aria-labelledby="gateway-title" data-offline-pause \
        data-remaining="\(plan.seconds)" data-seconds="\(plan.seconds)" data-announce-at="\(Gateway.announcedRemaining)" \
        data-captions="\(json(captions))" data-apps="\(json(apps))" data-quotes="\(json(quotes))">
        <h1 id="gateway-title" class="gateway-app">\(t(.gatewayTitle, ["app": first.name]))</h1>
        <p class="offline-note">\(t(.offlinePauseNote))</p>
        \(countdown(plan.seconds, remaining: plan.seconds, caption: captions[plan.seconds]))
        <figure class="reading reading--quote">
        <blockquote>\(reading.map { $0.paragraphs.map { HTML("<p>\($0)</p>") } } ?? [])</blockquote>
        <figcaption>\(reading?.lead ?? "")<cite>\(reading?.work ?? "")</cite>\(reading?.rest ?? "")</figcaption>
        </figure>
        <fieldset class="intentions"><legend>Going in? Say what for (optional)</legend><ul role="list">\(intentions)</ul></fieldset>
        <div class="gateway-actions">
        <form class="exit" data-step="exit"><button class="button button--exit" type="submit" data-primary-action>Exit to Focus</button></form>
        <form data-step="next"><button class="button button--quiet" type="submit" data-primary-action>Read Next</button></form>
        <form class="proceed" data-step="proceed">
        <button class="button button--proceed" type="submit" disabled data-primary-action>\(t(first.proceedLabel))</button>
        </form>
        </div>
        \(CrisisSupport.link(MIGAPath.support.path))
        </section>
        """)
  }

  // MARK: Leaving

  /// Opens the app's address at once; the link is there if the browser does not follow.
  func leaving(_ app: SocialApp) -> Page {
    var page = page(
      "Opening \(app.name) · MIGA", bodyClass: "leaving-page",
      main: """
        <section class="leaving" aria-labelledby="leaving-title">
        \(badge(app))
        <h1 id="leaving-title">Opening \(app.name)</h1>
        <p>Enjoy it on purpose. MIGA will be here when you come back.</p>
        <p><a class="button" href="\(app.webURL)" rel="noopener">Go to \(app.name)</a></p>
        </section>
        """)
    page.continueTo = app.webURL
    return page
  }

  // MARK: Win

  func win(streak: ControlStreak, exits: Int) -> Page {
    let streakLine: HTML =
      streak.current > 0
      ? "<p class=\"win-streak\"><span aria-hidden=\"true\">🔥</span> \(streak.current)-Day Control Streak</p>" : ""
    return page(
      "Control Reclaimed · MIGA", bodyClass: "win-page",
      main: """
        <section class="win" aria-labelledby="win-title">
        <div class="win-mark" aria-hidden="true"></div>
        <h1 id="win-title">Control Reclaimed. That\u{2019}s a Win.</h1>
        <p>You chose what to do with this moment. That is exit number \(exits).</p>
        \(streakLine)
        <p><a class="button" href="\(MIGAPath.home.path)">Back to my hub</a></p>
        <p><a href="\(MIGAPath.stats.path)">See how it is adding up</a></p>
        </section>
        """)
  }

  // MARK: Stats

  func stats(_ stats: Stats) -> Page {
    let life = stats.lifetime
    let hoursText = t(durationMessage(minutes: Int(stats.hoursReclaimed.minutes.rounded())))
    let summary: HTML =
      life.exits > 0
      ? "<p class=\"stats-lead\">\(t(.statsLead, ["exits": life.exits, "time": hoursText]))</p>"
      : "<p class=\"stats-lead\">Your first Exit will show up here. Every one counts.</p>"
    let deferred: HTML = stats.deferredExitsNote.map { "<p class=\"metric-note\">\(t($0))</p>" } ?? ""
    let tiles: [(String, String)] = [
      ("Conscious exits", "\(life.exits)"), ("Pauses completed", "\(life.completions)"),
      ("Passages read", "\(life.reads)"), ("Apps opened after a pause", "\(life.proceeds)"),
    ]
    let lifetime = tiles.map { label, value in
      HTML("<li><span class=\"stat-value\">\(value)</span><span class=\"stat-label\">\(label)</span></li>")
    }
    let streak = stats.streak
    let freezes = t(.freezesSaved, ["count": streak.freezesHeld])
    return page(
      "Stats · MIGA", bodyClass: "stats-page",
      main: """
        <nav class="page-top" aria-label="Stats"><a href="\(MIGAPath.home.path)">Back to hub</a></nav>
        <h1>This is working</h1>
        \(summary)
        <ul class="stat-grid" role="list" aria-label="Since you started">\(lifetime)</ul>
        <section class="metric" aria-labelledby="hours-title">
        <h2 id="hours-title">Hours reclaimed <span class="estimate">(an estimate)</span></h2>
        <p class="metric-value">\(hoursText)</p>
        \(deferred)
        <details><summary>How is this counted?</summary><p>\(t(Stats.hoursReclaimedFormula))</p></details>
        </section>
        <section class="metric" aria-labelledby="score-title">
        <h2 id="score-title">Intentionality score</h2>
        <p class="metric-value">\(stats.intentionality.rounded)<span class="metric-unit"> / 100</span></p>
        <details><summary>How is this computed?</summary><p>\(t(Stats.intentionalityFormula))</p>\
        <p>\(t(Stats.intentionalityCounts(stats.intentionality)))</p></details>
        </section>
        <section class="metric" aria-labelledby="streak-title">
        <h2 id="streak-title">Control streak</h2>
        <p class="metric-value">\(t(.days, ["days": streak.current]))</p>
        <p>Longest: \(t(.days, ["days": streak.longest])) · \(freezes)</p>
        <details><summary>What keeps a streak?</summary><p>\(streakRule)</p></details>
        </section>
        \(trendChart(stats.trend))
        """)
  }

  /// Daily attempts against exits for the trend's days, as bars, with the numbers in a table for
  /// screen readers.
  func trendChart(_ trend: DailyTrend) -> HTML {
    let days = trend.days
    let peak = max(1, days.map(\.attempts).max() ?? 1)
    let width = 300.0
    let height = 120.0
    let slot = width / Double(max(days.count, 1))
    let bars = days.enumerated().map { index, day in
      let x = Double(index) * slot
      let attempts = height * Double(day.attempts) / Double(peak)
      let exits = height * Double(day.exits) / Double(peak)
      return HTML(
        """
        <rect class="bar-attempts" x="\(String(format: "%.1f", x + 1))" y="\(String(format: "%.1f", height - attempts))" width="\(String(format: "%.1f", slot - 2))" height="\(String(format: "%.1f", attempts))"/>\
        <rect class="bar-exits" x="\(String(format: "%.1f", x + 1))" y="\(String(format: "%.1f", height - exits))" width="\(String(format: "%.1f", slot - 2))" height="\(String(format: "%.1f", exits))"/>
        """)
    }
    let rows = days.reversed().filter { $0.attempts > 0 || $0.exits > 0 }.map { day in
      HTML("<tr><th scope=\"row\">\(day.day.description)</th><td>\(day.attempts)</td><td>\(day.exits)</td></tr>")
    }
    let change: HTML = trend.changeMessage.map { HTML("<p>\(t($0))</p>") } ?? ""
    return """
      <section class="metric trend" aria-labelledby="trend-title">
      <h2 id="trend-title">\(t(trend.title))</h2>
      <p class="legend"><span class="key key--attempts"></span> Reached for an app <span class="key key--exits"></span> Chose Exit</p>
      <svg class="trend-chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-label="\(t(trend.chartLabel))" preserveAspectRatio="none">\(bars)</svg>
      \(change)
      <details><summary>The numbers</summary>
      <table><thead><tr><th scope="col">Day</th><th scope="col">Attempts</th><th scope="col">Exits</th></tr></thead><tbody>\(rows)</tbody></table>
      </details>
      </section>
      """
  }

  // MARK: Settings

  /// What a settings change says afterwards.
  func noticeText(_ notice: SettingsNotice) -> String {
    switch notice {
    case .saved: "Saved."
    case .added: "Added to your hub."
    case .removed: "Removed from your hub."
    case .full: t(HubSelection.fullMessage)
    case .last: t(HubSelection.lastMessage)
    }
  }

  /// How chosen themes weigh in the rotation, from the core's weights.
  var rotationRule: String { t(CategoryPreferences.rule) }

  /// What keeps a streak, from the core's freeze policy.
  var streakRule: String { t(ControlStreak.rule) }

  /// `customSite` is a site the settings could not add, shown again in its form with the reason
  /// beside the field at fault.
  func settings(
    _ state: MIGAState, query: String, notice: SettingsNotice?, credit: String, customSite: CustomSiteAnswer? = nil
  ) -> Page {
    let problemText: String? = customSite.map {
      switch $0.problem {
      case .name: "Give the site a name of 1 to \(SocialApp.customNameLimit) characters."
      case .address: "Enter the site\u{2019}s address starting with https://, for example https://example.org."
      }
    }
    func invalid(_ problem: CustomAppProblem) -> HTML {
      customSite?.problem == problem ? " aria-invalid=\"true\" aria-describedby=\"custom-error\"" : ""
    }
    func error(_ problem: CustomAppProblem) -> HTML {
      guard customSite?.problem == problem, let problemText else { return "" }
      return "<p class=\"field-error\" id=\"custom-error\" role=\"alert\">\(problemText)</p>"
    }
    let hub = state.hub?.apps ?? []
    let pauseOptions = PauseSettings.offered.map { seconds in
      HTML(
        "<option value=\"\(seconds)\"\(seconds == state.settings.pause.seconds ? " selected" : "")>\(seconds) seconds</option>"
      )
    }
    let current = hub.map { app in
      HTML(
        """
        <li>\(badge(app))<span class="app-name">\(app.name)</span>\
        <form method="post" action="\(MIGAPath.removeApp.path)"\(Self.appsInPlace)><input type="hidden" name="app" value="\(app.id)">\
        <button class="button button--quiet button--small" type="submit"\(state.hub?.canRemove == false ? " disabled" : "") aria-label="Remove \(app.name)">Remove</button></form></li>
        """)
    }
    let results = HubSelection.search(query).filter { app in !hub.contains { $0.id == app.id } }.map { app in
      HTML(
        """
        <li>\(badge(app))<span class="app-name">\(app.name)</span>\
        <form method="post" action="\(MIGAPath.addApp.path)"\(Self.appsInPlace)><input type="hidden" name="app" value="\(app.id)">\
        <button class="button button--small" type="submit" aria-label="Add \(app.name)"\(state.hub?.canAdd == false ? " disabled" : "")>Add</button></form></li>
        """)
    }
    let categories = ContentCategory.allCases.map { category in
      HTML(
        "<li><label class=\"check\"><input type=\"checkbox\" name=\"category\" value=\"\(category.rawValue)\"\(state.settings.categories.chosen.contains(category) ? " checked" : "")> \(t(category.label))</label></li>"
      )
    }
    let hours = MIGASettings.dayStartHours.map { hour in
      HTML(
        "<option value=\"\(hour)\"\(hour == state.settings.dayStartHour ? " selected" : "")>\(MIGASettings.hourText(hour))</option>"
      )
    }
    let noticeHTML: HTML =
      "<div class=\"settings-notice\" role=\"status\">\(notice.map { HTML("<p class=\"notice\">\(noticeText($0))</p>") } ?? "")</div>"

    return page(
      "Settings · MIGA", bodyClass: "settings-page",
      main: """
        <nav class="page-top" aria-label="Settings"><a href="\(MIGAPath.home.path)">Back to hub</a></nav>
        <h1>Settings</h1>
        \(noticeHTML)
        <section class="setting" aria-labelledby="pause-title">
        <h2 id="pause-title">The pause</h2>
        <form method="post" action="\(MIGAPath.pause.path)" class="pause-form">
        <label for="pause-seconds">Pause length</label>
        <select id="pause-seconds" name="seconds">\(pauseOptions)</select>
        <div class="pause-preview" aria-hidden="true"><svg viewBox="0 0 120 120" focusable="false"><circle class="countdown-track" cx="60" cy="60" r="54"/><circle class="countdown-ring" cx="60" cy="60" r="54"/></svg><span class="pause-preview-number">\(state.settings.pause.seconds)</span></div>
        <label class="check"><input type="checkbox" name="adapts" value="1"\(state.settings.pause.adapts ? " checked" : "")> \(t(AdaptivePause.settingLabel))</label>
        <button class="button" type="submit">Save the pause</button>
        </form>
        </section>
        <section class="setting" id="apps-setting" aria-labelledby="apps-title">
        <h2 id="apps-title" tabindex="-1">Your apps</h2>
        <ul class="app-list" role="list" aria-label="In your hub">\(current)</ul>
        <form method="get" action="\(MIGAPath.settings.path)" class="search" role="search">
        <label for="app-search">Find an app to add</label>
        <input id="app-search" name="q" type="search" value="\(query)" autocomplete="off">
        <button class="button button--quiet" type="submit">Search</button>
        </form>
        <ul class="app-list" role="list" aria-label="Apps you can add">\(results)</ul>
        <form method="post" action="\(MIGAPath.customApp.path)" class="custom-app">
        <p>Or add any site:</p>
        <label for="custom-name">Name</label><input id="custom-name" name="name" maxlength="\(SocialApp.customNameLimit)" required value="\(customSite?.name ?? "")"\(invalid(.name))>
        \(error(.name))
        <label for="custom-url">Address (https://…)</label><input id="custom-url" name="url" type="url" required placeholder="https://" value="\(customSite?.url ?? "")"\(invalid(.address))>
        \(error(.address))
        <button class="button button--quiet" type="submit">Add this site</button>
        </form>
        </section>
        <section class="setting" aria-labelledby="categories-title">
        <h2 id="categories-title">What to read in the pause</h2>
        <form method="post" action="\(MIGAPath.categories.path)">
        <fieldset><legend>\(rotationRule)</legend>
        <ul role="list" class="checks">\(categories)</ul></fieldset>
        <button class="button" type="submit">Save themes</button>
        </form>
        <p class="source">\(credit)</p>
        </section>
        <section class="setting" aria-labelledby="day-title">
        <h2 id="day-title">Your day</h2>
        <form method="post" action="\(MIGAPath.day.path)">
        <label for="day-start">A new day starts at</label>
        <select id="day-start" name="hour">\(hours)</select>
        <p class="hint">Time zone: \(state.settings.timeZone)</p>
        <input type="hidden" name="zone" value="\(state.settings.timeZone)"\(state.settings.timeZone == IANAZone.utc.identifier ? " data-browser-zone" : "")>
        <button class="button button--quiet" type="submit">Save</button>
        </form>
        </section>
        <section class="setting" aria-labelledby="data-title">
        <h2 id="data-title">Your data</h2>
        <p>Everything MIGA knows about you is this device\u{2019}s own log. Take it with you, or erase it.</p>
        <p><a class="button button--quiet" href="\(MIGAPath.export.path)" download>Export my data (JSON)</a></p>
        <form method="post" action="\(MIGAPath.erase.path)" class="erase">
        <label class="check"><input type="checkbox" name="confirm" value="yes" required> Yes, erase my stats, streak and settings</label>
        <button class="button button--danger" type="submit">Erase my data</button>
        </form>
        </section>
        \(CrisisSupport.link(MIGAPath.support.path))
        """)
  }

  /// Adding or removing an app changes the apps and the notice in place (js/in-place.js); the
  /// form's post is the fallback.
  static let appsInPlace: HTML =
    " data-in-place=\"#apps-setting,.settings-notice\" data-expect=\"\(MIGAPath.settings.path)\" data-focus=\"#apps-title\""

  // MARK: Not found

  /// An address that leads nowhere in MIGA (a step, an app or a page typed by hand), with the way
  /// back to the hub.
  func notFound() -> Page {
    page(
      "\(t(.notFoundTitle)) · MIGA", bodyClass: "not-found-page",
      main: """
        <h1>\(t(.notFoundTitle))</h1>
        <p>\(t(.notFoundBody))</p>
        <p><a class="button" href="\(MIGAPath.home.path)">\(t(.notFoundBack))</a></p>
        """)
  }

  // MARK: Support

  /// Helplines, one tap from the hub, the pause and settings; open before onboarding too.
  func support() -> Page {
    page(
      "Need to talk to someone now? · MIGA", bodyClass: "support-page",
      main: """
        <nav class="page-top" aria-label="Support"><a href="\(MIGAPath.home.path)">Back to MIGA</a></nav>
        \(CrisisSupport.opening)
        \(CrisisSupport.helplines)
        <p>The readings in the pause are old words about living well. If one of them landed heavily today, that is worth telling someone about too.</p>
        """)
  }
}

/// A reading as the pause shows it: its paragraphs, and its credit around the work's title.
struct Reading: Encodable {
  let id: String
  let paragraphs: [String]
  /// "— Marcus Aurelius, ", before the work.
  let lead: String
  let work: String
  /// The locus and the translator after the work: " 4.3, tr. George Long".
  let rest: String

  init(_ item: ContentItem) {
    id = item.id
    paragraphs = item.paragraphs
    lead = "\u{2014} \(item.author), "
    work = item.work
    rest = item.locusSuffix + (item.translator.map { ", tr. \($0)" } ?? "")
  }
}

/// What the offline pause shows in front of one app of the hub.
struct OfflineApp: Encodable {
  let title: String
  let proceed: String
  let url: String
}
