import Foundation
import OrchardKit
import ServerKit
import WearbloomCore

/// Wearbloom's screens as HTML. Every sentence is the catalog's (``WearbloomTexts``); every
/// number a script needs (the render's pacing, the toasts' durations, the photo's compression)
/// is the core's, handed over in `data-*` attributes.
struct WearbloomPages: Sendable {
  let language: Language

  /// The pages in `language` when Wearbloom speaks it, else in English.
  init(language: Language) {
    self.language = WearbloomTexts.all.languages.contains(language) ? language : .english
  }

  var t: Localizer<WearbloomText> { WearbloomTexts.all.localizer(language) }
  var formats: Formats { Formats(language) }

  /// The sections a signed-in user moves between.
  enum Tab: CaseIterable {
    case wardrobe, add, profile

    var path: String {
      switch self {
      case .wardrobe: WearbloomPath.wardrobe.path
      case .add: WearbloomPath.addGarment.path
      case .profile: WearbloomPath.profile.path
      }
    }

    var label: WearbloomText {
      switch self {
      case .wardrobe: .tabWardrobe
      case .add: .tabAdd
      case .profile: .tabProfile
      }
    }

    var icon: HTML {
      switch self {
      case .wardrobe: Icons.grid
      case .add: Icons.plus
      case .profile: Icons.person
      }
    }
  }

  /// A message for the top of the screen, shown as the page opens.
  struct Toast {
    let kind: ToastKind
    let text: String
    var actions: [(label: String, href: String)] = []
  }

  func page(
    _ title: String?, bodyClass: String, tab: Tab? = nil, toast: Toast? = nil, data: [(String, String)] = [],
    main: HTML
  ) -> Page {
    var page = Page(
      title: title.map { "\($0) · Wearbloom" } ?? "Wearbloom", description: t(.appDescription),
      theme: WearbloomTheme.tokens.name, themeColor: WearbloomTheme.tokens.themeColor(),
      stylesheets: ["wearbloom/wearbloom.css"], scripts: ["wearbloom/wearbloom.js"],
      preloadFonts: [FontFace.inter.assetPath, FontFace.dmSerifDisplay.assetPath],
      bodyClass: "wb \(bodyClass)" + (tab == nil ? "" : " has-tabs"),
      main: "\(toasts(toast))\(main)\(tab.map(tabs) ?? "")")
    page.language = language
    page.data =
      [
        ("service-worker", WearbloomPath.app + "/sw.js"), ("scope", WearbloomPath.app + "/"),
        ("toast-success-ms", String(Int(ToastKind.success.duration * 1_000))),
        ("toast-error-ms", String(Int(ToastKind.error.duration * 1_000))),
        ("toast-info-ms", String(Int(ToastKind.info.duration * 1_000))),
        ("toast-action-ms", String(Int(GarmentRemoval.actionToast * 1_000))),
        ("remove-undo-ms", String(Int(GarmentRemoval.undoWindow * 1_000))),
        ("text-removed", t(.removedToast)), ("text-remove-undo", t(.removeUndo)),
        ("text-remove-failed", t(.removeFailed)),
        ("text-back-online", t(.backOnline)),
        ("text-needs-internet", t(.needsInternet)), ("text-queued", t(.queuedOffline)),
        ("text-uploading", t(.uploading)),
        ("upload-long-edge", String(ClientCompression.longEdge)),
        ("upload-quality", String(ClientCompression.jpegQuality)), ("upload-type", ClientCompression.mimeType),
        ("upload-url", WearbloomPath.garments.path),
      ] + data
    return page
  }

  func toasts(_ toast: Toast?) -> HTML {
    let shown: HTML =
      toast.map { toast in
        let actions = toast.actions.map { HTML("<a class=\"toast-action\" href=\"\($0.href)\">\($0.label)</a>") }
        return
          "<div class=\"toast toast--\(toast.kind.rawValue)\" data-toast=\"\(toast.kind.rawValue)\"><p>\(toast.text)</p>\(actions)</div>"
      } ?? ""
    return "<div class=\"toasts\" role=\"status\" aria-live=\"polite\" data-toasts>\(shown)</div>"
  }

  func tabs(_ current: Tab) -> HTML {
    let links = Tab.allCases.map { tab in
      HTML(
        "<li><a href=\"\(tab.path)\"\(tab == current ? HTML(" aria-current=\"page\"") : "")>\(tab.icon)<span>\(t(tab.label))</span></a></li>"
      )
    }
    return "<nav class=\"tabs\" aria-label=\"\(t(.tabsLabel))\"><ul>\(links)</ul></nav>"
  }

  /// A category's name.
  func name(_ category: GarmentCategory?) -> String {
    switch category {
    case nil: t(.categoryAll)
    case .tops: t(.categoryTops)
    case .bottoms: t(.categoryBottoms)
    case .dresses: t(.categoryDresses)
    case .shoes: t(.categoryShoes)
    case .outerwear: t(.categoryOuterwear)
    }
  }

  /// What a garment is called on screen: a stock garment's label, else its category.
  func label(_ garment: Garment) -> String { label(garment.label) }

  /// A garment's name as the core decided it: given, the stock catalog's, or guessed from its
  /// colour and category ("Navy top"); a garment whose colour was never read is its category.
  func label(_ label: GarmentLabel) -> String {
    switch label {
    case .given(let name), .stock(let name): name
    case .guessed(let colour?, let category): t(.garmentGuess, ["colour": t(colour.text), "noun": t(category.noun)])
    case .guessed(nil, let category): name(category)
    }
  }

  /// The counter under the title: free renders left, or the way to a trial; nothing for a subscriber.
  func credits(_ badge: CreditsBadge) -> HTML {
    switch badge {
    case .hidden: ""
    case .freeRendersLeft(let count):
      "<p class=\"credits\" data-credits>\(t(.freeRendersLeft, ["count": count]))</p>"
    case .startFreeTrial:
      "<p class=\"credits\" data-credits><a href=\"\(WearbloomPath.paywall.path)\">\(t(.startFreeTrial))</a></p>"
    }
  }

  /// A step's dots: the current one dark, the others light.
  func steps(_ step: Int) -> HTML {
    let dots = (1...OnboardingPolicy.steps).map { index in
      HTML("<li class=\"dot\(index == step ? HTML(" dot--current") : "")\"></li>")
    }
    return
      "<ol class=\"step-dots\" aria-label=\"\(t(.stepLabel, ["step": step, "steps": OnboardingPolicy.steps]))\">\(dots)</ol>"
  }

  /// The file inputs that take a photo: the camera on a phone, or the gallery. Without scripts the
  /// form's own button sends it; with them, choosing a file compresses and sends it at once.
  func photoPicker(camera: String, primary: Bool) -> HTML {
    """
    <div class="photo-picker">
    <label class="button \(primary ? "button--primary" : "button--secondary") button--wide file-button"\(primary ? HTML(" data-primary-action") : "")>\(Icons.camera)<span>\(t(.takePhoto))</span><input type="file" name="photo" accept="\(ImageType.accepted)" capture="\(camera)" data-photo-input></label>
    <label class="button button--secondary button--wide file-button">\(Icons.gallery)<span>\(t(.choosePhoto))</span><input type="file" name="photo" accept="\(ImageType.accepted)" data-photo-input></label>
    <button type="submit" class="button button--secondary button--wide no-script-only">\(t(.choosePhoto))</button>
    </div>
    """
  }

  /// The user's sentence for a photo or garment the services refused; nil for any other error.
  func problem(for error: any Error) -> String? {
    if let error = error as? WardrobeError { return t(error.message, error.values) }
    guard let error = error as? OrchardError else { return nil }
    if error.status == .tooManyRequests { return t(Notice.tooManyRequests.message) }
    return WardrobeError(rawValue: error.code).map { t($0.message, $0.values) }
  }

  /// The toast a screen opens with after `notice`; the one for a saved garment offers the next steps.
  func toast(_ notice: Notice?) -> Toast? {
    guard let notice else { return nil }
    let actions =
      notice == .saved
      ? [(t(.addAnother), WearbloomPath.addGarment.path), (t(.browseWardrobe), WearbloomPath.wardrobe.path)] : []
    return Toast(kind: notice.kind, text: t(notice.message), actions: actions)
  }

  func alert(_ text: String?) -> HTML {
    text.map { "<p class=\"alert\" role=\"alert\">\($0)</p>" } ?? ""
  }

  // MARK: Consent and privacy

  /// The terms, first of all; `accountDeleted` after the account was deleted, which it says first.
  func consent(returningTo next: String? = nil, accountDeleted: Bool = false) -> Page {
    page(
      nil, bodyClass: "page-consent",
      main: """
        \(accountDeleted ? HTML("<p class=\"account-gone\" role=\"status\" data-account-deleted>\(t(.accountDeleted))</p>") : "")
        <section class="consent" aria-labelledby="consent-title">
        <p class="brand" aria-hidden="true">Wearbloom</p>
        <h1 id="consent-title">\(t(.consentTitle))</h1>
        <p class="lede">\(t(.consentLead))</p>
        <ul class="consent-points">
        <li>\(Icons.lock)<span>\(t(.consentStored))</span></li>
        <li>\(Icons.spark)<span>\(t(.consentSent))</span></li>
        <li>\(Icons.trash)<span>\(t(.consentDeleted))</span></li>
        </ul>
        <p><a class="text-link" href="\(WearbloomPath.privacy.path)">\(t(.consentPolicyLink))</a></p>
        <form method="post" action="\(WearbloomPath.consent.path)" class="consent-form">
        \(next.map { HTML("<input type=\"hidden\" name=\"next\" value=\"\($0)\">") } ?? "")
        <button type="submit" class="button button--primary button--wide" data-primary-action>\(t(.consentAccept))</button>
        <button type="submit" name="then" value="sign-in" class="button button--ghost button--wide">\(t(.acceptAndSignIn))</button>
        </form>
        </section>
        """)
  }

  func privacy(back: String) -> Page {
    let kept: [WearbloomText] = [
      .privacyWhatAccount, .privacyWhatPhotos, .privacyWhatPurchases, .privacyWhatSecurity, .privacyWhatCookies,
    ]
    let sections: [(WearbloomText, WearbloomText)] = [
      (.privacyWhereHeading, .privacyWhere), (.privacyWhoHeading, .privacyWho),
      (.privacyHowLongHeading, .privacyHowLong), (.privacyDeleteHeading, .privacyDelete),
      (.privacyRightsHeading, .privacyRights), (.privacyNeverHeading, .privacyNever),
    ]
    let what = HTML(
      "<section><h2>\(t(.privacyWhatHeading))</h2><ul class=\"policy-list\">\(kept.map { HTML("<li>\(t($0))</li>") })</ul></section>"
    )
    let body =
      [what]
      + sections.map { heading, text in
        HTML(
          "<section><h2>\(t(heading))</h2><p>\(t(text, ["hours": Int(OnboardingPolicy.lifetime / 3_600), "longEdge": ClientCompression.longEdge]))</p></section>"
        )
      }
    return page(
      t(.privacyTitle), bodyClass: "page-privacy",
      main: """
        <article class="policy" aria-labelledby="policy-title">
        <p><a class="back-link" href="\(back)">\(Icons.back)<span>\(t(.privacyBack))</span></a></p>
        <h1 id="policy-title">\(t(.privacyTitle))</h1>
        <p class="fine-print">\(t(.privacyUpdated, ["date": formats.longDate(ConsentPolicy.updated)]))</p>
        <p class="lede">\(t(.privacyIntro))</p>
        \(body)
        </article>
        """)
  }

  // MARK: Onboarding

  /// Step 1: a photo of you, or one of the example figures.
  func welcomePhoto(figures: [StockItem], chosen: StockItem.ID?, problem: String? = nil) -> Page {
    let options = figures.enumerated().map { index, figure in
      let checked = (chosen ?? figures.first?.id) == figure.id
      return HTML(
        """
        <li><label class="figure-option"><input type="radio" name="stock" value="\(figure.id)"\(checked ? HTML(" checked") : "")><img src="\(WearbloomPath.image(figure.image.value, variant: ImageVariant.thumbnailLarge.rawValue))" alt="\(figure.label)" width="240" height="288"\(index == 0 ? "" : HTML(" loading=\"lazy\""))></label></li>
        """)
    }
    return page(
      t(.photoTitle), bodyClass: "page-onboarding page-welcome-photo",
      main: """
        <section class="onboarding" aria-labelledby="step-title">
        \(steps(1))
        <h1 id="step-title">\(t(.photoTitle))</h1>
        <p class="lede">\(t(.photoLead))</p>
        \(alert(problem))
        <form method="post" action="\(WearbloomPath.welcomePhoto.path)" class="example-form">
        <fieldset class="figures"><legend class="visually-hidden">\(t(.useExample))</legend><ul class="figure-list">\(options)</ul></fieldset>
        <button type="submit" class="button button--primary button--wide" data-primary-action>\(t(.useExample))</button>
        </form>
        <form method="post" action="\(WearbloomPath.welcomePhoto.path)" enctype="multipart/form-data" class="own-photo" data-photo-form>
        <p class="hint">\(Icons.info)<span>\(t(.photoExample))</span></p>
        \(photoPicker(camera: "environment", primary: false))
        </form>
        \(haveAccount)
        </section>
        """)
  }

  /// For a returning user who began on this device again: the way to their account.
  var haveAccount: HTML {
    "<p class=\"have-account\"><a class=\"text-link\" href=\"\(WearbloomPath.signIn.path)\">\(t(.haveAccount))</a></p>"
  }

  /// Step 2: a garment to try, from the curated stock set or photographed.
  func welcomeGarment(_ garments: [Garment], own: [Garment], problem: String? = nil) -> Page {
    let cards = (own + garments).map { garment in
      HTML(
        """
        <li><button type="submit" name="garment" value="\(garment.id)" class="pick">\(thumbnail(garment, lazy: false))<span class="pick-label">\(label(garment))</span></button></li>
        """)
    }
    return page(
      t(.garmentTitle), bodyClass: "page-onboarding page-welcome-garment",
      main: """
        <section class="onboarding" aria-labelledby="step-title">
        \(steps(2))
        <h1 id="step-title">\(t(.garmentTitle))</h1>
        <p class="lede">\(t(.garmentLead))</p>
        \(alert(problem))
        <form method="post" action="\(WearbloomPath.welcomeTryOn.path)" class="pick-form" data-try-on>
        <ul class="pick-grid">\(cards)</ul>
        </form>
        <details class="own-garment"\(problem == nil ? "" : HTML(" open"))>
        <summary class="button button--ghost">\(t(.photographOwn))</summary>
        <form method="post" action="\(WearbloomPath.welcomeGarment.path)" enctype="multipart/form-data" data-photo-form>
        <p class="hint">\(Icons.info)<span>\(t(.garmentExample))</span></p>
        \(categoryChoice(selected: nil))
        \(photoPicker(camera: "environment", primary: false))
        </form>
        </details>
        \(haveAccount)
        </section>
        """)
  }

  /// The category pills of a form: one tap picks one.
  func categoryChoice(selected: GarmentCategory?) -> HTML {
    let pills = WardrobeFilter.pills.map { category in
      let checked = (selected ?? UploadPolicy.provisionalCategory) == category
      return HTML(
        "<label class=\"pill-choice\"><input type=\"radio\" name=\"category\" value=\"\(category.rawValue)\"\(checked ? HTML(" checked") : "")><span>\(name(category))</span></label>"
      )
    }
    return
      "<fieldset class=\"category-choice\"><legend>\(t(.whatIsIt))</legend><div class=\"pill-row\">\(pills)</div></fieldset>"
  }

  /// A garment's picture in a grid.
  func thumbnail(_ garment: Garment, lazy: Bool) -> HTML {
    let image = garment.displayImage.value
    return """
      <img src="\(WearbloomPath.image(image, variant: ImageVariant.thumbnailSmall.rawValue))" srcset="\(WearbloomPath.image(image, variant: ImageVariant.thumbnailSmall.rawValue)) 1x, \(WearbloomPath.image(image, variant: ImageVariant.thumbnailLarge.rawValue)) 2x" alt="\(label(garment))" width="200" height="240"\(lazy ? HTML(" loading=\"lazy\" decoding=\"async\"") : "")>
      """
  }

  /// The end of the free try-on before an account: the account is the way on.
  func onboardingOver(welcomeCredits: Int) -> Page {
    page(
      t(.createAccount), bodyClass: "page-onboarding page-account-offer",
      main: """
        <section class="offer" aria-labelledby="offer-title">
        <h1 id="offer-title">\(t(.accountOffer))</h1>
        <p class="lede">\(t(.onboardingOver))</p>
        <p class="offer-actions">
        <a class="button button--primary button--wide" href="\(WearbloomPath.signUp.path)" data-primary-action>\(t(.createAccount))</a>
        <a class="button button--ghost button--wide" href="\(WearbloomPath.signIn.path)">\(t(.haveAccount))</a>
        </p>
        <p class="fine-print">\(t(.createAccountReason, ["count": welcomeCredits]))</p>
        </section>
        """)
  }

  /// A request Wearbloom cannot answer, said plainly, with the way back in (home leads a member
  /// to the wardrobe and anyone else to where they left off).
  func problem(_ screen: ProblemScreen) -> Page {
    page(
      t(screen.title), bodyClass: "page-problem",
      main: """
        <section class="offer" aria-labelledby="problem-title">
        <h1 id="problem-title">\(t(screen.title))</h1>
        <p class="lede">\(t(screen.message, screen.values))</p>
        <p class="offer-actions">
        <a class="button button--primary button--wide" href="\(WearbloomPath.home.path)" data-primary-action>\(t(.problemBack))</a>
        </p>
        </section>
        """)
  }
}
