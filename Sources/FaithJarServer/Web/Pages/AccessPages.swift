import FaithJarCore
import Foundation
import OrchardKit
import ServerKit

extension FaithJarPages {
  // MARK: Paywall

  /// `clockShift` is the tester's move of the device clock, or nil when test device clocks are off.
  func paywall(
    _ screen: PaywallScreen, access: AccessState, store: TestStoreLedger, clockShift: TimeInterval? = nil,
    notice: RestoreOutcome?
  ) -> Page {
    let plans = screen.plans.map { plan in
      HTML(
        """
        <li><form method="post" action="\(FaithJarPath.purchase.link(plan.rawValue))">\
        <button class="plan" type="submit"><span class="plan-title">\(t(plan.title))</span>\
        <span class="plan-price">\(t(plan.displayPrice))</span></button></form></li>
        """)
    }
    let status: HTML = {
      switch access {
      case .subscribed:
        return "<div class=\"access-status\" role=\"status\">\(planSummary(access))</div>"
      case .trial:
        let left = EmotionListScreen(access: access).trialBanner.map { t($0) } ?? ""
        return "<p class=\"access-status\" role=\"status\">\(left)</p>"
      case .providerUnavailable:
        return
          "<p class=\"access-status\" role=\"status\">The store cannot be reached right now; Faith Jar stays open.</p>"
      case .expired:
        return ""
      }
    }()
    let noticeHTML: HTML = notice.flatMap(noticeText).map { "<p class=\"notice\" role=\"alert\">\($0)</p>" } ?? ""
    let back: HTML = access.grantsAccess ? "<p><a href=\"\(FaithJarPath.home.path)\">Back to the verses</a></p>" : ""
    return page(
      "Subscribe · Faith Jar", bodyClass: "paywall-page",
      main: """
        <section class="paywall" aria-labelledby="paywall-title">
        <div class="onboarding-icon">\(Icons.svg(.sparkle))</div>
        <h1 id="paywall-title">\(t(screen.title))</h1>
        <p>\(t(screen.message))</p>
        \(status)
        \(noticeHTML)
        <ul class="plans" role="list">\(plans)</ul>
        <form method="post" action="\(FaithJarPath.restore.path)"><button class="button button--quiet" type="submit">Restore purchases</button></form>
        <p class="terms">\(t(screen.terms))</p>
        <p class="test-store-note">This web version sells through a <strong>test store</strong>: purchases are simulated and no money changes hands.</p>
        \(testStoreControls(store))
        \(clockShift.map(testClockControls) ?? "")
        \(back)
        <nav class="paywall-links" aria-label="Always available"><a href="\(FaithJarPath.about.path)">About the translations</a> · <a href="\(FaithJarPath.support.path)">Need to talk to someone now?</a></nav>
        </section>
        """)
  }

  /// The plan one has, its price and when it renews or ends, and a downgrade waiting for the
  /// renewal ("Monthly starts on December 24, 2027").
  func planSummary(_ access: AccessState) -> HTML {
    guard case .subscribed(let plan, let date, let willRenew, let renewsTo) = access else { return "" }
    let when = Formats(t.language).longDate(date)
    let values: [String: any Sendable] = ["plan": t(plan.title), "price": t(plan.displayPrice), "date": when]
    let line = t(!willRenew ? .planEnds : renewsTo == nil ? .planRenews : .planUntil, values)
    let next: HTML =
      renewsTo.map { next in
        let switches = t(.planSwitchesPrice, ["plan": t(next.title), "date": when, "price": t(next.displayPrice)])
        return HTML("<p class=\"plan-switch\">\(switches)</p>")
      } ?? ""
    return "<p class=\"plan-summary\">\(line)</p>\(next)"
  }

  // MARK: Purchase confirmation

  /// After a purchase: what was bought, its price and when it renews; after a downgrade, when the
  /// new plan starts and that the current one runs until then. Nil without a subscription.
  func subscription(_ access: AccessState, notice: PurchaseNotice) -> Page? {
    guard case .subscribed(let plan, let date, _, let renewsTo) = access else { return nil }
    let when = Formats(t.language).longDate(date)
    let heading: String
    var body: HTML = ""
    switch (notice, renewsTo) {
    case (.scheduled, let next?):
      heading = t(.confirmationScheduled, ["plan": t(next.title), "date": when])
      body = "<p>\(t(.confirmationScheduledBody, ["current": t(plan.title)]))</p>"
    case (.started, _), (.scheduled, nil):
      heading = t(.confirmationStarted)
    case (.upgraded, _):
      heading = t(.confirmationUpgraded, ["plan": t(plan.title)])
    case (.kept, _):
      heading = t(.confirmationKept, ["plan": t(plan.title)])
    }
    return page(
      "\(heading) · Faith Jar", bodyClass: "subscription-page",
      main: """
        <section class="paywall confirmation" aria-labelledby="confirmation-title">
        <div class="onboarding-icon">\(Icons.svg(.sparkle))</div>
        <h1 id="confirmation-title">\(heading)</h1>
        \(body)
        <div class="confirmation-plan">\(planSummary(access))</div>
        <div class="screen-actions">
        <a class="button button--wide" href="\(FaithJarPath.home.path)" data-primary-action>\(t(.confirmationRead))</a>
        <a class="manage-link" href="\(FaithJarPath.paywall.path)">\(t(.confirmationManage))</a>
        </div>
        </section>
        """)
  }

  /// What the paywall says after a purchase or a restore that did not open the app.
  func noticeText(_ outcome: RestoreOutcome) -> String? {
    switch outcome {
    case .storeUnavailable: t(.storeUnavailable)
    case .nothingToRestore: t(.nothingToRestore)
    case .restored: nil
    }
  }

  /// Every transition a real store can make, on command, for trying the access rules end to end.
  func testStoreControls(_ store: TestStoreLedger) -> HTML {
    let buttons = TestStoreAction.allCases.map { action in
      let label =
        switch action {
        case .cancel: "Cancel renewal"
        case .expire: "End the period now"
        case .refund: "Refund"
        case .outage: store.isOutage ? "End store outage" : "Simulate store outage"
        }
      return
        HTML(
          "<li><form method=\"post\" action=\"\(FaithJarPath.testStore.link(action.rawValue))\"><button class=\"button button--quiet\" type=\"submit\">\(label)</button></form></li>"
        )
    }
    return """
      <details class="test-store">
      <summary>Test store controls</summary>
      <ul role="list">\(buttons)</ul>
      </details>
      """
  }

  /// Moves this device's clock: only on a test server, so the end of the free week can be tried.
  func testClockControls(_ shift: TimeInterval) -> HTML {
    let state = t(DeviceClockMove.state(of: shift))
    let buttons = DeviceClockMove.allCases.map { move in
      let label = t(move.label)
      return
        HTML(
          "<li><form method=\"post\" action=\"\(FaithJarPath.testClock.link(move.rawValue))\"><button class=\"button button--quiet\" type=\"submit\">\(label)</button></form></li>"
        )
    }
    return """
      <details class="test-store test-clock">
      <summary>Test device clock</summary>
      <p class="test-clock-state">\(state)</p>
      <ul role="list">\(buttons)</ul>
      </details>
      """
  }

  // MARK: About

  func about() -> Page {
    let translations = Translation.allCases.map { translation in
      HTML("<li><h3>\(translation.name) (\(translation.abbreviation))</h3><p>\(translation.licence)</p></li>")
    }
    return page(
      "About the translations · Faith Jar", bodyClass: "about-page",
      main: """
        <nav class="verse-top" aria-label="About"><a class="close-link" href="\(FaithJarPath.home.path)">\(Icons.svg(.close)) Close</a></nav>
        <h1>About the translations</h1>
        <p>Faith Jar offers three English translations we are free to publish. Where each text comes from, and the terms it carries, are below.</p>
        <ul class="licences" role="list">\(translations)</ul>
        <h2>Explanations</h2>
        <p>Every \u{201C}Why this verse?\u{201D} was written for Faith Jar by our own team, with care for where each passage comes from.</p>
        <h2>Type</h2>
        <p>Verses are set in Lora and the interface in Inter, both under the SIL Open Font License 1.1.</p>
        """)
  }

  // MARK: Not found

  /// An address that leads nowhere (a feeling, verse, plan or action typed by hand), with the way
  /// back to the feelings.
  func notFound() -> Page {
    page(
      "\(t(.notFoundTitle)) · Faith Jar", bodyClass: "not-found-page",
      main: """
        <h1>\(t(.notFoundTitle))</h1>
        <p>\(t(.notFoundBody))</p>
        <p><a class="button" href="\(FaithJarPath.home.path)">\(t(.confirmationRead))</a></p>
        """)
  }

  // MARK: Support

  /// Never behind the paywall: a person in crisis must always reach this page.
  func support() -> Page {
    page(
      "Need to talk to someone now? · Faith Jar", bodyClass: "support-page",
      main: """
        <nav class="verse-top" aria-label="Support"><a class="close-link" href="\(FaithJarPath.home.path)">\(Icons.svg(.close)) Close</a></nav>
        \(CrisisSupport.opening)
        \(CrisisSupport.helplines)
        <p>Talking with a pastor, a counsellor or a friend you trust can help too.</p>
        """)
  }
}
