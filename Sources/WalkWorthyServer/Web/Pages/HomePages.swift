import Foundation
import OrchardKit
import ServerKit
import WalkWorthyCore

extension WalkWorthyPages {
  // MARK: Home

  func home(_ view: HomeView, theme: ThemeChoice) -> Page {
    let card = view.feed.current
    let options = Translation.allCases.map { translation in
      HTML(
        "<option value=\"\(translation.rawValue)\"\(translation == card.translation ? HTML(" selected") : "")>\(translation.abbreviation) \u{00B7} \(translation.name)</option>"
      )
    }
    let position = view.feed.position + 1
    return page(
      "WalkWorthy", theme: theme, bodyClass: "page-home", tab: .home,
      main: """
        <header class="screen-head"><h1>Today\u{2019}s word</h1><p class="lede">A verse to carry between classes.</p></header>
        \(refreshResult(view))
        <article class="glass card verse-card" aria-labelledby="verse-ref" data-card="\(card.id)">
        \(verse(ref: card.ref, text: card.text, label: card.label, encouragement: card.encouragement))
        <form class="translation-form" method="post" action="\(WalkWorthyPath.translation.path)" data-translation-picker data-text-shown="\(t(.translationShown))">
        <label for="translation">Translation</label>
        <select id="translation" name="translation">\(options)</select>
        <button class="button button--glass button--small" type="submit" data-script-hides>Change</button>
        <p class="visually-hidden" role="status" data-translation-status></p>
        </form>
        </article>
        <div class="action-bar">
        <div class="feed-actions">
        <form method="post" action="\(WalkWorthyPath.previous.path)"><button class="button button--glass" type="submit" data-primary-action>Previous</button></form>
        <p class="feed-position">\(position) of \(view.feed.entries.count)</p>
        <form method="post" action="\(WalkWorthyPath.next.path)"><button class="button" type="submit" data-primary-action>Next</button></form>
        </div>
        <form method="post" action="\(WalkWorthyPath.popups.path)"><button class="button button--wide button--glow" type="submit" data-primary-action>Show Pop-ups</button></form>
        </div>
        \(refreshCard(view))

        \(CrisisSupport.link(WalkWorthyPath.support.path))
        """)
  }

  /// The check's result, first on the page so it is seen at once: what happened, and the
  /// notification it scheduled (the card below shows the verse that arrived).
  func refreshResult(_ view: HomeView) -> HTML {
    guard let record = view.refresh else { return "" }
    return """
      <div class="refresh-result">\
      <p class="notice-banner refresh-outcome refresh-outcome--\(record.kind.rawValue)" role="status">\(refreshText(record, view: view))</p>\
      \(notification(record.notification, now: view.now))</div>
      """
  }

  func refreshCard(_ view: HomeView) -> HTML {
    """
    <section class="glass card refresh" aria-labelledby="refresh-title">
    <h2 id="refresh-title">\(t(.refreshTitle))</h2>
    <p>\(t(.refreshExplainer))</p>
    <form method="post" action="\(WalkWorthyPath.refresh.path)">\(hiddenZone())<button class="button button--glass" type="submit">\(t(.refreshButton))</button></form>
    </section>
    """
  }

  func refreshText(_ record: RefreshRecord, view: HomeView) -> String {
    switch record.kind {
    case .scheduled:
      guard let note = record.notification else { return t(.refreshScheduledNow, ["title": ""]) }
      if note.firesImmediately(at: view.now) { return t(.refreshScheduledNow, ["title": note.title]) }
      return t(.refreshScheduledAt, ["time": formats.time(note.fireAt, in: view.zone), "title": note.title])
    case .nothingNew: return t(.refreshNothingNew)
    case .expired: return t(.refreshExpired)
    case .alreadyDelivered: return t(.refreshAlreadyDelivered)
    case .notificationsOff: return t(.refreshNotificationsOff)
    case .failed: return apiProblem(record.problem)
    }
  }

  /// Why a refresh could not fetch, for the student, by the failure's code.
  func apiProblem(_ code: String?) -> String {
    switch code {
    case "API_UNREACHABLE": t(.apiUnreachable)
    case "API_UNAUTHORIZED": t(.apiUnauthorized)
    case "API_FAILED": t(.apiFailed)
    default: t(.refreshFailed)
    }
  }

  /// A scheduled notification, for the page's script to show (or to stand in for it in the page).
  func notification(_ request: NotificationRequest?, now: Date) -> HTML {
    guard let request else { return "" }
    let delay = Int(max(0, request.fireAt.timeIntervalSince(now)).rounded())
    return """
      <div class="notice-banner" data-notify data-notify-id="\(request.id)" data-notify-title="\(request.title)" data-notify-body="\(request.body)" data-notify-delay="\(delay)" role="status">\
      <p class="notice-title">\(request.title)</p><p>\(request.body)</p></div>
      """
  }

  // MARK: Pop-ups

  func popups(_ cards: [ShownPopup], current: Int, theme: ThemeChoice) -> Page {
    let items = cards.enumerated().map { index, popup in
      let number = index + 1
      let offset = number - current
      let hidden: HTML = offset == 0 ? "" : " aria-hidden=\"true\" inert"
      return HTML(
        """
        <li class="glass card popup-card" data-number="\(number)" data-offset="\(max(-1, min(offset, 3)))" data-tag="\(t(popup.tag.label))"\(hidden)>
        <p class="tag tag--\(popup.tag.rawValue)">\(t(popup.tag.label))</p>
        \(verse(ref: popup.card.ref, text: popup.card.text, label: popup.card.label, encouragement: popup.card.encouragement, id: "popup-ref-\(number)"))
        </li>
        """)
    }
    let status = "Card \(current) of \(cards.count): \(t(cards[current - 1].tag.label))"
    return page(
      "Pop-ups", theme: theme, bodyClass: "page-popups", tab: nil,
      main: """
        <nav class="back" aria-label="Back"><a href="\(WalkWorthyPath.home.path)">\u{2190} Home</a></nav>
        <section class="popups" aria-labelledby="popups-title" data-current="\(current)" data-count="\(cards.count)">
        <h1 id="popups-title">Encouragements</h1>
        <p class="popup-status" id="popup-status" aria-live="polite">\(status)</p>
        <p class="hint" id="popup-hint">Swipe, use the arrow keys, or the buttons below.</p>
        <ol class="popup-stack" role="list" tabindex="0" aria-roledescription="card stack" aria-labelledby="popups-title" aria-describedby="popup-status popup-hint">\(items)</ol>
        <div class="popup-actions action-bar">
        \(step("Previous", to: current - 1, of: cards.count, quiet: true))
        \(step("Next", to: current + 1, of: cards.count, quiet: false))
        </div>
        <p class="popup-done"><a href="\(WalkWorthyPath.home.path)">Done</a></p>
        </section>
        """)
  }

  func step(_ label: String, to number: Int, of count: Int, quiet: Bool) -> HTML {
    let disabled: HTML = (1...count).contains(number) ? "" : " disabled"
    return """
      <form method="post" action="\(WalkWorthyPath.popupsSeen.path)"><input type="hidden" name="card" value="\(number)">\
      <button class="button\(quiet ? " button--glass" : "")" type="submit" data-step="\(label == "Next" ? "1" : "-1")" data-primary-action\(disabled)>\(label)</button></form>
      """
  }
}
