import MIGACore
import Testing

@Suite("Apps and the hub", .timeLimit(.minutes(5)))
struct AppRegistryTests {
  @Test("the seven apps the spec names, each with a scheme, an https address and an App Store id")
  func builtIn() {
    #expect(
      AppRegistry.builtIn.map(\.id) == ["instagram", "tiktok", "facebook", "x", "youtube", "snapchat", "reddit"])
    for app in AppRegistry.builtIn {
      #expect(!app.urlSchemes.isEmpty && app.urlSchemes.allSatisfy { $0.contains("://") }, "\(app.id)")
      #expect(app.webURL.hasPrefix("https://"), "\(app.id)")
      #expect(app.appStoreID?.allSatisfy(\.isNumber) == true, "\(app.id)")
    }
    #expect(
      AppRegistry.app(id: "instagram").map { MIGATexts.all.localizer(.english)($0.proceedLabel) }
        == "Proceed to Instagram")
    #expect(Set(AppRegistry.builtIn.map(\.icon)).count == AppRegistry.builtIn.count, "each app its own icon")
    #expect(!AppRegistry.builtIn.map(\.icon).contains("globe"))
    #expect(SocialApp.custom(name: "News", webURL: "https://news.example")?.icon == "globe")
  }

  @Test("a hub holds one to ten apps, none twice")
  func limits() throws {
    #expect(HubSelection([]) == nil)
    let instagram = try #require(AppRegistry.app(id: "instagram"))
    #expect(HubSelection([instagram, instagram]) == nil)
    var hub = try #require(HubSelection([instagram]))
    let removedLast = hub.remove(id: "instagram")
    #expect(!removedLast, "the last app stays")
    let twice = hub.add(instagram)
    #expect(!twice)
    for app in AppRegistry.builtIn.dropFirst() {
      let added = hub.add(app)
      #expect(added)
    }
    for n in 1...3 {
      #expect(hub.add(try #require(SocialApp.custom(name: "Site \(n)", webURL: "https://s\(n).example"))))
    }
    #expect(hub.apps.count == 10)
    let overflow = hub.add(try #require(SocialApp.custom(name: "One more", webURL: "https://more.example")))
    #expect(!overflow)
    let removed = hub.remove(id: "tiktok")
    #expect(removed && !hub.contains("tiktok") && hub.apps.count == 9)
  }

  @Test("custom entries need a short name and an https address with a host")
  func custom() {
    let news = SocialApp.custom(name: "  Hacker News ", webURL: "https://news.ycombinator.com/")
    #expect(news?.id == "custom-hacker-news" && news?.name == "Hacker News" && news?.isCustom == true)
    #expect(SocialApp.custom(name: "", webURL: "https://a.example") == nil)
    #expect(SocialApp.custom(name: String(repeating: "a", count: 31), webURL: "https://a.example") == nil)
    #expect(SocialApp.custom(name: "Plain", webURL: "http://a.example") == nil)
    #expect(SocialApp.custom(name: "Script", webURL: "javascript:alert(1)") == nil)
    #expect(SocialApp.custom(name: "No host", webURL: "https:///path") == nil)
    #expect(SocialApp.custom(name: "Spaces", webURL: "https://a.example/x y") == nil)
  }

  @Test("search matches any part of the name, in any case")
  func search() {
    #expect(HubSelection.search("tube").map(\.id) == ["youtube"])
    #expect(HubSelection.search("  SNAP ").map(\.id) == ["snapchat"])
    #expect(HubSelection.search("").count == AppRegistry.builtIn.count)
  }
}

@Suite("Content items", .timeLimit(.minutes(5)))
struct ContentItemTests {
  func item(locus: String?, translator: String?, words: Int = 57) -> ContentItem {
    ContentItem(
      id: "meditations-4-3-1", kind: .quote, text: "First.\n\nSecond.", author: "Marcus Aurelius", work: "Meditations",
      locus: locus, translator: translator, year: 1862, licence: "PD-worldwide",
      source: "marcus-aurelius_meditations_george-long/book-4.xhtml", category: .stoicism, words: words)
  }

  @Test("the credit reads as the spec shows it")
  func attribution() {
    #expect(
      item(locus: "4.3", translator: "George Long").attribution
        == "\u{2014} Marcus Aurelius, Meditations 4.3, tr. George Long")
    #expect(item(locus: nil, translator: nil).attribution == "\u{2014} Marcus Aurelius, Meditations")
    #expect(
      item(locus: "Compensation", translator: nil).attribution
        == "\u{2014} Marcus Aurelius, Meditations, \u{201C}Compensation\u{201D}")
  }

  @Test("paragraphs split on blank lines; reading time at 200 words a minute, at least 5 s")
  func paragraphsAndTime() {
    #expect(item(locus: nil, translator: nil).paragraphs == ["First.", "Second."])
    #expect(item(locus: nil, translator: nil, words: 200).readingSeconds == 60)
    #expect(item(locus: nil, translator: nil, words: 3).readingSeconds == 5)
  }
}
