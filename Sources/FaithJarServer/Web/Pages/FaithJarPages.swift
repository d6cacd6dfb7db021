import FaithJarCore
import OrchardKit
import ServerKit

/// The HTML of every Faith Jar screen, rendered from the core's screen values in the reader's
/// language.
struct FaithJarPages {
  /// The sentences of the request's language.
  let t: Localizer<FaithJarText>

  func page(_ title: String, bodyClass: String, main: HTML) -> Page {
    var page = Page(
      title: title, description: "A Bible verse for how you feel right now, and why it fits.",
      theme: FaithJarTheme.tokens.name, themeColor: FaithJarTheme.tokens.themeColor(),
      stylesheets: ["faith-jar/faith-jar.css"],
      scripts: ["js/in-place.js", "faith-jar/faith-jar.js"],
      preloadFonts: [FontFace.inter.assetPath, "fonts/lora-latin.woff2"], bodyClass: "faith-jar " + bodyClass,
      main: main)
    page.data = [
      ("worker", FaithJarPath.serviceWorker.path), ("scope", FaithJarPath.home.path),
      ("offline-verses", FaithJarPath.offlineVerses.path), ("offline-reads", FaithJarPath.offlineReads.path),
      ("fresh-for", String(OfflineReading.freshFor)),
      ("fade-out-ms", String(Int(VerseTransition.fadeOut * 1000))),
      ("fade-in-ms", String(Int(VerseTransition.fadeIn * 1000))),
      ("text-copied", "Copied to the clipboard."), ("text-no-share", "Sharing is not available here."),
      ("text-listen", "Listen"), ("text-stop", "Stop"),
      (
        "text-nothing-kept",
        "You are offline, and this device has no verses kept yet. Open Faith Jar once while online."
      ),
    ]
    return page
  }

  /// What the page script needs to read a feeling offline: its verse page and its offline shell.
  func offlineData(_ emotion: Emotion) -> HTML {
    " data-emotion=\"\(emotion.rawValue)\" data-verse=\"\(FaithJarPath.verse.link(emotion.rawValue))\" data-offline=\"\(FaithJarPath.offline(emotion.rawValue))\""
  }

  // MARK: Onboarding

  /// `next` is where the visitor was going when onboarding came first (a shared verse link): the
  /// pages carry it along and "Get Started" goes there.
  func onboarding(page index: Int, next: String? = nil) -> Page {
    let pages = OnboardingPage.all
    let current = pages[index]
    let carried = next.map { "&next=" + $0 } ?? ""
    let nextField: HTML = next.map { HTML("<input type=\"hidden\" name=\"return\" value=\"\($0)\">") } ?? ""
    let visual: HTML =
      current.steps.isEmpty
      ? "<div class=\"onboarding-icon\">\(Icons.svg(current.icon))</div>"
      : """
      <ol class="onboarding-steps" role="list">\(current.steps.map { step in
          HTML("<li>\(Icons.svg(step.icon))<span>\(t(step.label))</span></li>")
        })</ol>
      """
    let action: HTML =
      index == pages.count - 1
      ? """
      <form method="post" action="\(FaithJarPath.welcome.path)">\(nextField)<button class="button button--wide" type="submit" data-primary-action>\(t(current.button))</button></form>
      """
      : """
      <a class="button button--wide" href="\(FaithJarPath.home.path)?page=\(index + 2)\(carried)" data-primary-action>\(t(current.button))</a>
      <form method="post" action="\(FaithJarPath.welcome.path)">\(nextField)<button class="skip" type="submit">Skip</button></form>
      """
    let dots = pages.indices.map { i in
      let currentMark: HTML = i == index ? " aria-current=\"step\"" : ""
      return HTML(
        "<li><a class=\"dot\" href=\"\(FaithJarPath.home.path)?page=\(i + 1)\(carried)\"\(currentMark)><span class=\"visually-hidden\">Page \(i + 1) of \(pages.count)</span></a></li>"
      )
    }
    return page(
      "Welcome · Faith Jar", bodyClass: "onboarding-page",
      main: """
        <section class="onboarding" aria-labelledby="onboarding-title" \
        data-next="\(index + 1 < pages.count ? "\(FaithJarPath.home.path)?page=\(index + 2)\(carried)" : "")" \
        data-previous="\(index > 0 ? "\(FaithJarPath.home.path)?page=\(index)\(carried)" : "")">
        \(visual)
        <h1 id="onboarding-title">\(t(current.title))</h1>
        <p>\(t(current.body))</p>
        \(action)
        <ol class="dots" role="list" aria-label="Onboarding pages">\(dots)</ol>
        </section>
        """)
  }

  // MARK: Emotion list

  func emotionList(_ screen: EmotionListScreen, translation: Translation) -> Page {
    let banner: HTML = screen.trialBanner.map { "<p class=\"trial-banner\" role=\"status\">\(t($0))</p>" } ?? ""
    let cards = screen.emotions.map { emotion in
      HTML(
        """
        <li><form method="post" action="\(FaithJarPath.next.link(emotion.rawValue))"\(offlineData(emotion))>\
        <button class="emotion emotion--\(emotion.rawValue)" type="submit" data-primary-action>\
        <span class="emotion-icon">\(Icons.svg(emotion.icon))</span><span class="emotion-label">\(t(emotion.label))</span>\
        </button></form></li>
        """)
    }
    return page(
      "Faith Jar · How are you feeling today?", bodyClass: "emotions-page",
      main: """
        <header class="app-header">
        <h1>\(t(screen.title)) \(Icons.svg(.sparkle, className: "icon sparkle"))</h1>
        <p class="subtitle">\(t(screen.subtitle))</p>
        <p class="prompt">\(t(screen.prompt))</p>
        </header>
        \(banner)
        <ul class="emotions" role="list">\(cards)</ul>
        <footer class="app-footer">
        \(translationPicker(translation, returnTo: FaithJarPath.home.path, inPlace: ".app-footer"))
        <nav aria-label="More"><a href="\(FaithJarPath.favourites.path)">Favourites</a> · <a href="\(FaithJarPath.paywall.path)">\(t(screen.planEntry))</a> · <a href="\(FaithJarPath.about.path)">About the translations</a></nav>
        </footer>
        """)
  }

  /// `inPlace` names the parts of the screen the choice changes, for the page script to swap.
  func translationPicker(_ selected: Translation, returnTo: String, inPlace: String) -> HTML {
    let options = Translation.allCases.map { translation in
      let mark: HTML = translation == selected ? " selected" : ""
      return HTML(
        "<option value=\"\(translation.rawValue)\"\(mark)>\(translation.abbreviation) · \(translation.name)</option>")
    }
    return """
      <form class="translation-form" method="post" action="\(FaithJarPath.translation.path)" data-in-place="\(inPlace)" data-focus="#translation">
      <input type="hidden" name="return" value="\(returnTo)">
      <label for="translation">Translation</label>
      <select id="translation" name="translation">\(options)</select>
      <button class="button button--quiet" type="submit">Use</button>
      </form>
      """
  }

  // MARK: Verse

  func verse(_ screen: VerseScreen) -> Page {
    let emotion = screen.emotion
    let favouriteLabel = screen.isFavourite ? "Remove from favourites" : "Save to favourites"
    let support: HTML =
      screen.offersSupportLink
      ? CrisisSupport.link(FaithJarPath.support.path) : ""
    return page(
      "\(screen.verse.displayReference) · Faith Jar", bodyClass: "verse-page emotion--\(emotion.rawValue)",
      main: """
        \(verseTop)
        \(article(
          emotion: emotion, id: screen.verse.id, text: screen.text, reference: screen.reference,
          translation: screen.translation, explanation: screen.verse.explanation))
        \(support)
        <div class="verse-tools">
        <form class="favourite-form" method="post" action="\(FaithJarPath.favourite.link(screen.verse.id))" \
        data-in-place=".verse-tools" data-focus=".favourite-form button">
        <input type="hidden" name="favourite" value="\(screen.isFavourite ? "0" : "1")">
        <input type="hidden" name="return" value="\(FaithJarPath.verse.link(emotion.rawValue))">
        <button class="button button--quiet" type="submit" aria-pressed="\(screen.isFavourite ? "true" : "false")">\(Icons.svg(.heart, className: screen.isFavourite ? "icon icon--filled" : "icon")) \(favouriteLabel)</button>
        </form>
        \(translationPicker(
          screen.translation, returnTo: FaithJarPath.verse.link(emotion.rawValue), inPlace: "article.verse,.verse-tools"))
        <div class="verse-extras">
        <button class="button button--quiet share" type="button" hidden data-share-text="\(screen.shareText)">Share</button>
        <button class="button button--quiet listen" type="button" hidden aria-pressed="false" \
        data-speech="\(screen.text) \(screen.verse.displayReference).">\(Icons.svg(.book)) <span class="label">Listen</span></button>
        </div>
        <p class="tool-status" role="status"></p>
        </div>
        \(verseActions(emotion))
        """)
  }

  var verseTop: HTML {
    """
    <nav class="verse-top" aria-label="Verse">
    <a class="close-link" href="\(FaithJarPath.home.path)">\(Icons.svg(.close)) Close</a>
    \(Icons.svg(.sparkle, className: "icon sparkle"))
    </nav>
    """
  }

  func verseActions(_ emotion: Emotion) -> HTML {
    """
    <div class="verse-actions">
    <a class="round-button" href="\(FaithJarPath.home.path)" aria-label="Close" data-primary-action>\(Icons.svg(.close))</a>
    <form class="another-verse" method="post" action="\(FaithJarPath.next.link(emotion.rawValue))"\(offlineData(emotion))>
    <button class="round-button round-button--primary" type="submit" aria-label="Another verse" data-primary-action>\(Icons.svg(.refresh))</button>
    </form>
    </div>
    """
  }

  /// The verse itself; `data-verse-id` lets the offline reader know which verse is on screen.
  func article(
    emotion: Emotion, id: String, text: String, reference: String, translation: Translation, explanation: String
  ) -> HTML {
    """
    <article class="verse" aria-labelledby="verse-heading" data-verse-id="\(id)">
    <h1 id="verse-heading" class="visually-hidden">A verse for \(t(emotion.label).lowercased())</h1>
    <blockquote class="verse-text" tabindex="-1"><p>\(text)</p></blockquote>
    <p class="verse-reference"><span class="reference">\(reference)</span> <abbr title="\(translation.name)">\(translation.abbreviation)</abbr></p>
    <hr>
    <h2 class="explanation-heading">\(t(.explanationHeading))</h2>
    <p class="explanation">\(explanation)</p>
    </article>
    """
  }

  /// The verse screen without a verse, kept by the service worker for each feeling: with the
  /// network gone, the page script fills it from the verses this device saved for offline reading.
  func offlineVerse(_ emotion: Emotion, translation: Translation) -> Page {
    page(
      "\(t(emotion.label)) · Faith Jar", bodyClass: "verse-page offline-verse emotion--\(emotion.rawValue)",
      main: """
        \(verseTop)
        \(article(emotion: emotion, id: "", text: "", reference: "", translation: translation, explanation: ""))
        <p class="offline-note" role="status">You are offline. Verses keep coming from this device.</p>
        \(verseActions(emotion))
        """)
  }

  // MARK: Favourites

  func favourites(_ verses: [Verse], translation: Translation) -> Page {
    let items =
      verses.isEmpty
      ? ["<li class=\"empty\">Verses you save will gather here.</li>"]
      : verses.map { verse in
        HTML(
          """
          <li class="favourite"><blockquote><p>\(verse.text(in: translation))</p></blockquote>\
          <p class="verse-reference">\u{2014} \(verse.displayReference) \(translation.abbreviation)</p>\
          <form method="post" action="\(FaithJarPath.favourite.link(verse.id))" data-in-place=".favourites" \
          data-focus="h1"><input type="hidden" name="favourite" value="0">\
          <input type="hidden" name="return" value="\(FaithJarPath.favourites.path)">\
          <button class="button button--quiet" type="submit">Remove \(verse.displayReference)</button></form></li>
          """)
      }
    return page(
      "Favourites · Faith Jar", bodyClass: "favourites-page",
      main: """
        <nav class="verse-top" aria-label="Favourites"><a class="close-link" href="\(FaithJarPath.home.path)">\(Icons.svg(.close)) Close</a></nav>
        <h1 tabindex="-1">Favourites</h1>
        <ul class="favourites" role="list">\(items)</ul>
        """)
  }
}
