import Foundation
import OrchardKit
import ServerKit
import WalkWorthyCore

/// The onboarding form as posted: the core's ``ProfileForm`` plus what only a web form has (the
/// age field's raw text, the custom-hobby box), so a re-shown form keeps everything typed.
struct OnboardingView {
  var form: ProfileForm
  var ageText: String
  var editing: Bool
  /// The sentences of the request's language, for the form's problems.
  let text: Localizer<WalkWorthyText>
  var customText = ""
  var hobbyProblem: String?
  /// Whether the form has been posted, so problems are worth showing.
  var submitted = false

  init(form: ProfileForm, ageText: String, editing: Bool, text: Localizer<WalkWorthyText>) {
    self.form = form
    self.ageText = ageText
    self.editing = editing
    self.text = text
  }

  init(fields: FormFields, editing: Bool, text: Localizer<WalkWorthyText>) {
    var form = ProfileForm()
    let ageText = String((fields["age"] ?? "").trimmingCharacters(in: .whitespaces).prefix(12))
    form.age = Int(ageText)
    form.major = String((fields["major"] ?? "").prefix(400))
    form.gender = fields["gender"].flatMap(Gender.init(rawValue:)) ?? .preferNotToSay
    form.personalizationOptIn = fields["personalize"] == "on"
    var problem: ProfileProblem?
    for hobby in fields.values("hobby").prefix(40) where !form.isSelected(hobby) {
      problem = form.toggle(hobby) ?? problem
    }
    let custom = fields["custom"] ?? ""
    if fields["action"] != "add-hobby", !custom.trimmingCharacters(in: .whitespaces).isEmpty {
      // Typed but not added: saving adds it, as a person would expect.
      problem = form.addCustomHobby(custom) ?? problem
      if problem != nil { customText = custom }
    }
    self.form = form
    self.ageText = ageText
    self.editing = editing
    self.text = text
    hobbyProblem = problem.map { text($0.message) }
    submitted = true
  }

  var ageIsNumber: Bool { ageText.isEmpty || Int(ageText) != nil }

  var ageProblem: String? {
    guard submitted else { return nil }
    if !ageIsNumber { return text(.ageNotNumber) }
    return form.problem(.age).map { text($0.message) }
  }

  var majorProblem: String? {
    guard submitted else { return nil }
    return form.problem(.major).map { text($0.message) }
  }

  var hobbiesProblem: String? {
    guard submitted else { return nil }
    return hobbyProblem ?? form.problem(.hobbies).map { text($0.message) }
  }
}

/// The inbox as a screen shows it: what has arrived, and where Dismiss returns to.
struct InboxView {
  let items: [NotificationRequest]
  /// The screen's own path, so a Dismiss without a script comes back to it.
  let back: String
  let zone: TimeZone
}

struct CanvasView {
  let fakeCanvas: Bool
  let linked: Bool
  let today: TodayCanvas?
  let zone: TimeZone
}

struct HomeView {
  let feed: HomeFeed
  let refresh: RefreshRecord?
  let now: Date
  let zone: TimeZone
}

struct SettingsView {
  let profile: Profile
  let device: WalkWorthyDevice
  /// What the form shows: the saved settings, or the ones just posted when they need another look.
  let answers: SettingsAnswers
  let config: Config
  /// Where the web version's encouragements come from.
  let api: APIMode
  let build: BuildInfo
  let notice: SettingsNotice?
  /// The device's time, when this server lets testers move it.
  let testClock: TestClockView?
  /// The VAPID public key the browser subscribes to pushes with.
  var pushKey = ""
}

/// The test servers' device clock: what it reads, and the instant typed when it could not be read.
struct TestClockView {
  let now: Date
  let shifted: Bool
  var typed = "2026-11-17T12:00:00Z"
  var problem: String?
}

/// The settings form's answers, kept as typed so a form shown again after a problem loses nothing.
struct SettingsAnswers {
  var personalize: Bool
  var fakeCanvas: Bool
  var translation: Translation
  var theme: ThemeChoice
  var notifications: NotificationSettingsForm
  /// Whether the form was posted, so its problems are worth showing.
  var submitted = false

  /// The saved settings.
  init(_ device: WalkWorthyDevice, config: Config) {
    personalize = device.onDevice.profile?.personalizationOptIn ?? false
    fakeCanvas = device.usesFakeCanvas(config)
    translation = device.onDevice.translation
    theme = device.onDevice.theme
    notifications = NotificationSettingsForm(device.onDevice.notifications)
  }

  /// The posted form. A translation or look the form never offers is a bad request, not a typo.
  init(_ fields: FormFields) throws {
    translation = try WalkWorthyRoutes.translation(fields["translation"])
    guard let theme = fields["theme"].flatMap(ThemeChoice.init(rawValue:)) else {
      throw OrchardError.badRequest("Choose System, Light or Dark.", code: "UNKNOWN_THEME")
    }
    self.theme = theme
    personalize = fields["personalize"] == "on"
    fakeCanvas = fields["fake-canvas"] == "on"
    notifications = NotificationSettingsForm(
      isEnabled: fields["notifications"] == "on", dailyTime: String((fields["daily"] ?? "").prefix(40)),
      quietHoursOn: fields["quiet"] == "on", quietStart: String((fields["quiet-start"] ?? "").prefix(40)),
      quietEnd: String((fields["quiet-end"] ?? "").prefix(40)))
    submitted = true
  }

  /// The problem to show beside `field`, once the form was posted.
  func problem(_ field: NotificationSettingsForm.Field) -> NotificationSettingsProblem? {
    submitted ? notifications.problem(field) : nil
  }
}
