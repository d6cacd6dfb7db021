import OrchardKit
import Testing

@Suite("Sentences from catalogs", .timeLimit(.minutes(5)))
struct LocalizerTests {
  enum Key: String, TextKey {
    case plain, named, days, exact, nested, braces
  }

  static let english = Catalog<Key>(
    .english,
    [
      .plain: "Saved.", .named: "Proceed to {app}",
      .days: "{days, plural, one {Last day} other {# days left}}",
      .exact: "{count, plural, =0 {Nothing yet} one {One exit} other {# exits}}",
      .nested: "{count, plural, one {# card for {name}} other {# cards for {name}}}",
      .braces: "Write '{'name'}' to place a value",
    ])
  static let french = Catalog<Key>(
    .french,
    [
      .plain: "Enregistré.", .named: "Continuer vers {app}",
      .days: "{days, plural, one {# jour restant} other {# jours restants}}",
      .exact: "{count, plural, =0 {Rien encore} one {# sortie} other {# sorties}}",
      .nested: "{count, plural, one {# carte pour {name}} other {# cartes pour {name}}}",
      .braces: "Écrivez '{'name'}'",
    ])
  let texts = Texts<Key>([english, french])

  @Test("a value is placed by name, and a plural picks its words by the language's rules")
  func format() {
    let en = texts.localizer(.english)
    #expect(en(.plain) == "Saved.")
    #expect(en(.named, ["app": "Instagram"]) == "Proceed to Instagram")
    #expect(en(.days, ["days": 1]) == "Last day")
    #expect(en(.days, ["days": 5]) == "5 days left")
    #expect(en(.exact, ["count": 0]) == "Nothing yet")
    #expect(en(.exact, ["count": 1]) == "One exit")
    #expect(en(.exact, ["count": 12]) == "12 exits")
    #expect(en(.nested, ["count": 3, "name": "Ana"]) == "3 cards for Ana")
    #expect(en(.braces) == "Write {name} to place a value")
  }

  @Test("French counts zero and one as singular; Japanese and Korean have one form")
  func pluralRules() {
    let fr = texts.localizer(.french)
    #expect(fr(.days, ["days": 0]) == "0 jour restant")
    #expect(fr(.days, ["days": 1]) == "1 jour restant")
    #expect(fr(.days, ["days": 2]) == "2 jours restants")
    #expect(Language.japanese.pluralCategory(1) == .other)
    #expect(Language.korean.pluralCategory(1) == .other)
    #expect(Language.english.pluralCategory(0) == .other)
  }

  @Test("a language the app does not speak reads in English; a catalog names what it lacks")
  func fallbackAndMissing() {
    #expect(texts.localizer(.japanese)(.plain) == "Saved.")
    #expect(texts.localizer(.japanese).language == .english)
    let partial = Catalog<Key>(.korean, [.plain: "저장됨."])
    #expect(partial.missing == [.named, .days, .exact, .nested, .braces])
    #expect(Texts<Key>([Self.english, partial]).missing == [.korean: ["named", "days", "exact", "nested", "braces"]])
    #expect(texts.missing.isEmpty)
  }

  @Test("a message a core returns reads the same as its key and values")
  func messages() {
    let message = Message(Key.named, ["app": "YouTube"])
    #expect(texts.localizer(.french)(message) == "Continuer vers YouTube")
    #expect(message == Message(Key.named, ["app": "YouTube"]))
    #expect(message != Message(Key.named, ["app": "X"]))
  }
}

@Suite("Time zones by their IANA names", .timeLimit(.minutes(5)))
struct IANAZoneTests {
  @Test("a real zone is accepted; a made-up, malformed or over-long one is refused")
  func validation() throws {
    #expect(try IANAZone("Europe/Paris").identifier == "Europe/Paris")
    #expect(try IANAZone("America/Argentina/Buenos_Aires").timeZone.identifier == "America/Argentina/Buenos_Aires")
    #expect(throws: IANAZoneError.unknown) { try IANAZone("Mars/Olympus_Mons") }
    for bad in ["", "Europe/Paris; DROP", "../etc/passwd", "2Europe", String(repeating: "A", count: 65)] {
      #expect(throws: IANAZoneError.malformed) { try IANAZone(bad) }
    }
    #expect(IANAZone.stored("Nowhere/Atlantis") == .utc)
  }
}
