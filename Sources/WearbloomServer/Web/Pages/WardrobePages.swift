import Foundation
import OrchardKit
import ServerKit
import WearbloomCore

extension WearbloomPages {
  // MARK: The wardrobe

  /// The grid: every garment edge to edge in two columns, stock beside the user's own, under the
  /// category pills; an invitation to add the first garment while there is none of their own.
  func wardrobe(
    _ garments: [Garment], category: GarmentCategory?, ownCount: Int, badge: CreditsBadge, toast: Toast? = nil,
    looks: HTML = "", sheet: HTML = ""
  ) -> Page {
    let pills = ([nil] + WardrobeFilter.pills.map(Optional.some)).map { pill in
      let href = WearbloomPath.wardrobe.path + (pill.map { "?category=\($0.rawValue)" } ?? "")
      return HTML(
        "<li><a class=\"pill\" href=\"\(href)\" data-category=\"\(pill?.rawValue ?? "")\"\(pill == category ? HTML(" aria-current=\"page\"") : "")>\(name(pill))</a></li>"
      )
    }
    let cards = garments.enumerated().map { index, garment in
      HTML(
        """
        <li class="cell"><a class="card" href="\(WearbloomPath.garment(garment.id))" data-garment="\(garment.id)">\(thumbnail(garment, lazy: index >= 6))\(garment.owner == nil ? HTML("<span class=\"badge\">\(t(.stockBadge))</span>") : "")<span class="visually-hidden">, \(name(garment.category))</span></a></li>
        """)
    }
    let empty: HTML =
      ownCount == 0
      ? """
      <section class="empty" aria-labelledby="empty-title">
      <h2 id="empty-title">\(t(.emptyTitle))</h2>
      <a class="button button--primary" href="\(WearbloomPath.addGarment.path)" data-primary-action>\(t(.emptyAction))</a>
      </section>
      """ : ""
    let grid: HTML =
      garments.isEmpty
      ? "<p class=\"grid-empty\">\(t(.emptyCategory))</p>"
      : "<ul class=\"grid\" data-grid>\(cards)</ul>"
    return page(
      t(.wardrobeTitle), bodyClass: "page-wardrobe", tab: .wardrobe, toast: toast,
      main: """
        <header class="wardrobe-head">
        <h1>\(t(.wardrobeTitle))</h1>
        \(credits(badge))
        </header>
        \(looks)
        <nav class="pills" aria-label="\(t(.categoriesLabel))"><ul>\(pills)</ul></nav>
        <p class="refresh-hint" aria-hidden="true" data-refresh-hint>\(t(.refreshing))</p>
        <p class="offline-note" data-offline-note hidden>\(t(.offlineCopy))</p>
        \(empty)
        \(grid)
        \(sheet)
        """)
  }

  /// A garment's bottom sheet: its picture, its name, and Try On, or why not (`refusal`, the try-on
  /// support's): a category not offered, or a photo with no cutout for the preview to lay on the
  /// body, which offers a retake instead.
  func sheet(
    _ garment: Garment, refusal: WardrobeError?, badge: CreditsBadge, closeTo: String, naming: Naming = Naming()
  ) -> HTML {
    let action: HTML =
      switch refusal {
      case nil:
        """
        <form method="post" action="\(WearbloomPath.tryOn(garment.id))" data-try-on>
        <button type="submit" class="button button--primary button--wide" data-primary-action>\(t(.tryOn))</button>
        </form>
        """
      case .garmentNotCutOut?:
        """
        <p class="unavailable" data-not-cut-out>\(t(.problemNotCutOut))</p>
        <form method="post" action="\(WearbloomPath.retake(garment.id))">
        <button type="submit" class="button button--primary button--wide" data-primary-action>\(t(.retake))</button>
        </form>
        """
      default: "<p class=\"unavailable\">\(t(.tryOnUnavailable))</p>"
      }
    let remove: HTML =
      garment.owner == nil
      ? ""
      : """
      <details class="confirm-delete" data-garment-remove>
      <summary class="button button--ghost button--wide">\(Icons.trash)<span>\(t(.removeGarment))</span></summary>
      <div class="confirm-delete-panel">
      <p>\(t(.removeQuestion))</p>
      <form method="post" action="\(WearbloomPath.remove(garment.id))" data-remove-form data-remove-garment="\(garment.id)">
      <button type="submit" class="button button--danger button--wide">\(t(.removeConfirm))</button>
      </form>
      </div>
      </details>
      """
    let image = garment.displayImage.value
    let rename = garment.owner == nil ? "" : renameForm(garment, naming)
    return """
      <div class="sheet-layer" data-sheet-layer>
      <a class="sheet-scrim" href="\(closeTo)" tabindex="-1" aria-hidden="true" data-sheet-close></a>
      <section class="sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-title" data-sheet>
      <button type="button" class="sheet-handle" aria-label="\(t(.garmentDetails))" aria-expanded="false" data-sheet-handle><span aria-hidden="true"></span></button>
      <a class="sheet-close" href="\(closeTo)" aria-label="\(t(.close))" data-sheet-close>\(Icons.close)</a>
      <img class="sheet-image" src="\(WearbloomPath.image(image, variant: ImageVariant.thumbnailLarge.rawValue))" alt="" width="480" height="576">
      <h2 id="sheet-title">\(label(garment))</h2>
      <p class="sheet-category">\(name(garment.category))</p>
      \(credits(badge))
      \(action)
      \(rename)
      \(remove)
      </section>
      </div>
      """
  }

  /// What the sheet's name form shows after a name it could not keep: what was typed, and why.
  struct Naming {
    var typed: String?
    var problem: String?
  }

  /// The sheet's Rename: the given name (or nothing, with the guess as its placeholder), up to
  /// ``GarmentName/maximumLength`` characters; open with the typed text and the reason when the
  /// last one was refused.
  func renameForm(_ garment: Garment, _ naming: Naming) -> HTML {
    let guess = label(.guessed(garment.colour, garment.category))
    let problem: HTML =
      naming.problem.map { (message: String) -> HTML in
        "<p class=\"field-error\" id=\"garment-name-error\">\(message)</p>"
      } ?? ""
    let described = naming.problem == nil ? "garment-name-hint" : "garment-name-hint garment-name-error"
    return """
      <details class="garment-rename" data-garment-rename\(naming.problem == nil ? "" : HTML(" open"))>
      <summary class="button button--ghost button--wide">\(t(.rename))</summary>
      <form class="rename-form" method="post" action="\(WearbloomPath.rename(garment.id))" data-rename-form novalidate>
      <label for="garment-name">\(t(.nameLabel))</label>
      <input id="garment-name" name="name" type="text" value="\(naming.typed ?? garment.name ?? "")" placeholder="\(guess)" maxlength="\(GarmentName.maximumLength)" autocomplete="off" aria-describedby="\(described)"\(naming.problem == nil ? "" : HTML(" aria-invalid=\"true\""))>
      <p class="field-hint" id="garment-name-hint">\(t(.nameHint, ["count": GarmentName.maximumLength, "guess": guess]))</p>
      \(problem)
      <button type="submit" class="button button--secondary button--wide">\(t(.nameSave))</button>
      </form>
      </details>
      """
  }

  // MARK: Adding a garment

  func addGarment(problem: String? = nil) -> Page {
    let example = StockCatalog.all.first { $0.kind == .garment }
    let figure: HTML =
      example.map {
        "<figure class=\"example\"><img src=\"\(WearbloomPath.image($0.image.value, variant: ImageVariant.thumbnailLarge.rawValue))\" alt=\"\($0.label)\" width=\"240\" height=\"288\"><figcaption>\(Icons.info)<span>\(t(.addExample))</span></figcaption></figure>"
      } ?? ""
    return page(
      t(.addTitle), bodyClass: "page-add", tab: .add,
      main: """
        <section class="add" aria-labelledby="add-title">
        <h1 id="add-title">\(t(.addTitle))</h1>
        <p class="lede">\(t(.addLead))</p>
        \(alert(problem))
        \(figure)
        <form method="post" action="\(WearbloomPath.garments.path)" enctype="multipart/form-data" data-photo-form data-queue-offline>
        <input type="hidden" name="category" value="\(UploadPolicy.provisionalCategory.rawValue)">
        \(photoPicker(camera: "environment", primary: true))
        </form>
        <p class="upload-status" data-upload-status hidden></p>
        </section>
        """)
  }

  /// The cutout to check: retake it, or tap what it is and save it. A photo that could not be cut
  /// out says what that means for try-on: nothing to try on in the preview (`needsCutout`), or
  /// the whole photo used by a model that takes it.
  func review(_ garment: Garment, needsCutout: Bool, problem: String? = nil) -> Page {
    let working = garment.removalStatus == .pending
    let note: HTML =
      switch garment.removalStatus {
      case .pending: "<p class=\"cutout-note\" data-cutout-note>\(t(.cutoutWorking))</p>"
      case .failed, .skipped:
        "<p class=\"cutout-note\" data-cutout-failed>\(t(needsCutout ? .cutoutFailedRetake : .cutoutFailed))</p>"
      case .completed: ""
      }
    var screen = page(
      t(.cutoutTitle), bodyClass: "page-review",
      main: """
        <section class="review" aria-labelledby="review-title">
        <h1 id="review-title">\(t(.cutoutTitle))</h1>
        \(alert(problem))
        <figure class="cutout\(working ? HTML(" cutout--working") : "")" data-cutout>
        <img src="\(WearbloomPath.image(garment.displayImage.value, variant: ImageVariant.thumbnailLarge.rawValue))" alt="\(name(garment.category))" width="480" height="576">
        </figure>
        \(note)
        <form method="post" action="\(WearbloomPath.review(garment.id))" class="review-form">
        \(categoryChoice(selected: garment.category))
        <button type="submit" class="button button--primary button--wide" data-primary-action>\(t(.saveToWardrobe))</button>
        </form>
        <form method="post" action="\(WearbloomPath.retake(garment.id))">
        <button type="submit" class="button button--secondary button--wide">\(t(.retake))</button>
        </form>
        </section>
        """)
    if working { screen.refreshWithoutScript = 2 }
    screen.data += [
      ("cutout-pending", working ? "yes" : "no"), ("cutout-check-ms", String(Int(CutoutPacing.checkEvery * 1_000))),
    ]
    return screen
  }
}
