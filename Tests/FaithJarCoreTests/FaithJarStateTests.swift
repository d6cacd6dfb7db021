import FaithJarCore
import Foundation
import OrchardKit
import Testing

@Suite("What the device keeps", .timeLimit(.minutes(5)))
struct FaithJarStateTests {
  @Test("the trial starts at the first launch and never restarts")
  func trialStartsOnce() {
    var state = FaithJarState()
    state.launch(at: start)
    state.launch(at: start.addingTimeInterval(3 * day))
    #expect(state.trial?.startedAt == start)
    #expect(state.trial?.latestSeen == start.addingTimeInterval(3 * day))
  }

  @Test("a drawn verse stays on screen until another is drawn")
  func shownVerse() {
    let library = syntheticLibrary(count: 4)
    var generator = SeededRandomNumberGenerator(seed: 1)
    var state = FaithJarState()
    #expect(state.currentVerse(for: .joy, in: library) == nil)
    let drawn = state.drawVerse(for: .joy, from: library, using: &generator)
    #expect(state.currentVerse(for: .joy, in: library) == drawn)
    let next = state.drawVerse(for: .joy, from: library, using: &generator)
    #expect(next != drawn)
    #expect(state.currentVerse(for: .joy, in: library) == next)
  }

  @Test("verses read offline are behind the deck when the device is back: none comes again this cycle")
  func offlineReads() {
    let library = syntheticLibrary(count: 6)
    for seed in UInt64(0)..<20 {
      var generator = SeededRandomNumberGenerator(seed: seed)
      var state = FaithJarState()
      let first = state.drawVerse(for: .anger, from: library, using: &generator)!.id
      // The device walks the kept queue offline, reading three.
      let queue = state.offlineQueue(from: library, using: &generator)[.anger]!.map(\.id)
      let read = Array(queue.prefix(3))
      state.recordOfflineReads(
        [.anger: read, .joy: ["anger-test-1", "nonsense"]], from: library, using: &generator)
      #expect(state.shown[.anger] == read.last)
      #expect(state.shown[.joy] == nil, "another feeling's verse is not this one's")
      let online = (0..<2).map { _ in state.drawVerse(for: .anger, from: library, using: &generator)!.id }
      #expect(Set([first] + read + online) == Set(library.verses(for: .anger).map(\.id)), "seed \(seed)")
    }
  }

  @Test("favourites keep the newest first and never twice")
  func favourites() {
    var state = FaithJarState()
    state.setFavourite("a", true)
    state.setFavourite("b", true)
    state.setFavourite("a", true)
    #expect(state.favourites == ["a", "b"])
    state.setFavourite("a", false)
    #expect(state.favourites == ["b"])
    #expect(!state.isFavourite("a") && state.isFavourite("b"))
  }

  @Test("state survives a JSON round trip")
  func codable() throws {
    var generator = SeededRandomNumberGenerator(seed: 2)
    var state = FaithJarState()
    state.launch(at: start)
    state.onboardingCompleted = true
    state.translation = .kjv
    state.drawVerse(for: .anger, from: syntheticLibrary(count: 3), using: &generator)
    state.setFavourite("anger-test-1", true)
    #expect(try JSONDecoder().decode(FaithJarState.self, from: JSONEncoder().encode(state)) == state)
  }
}

@Suite("The test device clock", .timeLimit(.minutes(5)))
struct DeviceClockMoveTests {
  @Test("forward a trial reaches the trial's end exactly")
  func forwardTrial() {
    #expect(DeviceClockMove.forwardWeek.applied(to: 0) == AccessPolicy.trialLength)
    for move in DeviceClockMove.allCases {
      #expect(DeviceClockMove.days(in: move.applied(to: 0)) == move.days ?? 0)
    }
  }

  @Test("each button and the clock's state say the days the core moves")
  func sentences() {
    #expect(english(DeviceClockMove.forwardWeek.label) == "Forward \(AccessPolicy.trialDays) days")
    #expect(english(DeviceClockMove.forwardDay.label) == "Forward 1 day")
    #expect(english(DeviceClockMove.backDay.label) == "Back 1 day")
    #expect(english(DeviceClockMove.reset.label) == "Real time")
    let week = DeviceClockMove.forwardWeek.applied(to: 0)
    #expect(
      english(DeviceClockMove.state(of: week)) == "This device\u{2019}s clock is \(AccessPolicy.trialDays) days ahead.")
    #expect(english(DeviceClockMove.state(of: -day)) == "This device\u{2019}s clock is 1 day behind.")
    #expect(english(DeviceClockMove.state(of: 0)) == "This device\u{2019}s clock shows the real time.")
  }
}

@Suite("Emotions and translations", .timeLimit(.minutes(5)))
struct EmotionTests {
  @Test("six feelings, in the designer's order")
  func six() {
    #expect(
      Emotion.allCases.map { english($0.label) } == ["Anxiety", "Sadness", "Joy", "Loneliness", "Anger", "Gratitude"])
  }

  @Test("only sadness, loneliness and anger offer a way to talk to someone")
  func supportLink() {
    #expect(Emotion.allCases.filter(\.offersSupportLink) == [.anxiety, .sadness, .loneliness, .anger])
  }

  @Test("BSB is the default; every translation names its licence")
  func translations() {
    #expect(Translation.standard == .bsb)
    #expect(Translation.allCases.map(\.abbreviation) == ["BSB", "KJV", "WEB"])
    #expect(Translation.allCases.allSatisfy { $0.licence.localizedCaseInsensitiveContains("public domain") })
  }

  @Test("shared text carries the passage, the reference and the translation")
  func share() {
    let verse = syntheticLibrary(count: 1).verses(for: .joy)[0]
    #expect(verse.shareText(in: .web) == "\u{201C}WEB joy 1\u{201D} \u{2014} Psalm 1:1 (WEB)")
  }
}
