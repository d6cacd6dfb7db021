import OrchardKit
import Testing

@testable import DangdaiCore

@Suite("A learner's settings: their language, and the time zone their days follow", .timeLimit(.minutes(5)))
struct DangdaiSettingsTests {
  @Test("a new learner speaks the account's language when the catalogs do, else English")
  func newLearner() {
    for language in DangdaiTexts.all.languages {
      #expect(DangdaiSettings.newLearner(speaking: language).language == language)
    }
    #expect(DangdaiSettings.newLearner(speaking: Language(rawValue: "de")).language == .english)
    #expect(DangdaiSettings.newLearner(speaking: .french).timeZone == IANAZone.utc.identifier)
  }

  @Test("the browser's zone is taken while the learner has none of their own, and only a real one")
  func browserZone() {
    let new = DangdaiSettings()
    #expect(new.zoneToAdopt("Asia/Taipei") == "Asia/Taipei")
    #expect(new.zoneToAdopt(nil) == nil)
    #expect(new.zoneToAdopt("Mars/Olympus") == nil)
    #expect(new.zoneToAdopt(IANAZone.utc.identifier) == nil)
    let settled = DangdaiSettings(timeZone: "Asia/Taipei")
    #expect(settled.zoneToAdopt("Europe/Paris") == nil)
  }

  @Test("a month's columns are headed Monday first")
  func columnHeads() {
    #expect(ActivityCalendar.columnHeads.count == 7)
    #expect(ActivityCalendar.columnHeads.enumerated().allSatisfy { ActivityCalendar.weekdayIndex($1) == $0 })
  }
}
