import Foundation
import OrchardKit
import ServerKit
import WearbloomCore

extension WearbloomPages {
  // MARK: The render view

  /// Where a render is shown, full screen: the user's photo with a shimmer while it is drawn (the
  /// sentence for the wait so far, the garment floating in), then the result; or the failure,
  /// with its credit given back.
  struct RenderView {
    let render: Render
    let garment: Garment?
    let body: ImageReference?
    /// Seconds since the render was asked for.
    let elapsed: TimeInterval
    /// Still onboarding: the result leads to an account.
    let onboarding: Bool
    let welcomeCredits: Int
  }

  func render(_ view: RenderView, toast: Toast? = nil) -> Page {
    let render = view.render
    let large = ImageVariant.thumbnailLarge.rawValue
    let photo: HTML =
      view.body.map {
        "<img class=\"render-photo\" src=\"\(WearbloomPath.image($0.value, variant: large))\" alt=\"\" width=\"480\" height=\"576\">"
      } ?? ""
    let garmentImage: HTML =
      view.garment.map {
        "<img class=\"render-garment\(RenderPacing.showsGarment(after: view.elapsed) ? HTML(" is-shown") : "")\" src=\"\(WearbloomPath.image($0.displayImage.value, variant: ImageVariant.thumbnailSmall.rawValue))\" alt=\"\" width=\"96\" height=\"116\" data-render-garment>"
      } ?? ""
    let preview: HTML = render.isPreview ? "<p class=\"preview-label\">\(t(.previewLabel))</p>" : ""
    let garmentName = view.garment.map(label) ?? name(render.category)
    let stage: HTML
    let actions: HTML
    switch render.status {
    case .pending, .processing:
      stage = """
        <div class="render-stage render-stage--waiting">
        \(photo)
        <div class="shimmer" aria-hidden="true"></div>
        \(garmentImage)
        \(preview)
        </div>
        <p class="render-message" role="status" data-render-message><span class="motion-text">\(t(RenderPacing.message(after: view.elapsed)))</span><span class="still-text">\(t(.renderLoading))</span></p>
        """
      actions = ""
    case .completed:
      let result = render.result.map {
        HTML(
          "<img class=\"render-result\" src=\"\(WearbloomPath.image($0.value))\" alt=\"\(t(.renderResult, ["garment": garmentName.lowercased()]))\" width=\"480\" height=\"576\" data-render-result>"
        )
      }
      stage = """
        <div class="render-stage render-stage--done">
        \(result ?? photo)
        \(preview)
        </div>
        """
      actions = view.onboarding ? onboardingActions(view) : "\(feedback(render))\(deleteLook(render))"
    case .failed:
      stage = """
        <div class="render-stage render-stage--failed">
        \(photo)
        </div>
        <p class="render-message render-message--failed" role="alert">\(t((render.failure ?? .renderFailed).message))</p>
        """
      actions = """
        <form method="post" action="\(view.onboarding ? WearbloomPath.welcomeTryOn.path : WearbloomPath.tryOn(render.garmentID))" class="render-retry" data-try-on>
        \(view.onboarding ? HTML("<input type=\"hidden\" name=\"garment\" value=\"\(render.garmentID)\">") : "")
        <button type="submit" class="button button--primary button--wide" data-primary-action>\(t(.tryAgain))</button>
        </form>
        """
    }
    let back = view.onboarding ? WearbloomPath.welcomeGarment.path : WearbloomPath.wardrobe.path
    let title =
      switch render.status {
      case .completed: t(.renderResult, ["garment": garmentName.lowercased()])
      case .failed: t((render.failure ?? .renderFailed).message)
      case .pending, .processing: t(.renderCreating)
      }
    var screen = page(
      title, bodyClass: "page-render", toast: toast,
      main: """
        <section class="render" aria-labelledby="render-title" tabindex="-1" data-render="\(render.status.rawValue)" data-status-url="\(WearbloomPath.renderStatus(render.id))" data-elapsed-ms="\(Int(view.elapsed * 1_000))">
        <h1 id="render-title" class="visually-hidden">\(title)</h1>
        <a class="render-back" href="\(back)" aria-label="\(t(.back))">\(Icons.back)</a>
        \(stage)
        <div class="render-actions">\(actions)</div>
        </section>
        """)
    if !render.status.isFinished { screen.refreshWithoutScript = 1 }
    screen.data += [
      (
        "render-steps",
        RenderPacing.steps.map { "\(Int($0.after * 1_000)):\($0.message.map { t($0) } ?? "")" }.joined(separator: "|")
      ),
      ("render-poll-ms", String(Int(RenderPacing.pollEvery * 1_000))),
      ("render-fade-ms", String(Int(RenderPacing.crossFade * 1_000))),
      ("feedback-fade-ms", String(Int(RenderPacing.feedbackFadesAfter * 1_000))),
    ]
    return screen
  }

  /// After the first try-on: the account, with its free renders as the reason, or another garment.
  func onboardingActions(_ view: RenderView) -> HTML {
    """
    <p class="offer-reason">\(t(.createAccountReason, ["count": view.welcomeCredits]))</p>
    <a class="button button--primary button--wide" href="\(WearbloomPath.signUp.path)" data-primary-action>\(t(.createAccount))</a>
    <a class="button button--ghost button--wide" href="\(WearbloomPath.welcomeGarment.path)">\(t(.tryAnother))</a>
    \(haveAccount)
    """
  }

  /// The thumbs up or down, with what went wrong; once given, what it did.
  func feedback(_ render: Render) -> HTML {
    if let given = render.feedback {
      let said = given.refunded ? t(.renderNotCounted) : t(.feedbackThanks)
      return "<p class=\"feedback-done\">\(said)</p>"
    }
    let reasons: [(FeedbackCategory, WearbloomText)] = [
      (.wrongFit, .wrongFit), (.artifacts, .artifacts), (.wrongGarment, .wrongGarment), (.other, .otherProblem),
    ]
    let options = reasons.map { category, text in
      HTML(
        "<label class=\"pill-choice\"><input type=\"radio\" name=\"category\" value=\"\(category.rawValue)\"\(category == .wrongFit ? HTML(" checked") : "")><span>\(t(text))</span></label>"
      )
    }
    return """
      <details class="feedback" data-feedback>
      <summary class="feedback-button" aria-label="\(t(.feedbackOpen))">\(Icons.star)</summary>
      <div class="feedback-panel">
      <p class="feedback-question">\(t(.feedbackQuestion))</p>
      <div class="feedback-choices">
      <form method="post" action="\(WearbloomPath.feedback(render.id))" class="feedback-up">
      <input type="hidden" name="rating" value="up">
      <button type="submit" class="button button--secondary button--wide">\(Icons.thumbsUp)<span>\(t(.thumbsUp))</span></button>
      </form>
      <details class="feedback-down">
      <summary class="button button--secondary button--wide">\(Icons.thumbsDown)<span>\(t(.thumbsDown))</span></summary>
      <form method="post" action="\(WearbloomPath.feedback(render.id))">
      <input type="hidden" name="rating" value="down">
      <fieldset class="category-choice"><legend>\(t(.whatWentWrong))</legend><div class="pill-row">\(options)</div></fieldset>
      <button type="submit" class="button button--primary button--wide">\(t(.sendFeedback))</button>
      </form>
      </details>
      </div>
      </div>
      </details>
      """
  }

  // MARK: The paywall

  /// The plan, and a way to start it: the test store where this server has one; otherwise only
  /// word of the iPhone app, which sells it.
  func paywall(testStore: Bool) -> Page {
    let plan = SubscriptionProduct.weekly
    let price = formats.money(cents: plan.priceCents, currency: plan.currency)
    let purchase: HTML =
      testStore
      ? """
      <p class="test-store" role="note">\(t(.testStore))</p>
      <form method="post" action="\(WearbloomPath.testStore.path)">
      <button type="submit" class="button button--primary button--wide" data-primary-action>\(t(.startFreeTrial))</button>
      </form>
      """
      : "<p class=\"fine-print\" role=\"note\">\(t(.paywallAppOnly))</p>"
    return page(
      t(.paywallTitle), bodyClass: "page-paywall",
      main: """
        <section class="paywall" aria-labelledby="paywall-title">
        <h1 id="paywall-title">\(t(.paywallTitle))</h1>
        <p class="lede">\(t(.paywallLead))</p>
        <div class="plan">
        <p class="plan-line">\(t(.paywallPlan, ["trial": plan.trialDays, "price": price]))</p>
        <p class="fine-print">\(t(.paywallTerms))</p>
        </div>
        \(purchase)
        <a class="button button--ghost button--wide" href="\(WearbloomPath.wardrobe.path)">\(t(.notNow))</a>
        </section>
        """)
  }

  // MARK: Profile

  struct ProfileView {
    let email: String?
    let body: BodyPhoto?
    let summary: SubscriptionSummary
  }

  func profile(_ view: ProfileView, toast: Toast? = nil, problem: String? = nil) -> Page {
    let photo: HTML =
      view.body?.image.map {
        "<img class=\"profile-photo\" src=\"\(WearbloomPath.image($0.value, variant: ImageVariant.thumbnailLarge.rawValue))\" alt=\"\(t(.yourPhoto))\" width=\"240\" height=\"288\">"
      } ?? "<div class=\"profile-photo profile-photo--empty\">\(Icons.person)</div>"
    let prompt: HTML =
      switch view.body?.source {
      case nil: "<p class=\"hint\">\(t(.noPhoto))</p>"
      case .stock: "<p class=\"hint\">\(t(.examplePrompt))</p>"
      case .own: ""
      }
    let summary = view.summary
    let plan: String =
      if summary.isUnlimited {
        switch summary.state {
        case .trial: t(.planTrial, ["date": day(summary.expiresAt)])
        case .subscribed: "\(t(.planUnlimited)) · \(t(.planRenews, ["date": day(summary.expiresAt)]))"
        default: t(.planUnlimited)
        }
      } else {
        t(.planCredits, ["count": summary.creditsRemaining])
      }
    return page(
      t(.profileTitle), bodyClass: "page-profile", tab: .profile, toast: toast,
      main: """
        <h1>\(t(.profileTitle))</h1>
        \(view.email.map { HTML("<p class=\"profile-email\">\($0)</p>") } ?? "")
        \(alert(problem))
        <section class="panel profile-body" aria-labelledby="photo-title">
        <h2 id="photo-title">\(t(.yourPhoto))</h2>
        \(photo)
        \(prompt)
        <form method="post" action="\(WearbloomPath.profilePhoto.path)" enctype="multipart/form-data" data-photo-form>
        <details class="replace-photo"><summary class="button button--secondary button--wide">\(view.body?.ownImage != nil ? t(.replacePhoto) : t(.addPhoto))</summary>
        \(photoPicker(camera: "environment", primary: false))
        </details>
        </form>
        </section>
        <section class="panel" aria-labelledby="plan-title">
        <h2 id="plan-title">\(t(.planTitle))</h2>
        <p class="plan-state">\(plan)</p>
        \(CreditsBadge(summary) == .startFreeTrial ? HTML("<a class=\"button button--primary button--wide\" href=\"\(WearbloomPath.paywall.path)\">\(t(.startFreeTrial))</a>") : "")
        </section>
        <nav class="panel profile-links" aria-label="\(t(.profileTitle))">
        <a href="\(WearbloomPath.privacy.path)">\(t(.privacyLink))</a>
        <a href="\(WearbloomPath.account.path)">\(t(.accountSettings))</a>
        </nav>
        <form method="post" action="\(WearbloomPath.signOut.path)">
        <button type="submit" class="button button--secondary button--wide">\(t(.signOut))</button>
        </form>
        <details class="danger-zone" data-delete>
        <summary class="button button--ghost button--danger button--wide">\(t(.deleteAccount))</summary>
        <div class="confirm" role="alertdialog" aria-labelledby="delete-title" aria-describedby="delete-body">
        <h2 id="delete-title">\(t(.deleteTitle))</h2>
        <p id="delete-body">\(t(.deleteBody))</p>
        <form method="post" action="\(WearbloomPath.deleteAccount.path)" data-delete-form>
        <button type="submit" class="button button--danger button--wide" data-busy-text="\(t(.deleting))"><span class="spinner" aria-hidden="true"></span><span class="button-text">\(t(.deleteConfirm))</span></button>
        </form>
        </div>
        </details>
        """)
  }

  /// A subscription's day, written out (in UTC: the web knows no zone of the user's).
  func day(_ date: Date?) -> String { date.map { formats.longDate($0) } ?? "" }
}
