import Foundation
import MIGACore
import OrchardKit
import Testing

@Suite("The gateway", .timeLimit(.minutes(5)))
struct GatewayTests {
  let start = instant("2026-11-21T15:00:00Z")
  let library = syntheticContent(perCategory: 4)

  /// A state that finished onboarding with Instagram and TikTok in the hub.
  func onboarded(pause: Int = 30, adapts: Bool = false) throws -> MIGAState {
    var state = MIGAState()
    try state.onboarding.setApps(["instagram", "tiktok"])
    try state.onboarding.setPause(pause)
    try state.completeOnboarding()
    state.settings.pause.adapts = adapts
    state.settings.timeZone = "America/New_York"
    return state
  }

  func recorder(_ clock: ManualClock) -> EventRecorder {
    EventRecorder(clock: clock, boundary: boundary("America/New_York"))
  }

  @Test("Exit is open at once; Proceed only at zero, saying where it goes")
  func transitions() throws {
    let clock = ManualClock(start)
    var state = try onboarded()
    var log = EventLog()
    var generator = SeededRandomNumberGenerator(seed: 1)
    let gateway = try state.openGateway(
      appID: "instagram", library: library, log: &log, recorder: recorder(clock), using: &generator)
    #expect(gateway.seconds == 30 && gateway.remaining(at: start) == 30 && gateway.canExit)
    #expect(!gateway.canProceed(at: start))
    #expect(MIGATexts.all.localizer(.english)(gateway.app.proceedLabel) == "Proceed to Instagram")
    clock.advance(by: 29.2)
    #expect(state.gateway?.remaining(at: clock.now) == 1)
    #expect(throws: MIGAError.gateway(.stillCounting(remaining: 1))) {
      _ = try state.proceed(intention: nil, log: &log, recorder: recorder(clock), using: &generator)
    }
    clock.advance(by: 0.8)
    #expect(state.gateway?.canProceed(at: clock.now) == true)
    let app = try state.proceed(intention: .reply, log: &log, recorder: recorder(clock), using: &generator)
    #expect(app.webURL == "https://www.instagram.com/")
    #expect(state.gateway == nil)
    let kinds = log.events.map(\.kind)
    #expect(
      kinds == [.sessionStart, .contentRead, .gatewayCompleted, .openSelected],
      "the bypass is recorded honestly, with its intention")
    #expect(log.events.last?.metadata.intention == .reply)
    #expect(log.events.last?.metadata.sessionDuration == 30)
    #expect(throws: MIGAError.noGateway) { try state.exit(log: &log, recorder: recorder(clock), using: &generator) }
  }

  @Test("Read Next brings new content and starts the countdown again")
  func readNext() throws {
    let clock = ManualClock(start)
    var state = try onboarded(pause: 20)
    var log = EventLog()
    var generator = SeededRandomNumberGenerator(seed: 2)
    let first = try state.openGateway(
      appID: "tiktok", library: library, log: &log, recorder: recorder(clock), using: &generator)
    clock.advance(by: 12)
    try state.readNext(library: library, log: &log, recorder: recorder(clock), using: &generator)
    let gateway = try #require(state.gateway)
    #expect(gateway.contentID != first.contentID)
    #expect(gateway.remaining(at: clock.now) == 20)
    #expect(log.events.filter { $0.kind == .contentRead }.count == 2)
    clock.advance(by: 25)
    try state.exit(log: &log, recorder: recorder(clock), using: &generator)
    let kinds = log.events.map(\.kind).filter { $0 != .streakStarted }
    #expect(
      kinds.suffix(2) == [.gatewayCompleted, .exitSelected], "waiting out the pause and leaving still completes it")
  }

  @Test("an early Exit is a win, not a completion; a closed gateway takes no more choices")
  func exitEarly() throws {
    let clock = ManualClock(start)
    var state = try onboarded()
    var log = EventLog()
    var generator = SeededRandomNumberGenerator(seed: 3)
    try state.openGateway(appID: "instagram", library: library, log: &log, recorder: recorder(clock), using: &generator)
    clock.advance(by: 4)
    try state.exit(log: &log, recorder: recorder(clock), using: &generator)
    #expect(!log.events.contains { $0.kind == .gatewayCompleted })
    let exit = try #require(log.events.first { $0.kind == .exitSelected })
    #expect(exit.metadata.appID == "instagram" && exit.metadata.sessionDuration == 4 && exit.metadata.timerLength == 30)
    // The first exit of the first day starts the control streak.
    #expect(log.events.contains { $0.kind == .streakStarted })
    let stats = try state.stats(log: log, now: clock.now)
    #expect(stats.lifetime.exits == 1 && stats.lifetime.attempts == 1)
    #expect(throws: MIGAError.unknownApp) {
      try state.openGateway(
        appID: "facebook", library: library, log: &log, recorder: recorder(clock), using: &generator)
    }
  }

  @Test("the adaptive pause: short for a first reach, longer with each repeat, within 15–45 s")
  func adaptive() throws {
    #expect(AdaptivePause.seconds(chosen: 30, recentOpens: 0) == 15)
    #expect(AdaptivePause.seconds(chosen: 45, recentOpens: 0) == 25)
    #expect(AdaptivePause.seconds(chosen: 15, recentOpens: 0) == 15)
    #expect(AdaptivePause.seconds(chosen: 30, recentOpens: 1) == 30)
    #expect(AdaptivePause.seconds(chosen: 30, recentOpens: 3) == 40)
    #expect(AdaptivePause.seconds(chosen: 40, recentOpens: 9) == 45)
    let clock = ManualClock(start)
    var state = try onboarded(pause: 30, adapts: true)
    var log = EventLog()
    var generator = SeededRandomNumberGenerator(seed: 4)
    var lengths: [Int] = []
    for _ in 0..<3 {
      lengths.append(
        try state.openGateway(
          appID: "instagram", library: library, log: &log, recorder: recorder(clock), using: &generator
        )
        .seconds)
      try state.exit(log: &log, recorder: recorder(clock), using: &generator)
      clock.advance(by: 60)
    }
    clock.advance(by: 31 * 60)
    lengths.append(
      try state.openGateway(
        appID: "instagram", library: library, log: &log, recorder: recorder(clock), using: &generator
      ).seconds)
    #expect(lengths == [15, 30, 35, 15], "half an hour without reaching resets it")
  }

  @Test("pause lengths are 15–45 s in steps of 5")
  func pauseSettings() {
    #expect(PauseSettings.offered == [15, 20, 25, 30, 35, 40, 45])
    #expect(PauseSettings().seconds == 30)
    var settings = PauseSettings()
    #expect(!settings.set(seconds: 50) && !settings.set(seconds: 22) && settings.seconds == 30)
    #expect(settings.set(seconds: 45) && settings.seconds == 45)
    #expect(PauseSettings(seconds: 10) == nil)
  }
}

@Suite("Onboarding", .timeLimit(.minutes(5)))
struct OnboardingTests {
  @Test("twelve steps from the welcome to the hub, in the story's order")
  func steps() throws {
    #expect(OnboardingStep.allCases.count == 12)
    #expect(OnboardingStep.allCases.first == .welcome && OnboardingStep.allCases.last == .ready)
    for step in OnboardingStep.allCases { #expect(OnboardingStep(slug: step.slug) == step) }
    var onboarding = Onboarding()
    for _ in 1..<OnboardingStep.apps.rawValue { try onboarding.advance() }
    #expect(onboarding.step == .apps)
    #expect(throws: OnboardingError.appCount) { try onboarding.advance() }
    try onboarding.setApps(["youtube", "youtube", "reddit"])
    #expect(onboarding.appIDs == ["youtube", "reddit"])
    while !onboarding.isComplete { try onboarding.advance() }
    #expect(onboarding.step == .ready)
  }

  @Test("answers are checked: readiness 1–10, minutes 15–600, known apps, offered pause lengths")
  func validation() throws {
    var onboarding = Onboarding()
    #expect(throws: OnboardingError.outOfRange("readiness")) { try onboarding.setReadiness(11) }
    #expect(throws: OnboardingError.outOfRange("daily minutes")) { try onboarding.setDailyMinutes(5) }
    #expect(throws: OnboardingError.unknownApp) { try onboarding.setApps(["myspace"]) }
    #expect(throws: OnboardingError.appCount) { try onboarding.setApps([]) }
    #expect(throws: OnboardingError.outOfRange("pause length")) { try onboarding.setPause(17) }
    try onboarding.setDailyMinutes(144)
    #expect(onboarding.daysPerYear == 36)
  }

  @Test("going back and jumping never skips ahead of the first unanswered step")
  func navigation() throws {
    var onboarding = Onboarding()
    try onboarding.advance()
    try onboarding.advance()
    onboarding.go(to: .ready)
    #expect(onboarding.step == .timeCost)
    onboarding.go(to: .welcome)
    #expect(onboarding.step == .welcome)
    onboarding.goBack()
    #expect(onboarding.step == .welcome)
  }

  @Test("finishing onboarding sets up the hub, pause, interests and the daily estimate")
  func completion() throws {
    var state = MIGAState()
    #expect(throws: MIGAError.noApps) { try state.completeOnboarding() }
    try state.onboarding.setApps(["x"])
    try state.onboarding.setPause(25)
    state.onboarding.setInterests([.stoicism])
    try state.onboarding.setDailyMinutes(90)
    try state.completeOnboarding()
    #expect(state.onboarding.isComplete && state.hub?.apps.map(\.id) == ["x"])
    #expect(state.settings.pause.seconds == 25 && state.settings.categories.chosen == [.stoicism])
    #expect(state.settings.dailyMinutesEstimate == 90)
    let decoded = try JSONDecoder().decode(MIGAState.self, from: JSONEncoder().encode(state))
    #expect(decoded == state)
    state.erase()
    #expect(state == MIGAState())
  }
}

@Suite("The settings' words and the features", .timeLimit(.minutes(5)))
struct SettingsTextTests {
  private let english = MIGATexts.all.localizer(.english)

  @Test("the adaptive pause's sentence names its window")
  func adaptiveLabel() {
    #expect(AdaptivePause.settingLabel.values["minutes"] as? Int == Int(AdaptivePause.window / 60))
    #expect(english(AdaptivePause.settingLabel).contains("a first reach in half an hour"))
    #expect(english(Message(.adaptivePauseLabel, ["minutes": 20])).contains("a first reach in 20 minutes"))
  }

  @Test("onboarding starts at the world average it names")
  func worldAverage() {
    #expect(Onboarding().dailyMinutes == Onboarding.worldAverageMinutes)
    let hours = Onboarding.worldAverageMinutes / 60
    let minutes = Onboarding.worldAverageMinutes % 60
    #expect(english(Onboarding.worldAverage).hasSuffix("about \(hours) hours \(minutes) minutes."))
  }

  @Test("the day-start problem names the first and last hours a day may start at")
  func dayStartRange() {
    let first = MIGASettings.hourText(MIGASettings.dayStartHours.lowerBound)
    let last = MIGASettings.hourText(MIGASettings.dayStartHours.upperBound)
    #expect(english(MIGASettings.dayStartRange) == "A day can start at any hour from \(first) to \(last).")
    #expect(MIGASettings.hourText(4) == "04:00" && MIGASettings.hourText(23) == "23:00")
  }

  @Test("the hub, rotation and streak rules are worded from their own numbers")
  func rules() {
    #expect(english(HubSelection.fullMessage).contains("holds \(HubSelection.limit.upperBound) apps"))
    #expect(english(HubSelection.lastMessage) == "Your hub keeps at least \(HubSelection.limit.lowerBound) app.")
    #expect(
      CategoryPreferences.rule.values["times"] as? Int == CategoryPreferences.chosenWeight
        / CategoryPreferences.otherWeight)
    #expect(english(Message(.rotationRule, ["times": 3])).hasPrefix("Chosen themes come up three times as often"))
    let policy = ControlStreak.freezePolicy
    #expect(
      english(ControlStreak.rule).contains(
        "Every \(policy.earnEvery) kept days earn a freeze (you can hold \(policy.cap))"))
  }

  @Test("a new pause adapts exactly when the adaptive-pause feature is on")
  func adaptiveFeature() {
    #expect(PauseSettings().adapts == MIGAFeatures.standard.adaptivePause)
    #expect(PauseSettings(seconds: PauseSettings.standard)?.adapts == MIGAFeatures.standard.adaptivePause)
    #expect(MIGASettings().pause.adapts == MIGAFeatures.standard.adaptivePause)
  }
}
