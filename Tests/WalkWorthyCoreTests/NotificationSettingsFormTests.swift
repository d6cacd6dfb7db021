import OrchardKit
import Testing
import WalkWorthyCore

@Suite("Notification settings form", .timeLimit(.minutes(5)))
struct NotificationSettingsFormTests {
  func form(
    on: Bool = true, daily: String = "08:00", quiet: Bool = true, start: String = "22:00", end: String = "07:00"
  ) -> NotificationSettingsForm {
    NotificationSettingsForm(isEnabled: on, dailyTime: daily, quietHoursOn: quiet, quietStart: start, quietEnd: end)
  }

  @Test("with notifications on, an empty daily time is refused beside its field, with a code and a sentence")
  func emptyDailyTime() throws {
    let form = form(daily: "  ")
    #expect(form.problems == [.dailyTimeMissing])
    #expect(form.problem(.dailyTime)?.code == "DAILY_TIME_MISSING")
    #expect(form.problem(.quietStart) == nil)
    guard case .failure(let error) = form.validated() else {
      Issue.record("an empty daily time was accepted")
      return
    }
    #expect(error.problems == [.dailyTimeMissing])
    #expect(english(NotificationSettingsProblem.dailyTimeMissing.message).contains("such as 08:00"))
  }

  @Test("with notifications off, an empty daily time means none; a typed one must still read as a time")
  func offWithoutTime() throws {
    let settings = try form(on: false, daily: "", quiet: false).validated().get()
    #expect(!settings.isEnabled && settings.dailyTime == nil && settings.quietHours == nil)
    #expect(form(on: false, daily: "8 am").problems == [.dailyTimeInvalid])
  }

  @Test(
    "each time must read as HH:MM; quiet hours need a start and an end that differ",
    arguments: [
      ("25:00", "22:00", "07:00", [NotificationSettingsProblem.dailyTimeInvalid]),
      ("08:00", "", "07:00", [.quietStartMissing]),
      ("08:00", "22:00", "", [.quietEndMissing]),
      ("08:00", "10pm", "7", [.quietStartInvalid, .quietEndInvalid]),
      ("08:00", "22:00", "22:00", [.quietHoursEmpty]),
      ("", "", "", [.dailyTimeMissing, .quietStartMissing, .quietEndMissing]),
    ])
  func problems(daily: String, start: String, end: String, expected: [NotificationSettingsProblem]) {
    #expect(form(daily: daily, start: start, end: end).problems == expected)
  }

  @Test("quiet hours that are off ignore their fields")
  func quietOff() throws {
    let settings = try form(quiet: false, start: "", end: "nonsense").validated().get()
    #expect(settings.quietHours == nil && settings.dailyTime == TimeOfDay(hour: 8))
  }

  @Test("a valid form gives the settings; saved settings fill the form back exactly")
  func roundTrip() throws {
    let settings = try form(daily: "21:30", start: "23:00", end: "06:30").validated().get()
    #expect(settings.dailyTime == time("21:30"))
    #expect(settings.quietHours == QuietHours(start: time("23:00"), end: time("06:30")))
    #expect(NotificationSettingsForm(settings) == form(daily: "21:30", start: "23:00", end: "06:30"))
    let quietOff = NotificationSettings(isEnabled: true, dailyTime: time("09:00"), quietHours: nil)
    #expect(NotificationSettingsForm(quietOff) == form(daily: "09:00", quiet: false))
  }

  @Test("every problem has its sentence in the catalog")
  func sentences() {
    for problem in NotificationSettingsProblem.allCases {
      #expect(WalkWorthyTexts.english.messages[problem.message.key] != nil, "\(problem)")
    }
  }

  @Test("flipping one switch changes only it; times it needs come from the screen when none are saved")
  func flip() throws {
    let saved = NotificationSettings(isEnabled: false, dailyTime: nil, quietHours: nil)
    let shown = form(daily: "07:15", start: "23:00", end: "06:00")
    var quiet = NotificationSettingsForm(saved)
    quiet.flip(.quietHours, on: true, shown: shown)
    let withQuiet = try quiet.validated().get()
    #expect(withQuiet.quietHours == QuietHours(start: time("23:00"), end: time("06:00")))
    #expect(!withQuiet.isEnabled && withQuiet.dailyTime == nil)
    var on = NotificationSettingsForm(saved)
    on.flip(.notifications, on: true, shown: shown)
    #expect(try on.validated().get().dailyTime == time("07:15"))
    var blank = NotificationSettingsForm(saved)
    blank.flip(.notifications, on: true, shown: form(daily: ""))
    #expect(blank.problems == [.dailyTimeMissing])
    // A saved daily time is kept over whatever the screen shows.
    var kept = NotificationSettingsForm(NotificationSettings())
    kept.flip(.notifications, on: false, shown: shown)
    #expect(try kept.validated().get() == NotificationSettings(isEnabled: false))
  }
}
