import Foundation
import ServerKit
import WearbloomCore

/// Looks: the try-ons a person made, kept newest first (``Looks``): a strip on the wardrobe, a page
/// of them all, and on a finished look the way to delete it, asked twice.
extension WearbloomPages {
  /// What a look shows beside its picture: the garment it was made with, when it is still in the
  /// wardrobe, and the body photo a look still being made is drawn on.
  struct LookContext {
    let garments: [Garment.ID: Garment]
    let body: ImageReference?

    func garmentName(_ render: Render, _ pages: WearbloomPages) -> String {
      garments[render.garmentID].map(pages.label) ?? pages.name(render.category)
    }
  }

  /// One look as a card: its result, or the body photo marked as still being made.
  func lookCard(_ render: Render, _ context: LookContext, lazy: Bool) -> HTML {
    let picture = render.result ?? context.body
    let image: HTML =
      picture.map {
        "<img src=\"\(WearbloomPath.image($0.value))\" alt=\"\" width=\"200\" height=\"240\"\(lazy ? HTML(" loading=\"lazy\" decoding=\"async\"") : "")>"
      } ?? ""
    let underWay: HTML =
      render.status.isFinished ? "" : "<span class=\"badge\" data-look-under-way>\(t(.lookUnderWay))</span>"
    let name = context.garmentName(render, self).lowercased()
    return """
      <a class="card look-card" href="\(WearbloomPath.render(render.id))" data-look="\(render.id)" aria-label="\(t(.lookOpen, ["garment": name]))">\(image)\(underWay)</a>
      """
  }

  /// The wardrobe's strip of the newest looks, with the way to them all; nothing before the first.
  func looksStrip(_ looks: [Render], _ context: LookContext) -> HTML {
    guard !looks.isEmpty else { return "" }
    let cards = looks.prefix(Looks.onWardrobe).map { HTML("<li>\(lookCard($0, context, lazy: true))</li>") }
    return """
      <section class="looks" aria-labelledby="looks-title" data-looks>
      <div class="looks-head"><h2 id="looks-title">\(t(.looksTitle))</h2><a class="text-link" href="\(WearbloomPath.looks.path)">\(t(.looksAll))</a></div>
      <ul class="looks-strip">\(cards)</ul>
      </section>
      """
  }

  /// Every look, newest first.
  func looks(_ looks: [Render], _ context: LookContext, toast: Toast? = nil) -> Page {
    let content: HTML =
      looks.isEmpty
      ? """
      <section class="empty" data-looks-empty>
      <p>\(t(.looksEmpty))</p>
      <a class="button button--primary" href="\(WearbloomPath.wardrobe.path)" data-primary-action>\(t(.looksEmptyAction))</a>
      </section>
      """
      : """
      <ul class="grid" data-looks>\(looks.enumerated().map { HTML("<li class=\"cell\">\(lookCard($1, context, lazy: $0 >= 6))</li>") })</ul>
      """
    return page(
      t(.looksTitle), bodyClass: "page-looks", tab: .wardrobe, toast: toast,
      main: """
        <header class="looks-page-head">
        <a class="back-link" href="\(WearbloomPath.wardrobe.path)" aria-label="\(t(.back))">\(Icons.back)</a>
        <h1>\(t(.looksTitle))</h1>
        </header>
        \(content)
        """)
  }

  /// On a finished look: delete it, once the question is answered (nothing goes in one tap).
  func deleteLook(_ render: Render) -> HTML {
    guard render.status.isFinished else { return "" }
    return """
      <details class="confirm-delete" data-look-delete>
      <summary class="button button--ghost button--danger button--wide">\(t(.lookDelete))</summary>
      <div class="confirm-delete-panel">
      <p>\(t(.lookDeleteQuestion))</p>
      <form method="post" action="\(WearbloomPath.deleteLook(render.id))">
      <button type="submit" class="button button--danger button--wide">\(t(.lookDeleteConfirm))</button>
      </form>
      <a class="button button--ghost button--wide" href="\(WearbloomPath.render(render.id))">\(t(.lookDeleteKeep))</a>
      </div>
      </details>
      """
  }
}
