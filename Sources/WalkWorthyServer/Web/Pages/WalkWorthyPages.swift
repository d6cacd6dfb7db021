import Foundation
import OrchardKit
import ServerKit
import WalkWorthyCore

/// The HTML of every WalkWorthy screen, rendered from the core's values in the reader's language.
struct WalkWorthyPages {
  /// The sentences of the request's language.
  let t: Localizer<WalkWorthyText>
  /// The device's notification inbox, shown above every screen with tabs; nil shows none.
  var inbox: InboxView?
  /// Dates and times as that language writes them.
  var formats: Formats { Formats(t.language) }

  /// The tabs at the foot of every screen after onboarding.
  enum Tab: String, CaseIterable {
    case home, canvas, history, settings

    var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    var path: String {
      switch self {
      case .home: WalkWorthyPath.home.path
      case .canvas: WalkWorthyPath.canvas.path
      case .history: WalkWorthyPath.history.path
      case .settings: WalkWorthyPath.settings.path
      }
    }
  }

  func page(_ title: String, theme: ThemeChoice, bodyClass: String, tab: Tab?, main: HTML) -> Page {
    var page = Page(
      title: title == "WalkWorthy" ? title : "\(title) · WalkWorthy",
      description: "A verse and a word of encouragement for a student\u{2019}s real day.",
      theme: WalkWorthyTheme.tokens.name, themeColor: Self.themeColor(theme),
      stylesheets: ["walkworthy/walkworthy.css"], scripts: ["js/browser-zone.js", "walkworthy/walkworthy.js"],
      preloadFonts: [FontFace.inter.assetPath, "fonts/lora-latin.woff2"],
      bodyClass: "ww " + bodyClass + (tab == nil ? "" : " has-tabs"),
      main: "\(tab == nil ? "" : inboxList())\(main)\(tab.map(tabs) ?? "")")
    page.htmlClass = "theme-\(theme.rawValue)"
    page.data = Self.scriptData
    page.language = t.language
    return page
  }

  /// What the page script needs: where the worker and the pop-ups' record live, how long a worker
  /// may hold a notification, and its sentences ({placeholders} filled in by the script).
  static let scriptData: [(name: String, value: String)] = [
    ("worker", WalkWorthyPath.serviceWorker.path), ("scope", WalkWorthyPath.home.path),
    ("popups-seen", WalkWorthyPath.popupsSeen.path), ("worker-hold", String(Int(NotificationPlanner.browserHoldLimit))),
    (
      "text-blocked",
      "Notifications are blocked or not supported in this browser, so here it is in the page. You can allow them in your browser\u{2019}s site settings."
    ),
    ("text-send-failed", "The test could not be sent. Check your connection and try again."),
    ("text-off", SettingsNotice.off.text(WalkWorthyTexts.all.localizer(.english))),
    ("text-sent-system", "Sent. It arrives in {seconds} seconds, even if you leave this page."),
    ("text-sent-page", "Sent. It appears here in {seconds} seconds."),
    ("text-card", "Card {number} of {count}: {tag}. {ref}"),
    ("text-offline", WalkWorthyTexts.all.localizer(.english)(.offlineLastCard)),
  ]

  /// The browser's colour: the system's look, or the one the device chose.
  static func themeColor(_ theme: ThemeChoice) -> ThemeColor {
    let color = WalkWorthyTheme.tokens.themeColor()
    return theme == .system ? color : color.fixed(dark: theme == .dark)
  }

  func tabs(_ current: Tab) -> HTML {
    let links = Tab.allCases.map { tab in
      HTML(
        "<li><a href=\"\(tab.path)\"\(tab == current ? HTML(" aria-current=\"page\"") : "")>\(Icons.tab(tab))<span>\(tab.label)</span></a></li>"
      )
    }
    return "<nav class=\"tabs glass\" aria-label=\"WalkWorthy\"><ul role=\"list\">\(links)</ul></nav>"
  }

  /// A verse as every screen shows it: reference, text, the label of its translation, our words.
  func verse(
    ref: String, text: String, label: String?, encouragement: String, headingLevel: Int = 2, id: String = "verse-ref"
  ) -> HTML {
    let name = label.flatMap { Translation(abbreviation: $0)?.name } ?? label ?? "Translation not given"
    let heading = HTML(trusted: "h\(headingLevel)")
    return """
      <div class="card-head"><\(heading) id="\(id)" class="verse-ref">\(ref)</\(heading)>\
      <abbr class="translation-label" title="\(name)">\(label ?? "")</abbr></div>
      <blockquote class="verse-text">\(text)</blockquote>
      <p class="encouragement">\(encouragement)</p>
      """
  }

  /// Notifications that arrived, each until it is dismissed; a script removes one in place.
  func inboxList() -> HTML {
    guard let inbox, !inbox.items.isEmpty else { return "" }
    let items = inbox.items.map { note in
      HTML(
        """
        <li class="notice-banner inbox-item"><p class="notice-title">\(note.title)</p><p>\(note.body)</p>\
        <p class="item-meta">\(t(.inboxArrived, ["time": formats.time(note.fireAt, in: inbox.zone)]))</p>\
        <form method="post" action="\(WalkWorthyPath.inboxDismiss.path)" data-dismiss>\
        <input type="hidden" name="id" value="\(note.id)"><input type="hidden" name="back" value="\(inbox.back)">\
        <button class="button button--glass button--small" type="submit" aria-label="\(t(.inboxDismissLabel, ["title": note.title]))">\(t(.inboxDismiss))</button></form></li>
        """)
    }
    return "<section class=\"inbox\" aria-label=\"\(t(.inboxLabel))\"><ul role=\"list\">\(items)</ul></section>"
  }

  func hiddenZone() -> HTML { "<input type=\"hidden\" name=\"zone\" value=\"\" data-browser-zone>" }

  // MARK: Canvas

  func canvas(_ view: CanvasView, theme: ThemeChoice) -> Page {
    let body: HTML
    if !view.fakeCanvas {
      body = """
        <section class="glass card" aria-labelledby="canvas-off">
        <h2 id="canvas-off">The practice link is off</h2>
        <p>Linking a real Canvas account comes in a later version. To try the practice link, turn on \u{201C}Use fake Canvas link\u{201D} in <a href="\(WalkWorthyPath.settings.path)">Settings</a>.</p>
        </section>
        """
    } else if view.linked {
      body = """
        <section class="glass card canvas-state" aria-labelledby="canvas-status">
        <h2 id="canvas-status" class="status-pill status-pill--on">Linked (mock)</h2>
        <p>No Canvas account is contacted: this is a sample day, so you can see how encouragements fit around it.</p>
        <form method="post" action="\(WalkWorthyPath.canvasUnlink.path)"><button class="button button--glass" type="submit" data-primary-action>Unlink Canvas</button></form>
        </section>
        \(today(view.today, zone: view.zone))
        """
    } else {
      body = """
        <section class="glass card canvas-state" aria-labelledby="canvas-status">
        <h2 id="canvas-status" class="status-pill">Not linked</h2>
        <p>Link a practice Canvas to see a sample day of assignments and exams. Nothing leaves this page and no account is needed.</p>
        <form method="post" action="\(WalkWorthyPath.canvasLink.path)"><button class="button button--wide" type="submit" data-primary-action>Link Canvas (Mock)</button></form>
        </section>
        """
    }
    return page(
      "Canvas", theme: theme, bodyClass: "page-canvas", tab: .canvas,
      main: """
        <header class="screen-head"><h1>Canvas</h1></header>
        \(body)
        """)
  }

  func today(_ canvas: TodayCanvas?, zone: TimeZone) -> HTML {
    guard let canvas else {
      return "<p class=\"glass card\">The sample day could not be read. Please try again.</p>"
    }
    let exams = canvas.examsToday.map { exam in
      HTML(
        "<li><span class=\"item-title\">\(exam.title)</span><span class=\"item-meta\">\(exam.date.map { formats.time($0, in: zone) } ?? exam.when)</span></li>"
      )
    }
    let assignments = canvas.assignmentsToday.map { item in
      let points = item.points.map { " · \($0) points" } ?? ""
      return HTML(
        "<li><span class=\"item-title\">\(item.title)</span><span class=\"item-meta\">Due \(item.dueDate.map { formats.time($0, in: zone) } ?? item.due_at)\(points)</span></li>"
      )
    }
    let examList: HTML =
      exams.isEmpty
      ? "<p>No exams today.</p>" : "<ul role=\"list\" class=\"items\" aria-labelledby=\"exams-title\">\(exams)</ul>"
    let assignmentList: HTML =
      assignments.isEmpty
      ? "<p>Nothing due today.</p>"
      : "<ul role=\"list\" class=\"items\" aria-labelledby=\"assignments-title\">\(assignments)</ul>"
    return """
      <section class="glass card today" aria-labelledby="today-title">
      <h2 id="today-title" class="visually-hidden">Today on Canvas (sample)</h2>
      <h3 id="exams-title">Exams today</h3>
      \(examList)
      <h3 id="assignments-title">Due today</h3>
      \(assignmentList)
      </section>
      """
  }

  // MARK: History

  func history(_ entries: [HistoryEntry], zone: TimeZone, theme: ThemeChoice) -> Page {
    let items = entries.map { entry in
      HTML(
        """
        <li><a class="glass history-item" href="\(WalkWorthyPath.entry(entry.id))">\
        <span class="item-title">\(entry.ref)</span>\
        <span class="item-meta">\(entry.translation ?? "") · \(formats.dayAndTime(entry.seenAt, in: zone))</span></a></li>
        """)
    }
    let list: HTML =
      items.isEmpty
      ? "<p class=\"glass card\">Verses you see on Home, in the pop-ups and from a refresh will gather here.</p>"
      : "<ul role=\"list\" class=\"history\" aria-label=\"Recent verses, newest first\">\(items)</ul>"
    return page(
      "History", theme: theme, bodyClass: "page-history", tab: .history,
      main: """
        <header class="screen-head"><h1>History</h1><p class="lede">Recent verses, newest first.</p></header>
        \(list)
        """)
  }

  func historyDetail(_ entry: HistoryEntry, zone: TimeZone, theme: ThemeChoice) -> Page {
    page(
      entry.ref, theme: theme, bodyClass: "page-detail", tab: .history,
      main: """
        <nav class="back" aria-label="Back"><a href="\(WalkWorthyPath.history.path)">\u{2190} History</a></nav>
        <article class="glass card verse-card" aria-labelledby="detail-ref">
        \(verse(ref: entry.ref, text: entry.text, label: entry.translation, encouragement: entry.encouragement, headingLevel: 1, id: "detail-ref"))
        <p class="item-meta">Seen \(formats.dayAndTime(entry.seenAt, in: zone))</p>
        </article>
        """)
  }
}
