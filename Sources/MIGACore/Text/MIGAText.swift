import OrchardKit

/// Every sentence MIGA's core hands to a screen, by key (see ``MIGATexts``).
public enum MIGAText: String, TextKey {
  case categoryStoicism = "category.stoicism"
  case categoryProductivity = "category.productivity"
  case categoryMindfulness = "category.mindfulness"
  case categoryMotivation = "category.motivation"
  case categoryReflection = "category.reflection"
  case intentionReply = "intention.reply"
  case intentionPost = "intention.post"
  case intentionBrowse = "intention.browse"
  case goalLessScrolling = "goal.less-scrolling"
  case goalBetterFocus = "goal.better-focus"
  case goalMorePresent = "goal.more-present"
  case goalBetterSleep = "goal.better-sleep"
  case goalCalmerMind = "goal.calmer-mind"
  case proceedTo = "gateway.proceed-to"
  case hoursReclaimedFormula = "stats.hours-reclaimed.formula"
  case intentionalityFormula = "stats.intentionality.formula"
  case intentionalityCounts = "stats.intentionality.counts"
  case deferredExits = "stats.hours-reclaimed.deferred"
  case durationMinutes = "duration.minutes"
  case durationHours = "duration.hours"
  case durationHoursMinutes = "duration.hours-minutes"
  case secondsLeft = "gateway.seconds-left"
  case pauseOver = "gateway.pause-over"
  case statsLead = "stats.lead"
  case days = "unit.days"
  case freezesSaved = "stats.freezes-saved"
  case notFoundTitle = "not-found.title"
  case notFoundBody = "not-found.body"
  case notFoundBack = "not-found.back"
}

/// MIGA's catalogs: English, the language it ships in.
public enum MIGATexts {
  public static let all = Texts<MIGAText>([english])

  public static let english = Catalog<MIGAText>(
    .english,
    [
      .categoryStoicism: "Stoicism", .categoryProductivity: "Productivity", .categoryMindfulness: "Mindfulness",
      .categoryMotivation: "Motivation", .categoryReflection: "Reflection",
      .intentionReply: "Reply to a message", .intentionPost: "Post something",
      .intentionBrowse: "{minutes}-minute browse",
      .goalLessScrolling: "Scroll less without thinking", .goalBetterFocus: "Focus on work and study",
      .goalMorePresent: "Be present with people I love", .goalBetterSleep: "Put the phone down at night",
      .goalCalmerMind: "Feel calmer, less pulled",
      .proceedTo: "Proceed to {app}",
      .hoursReclaimedFormula:
        "Each Exit gives back about {minutes} minutes, the length of a typical app session, and the estimate adds them up. An Exit does not count when you opened the same app within {window} minutes afterwards: that session was put off, not avoided. No day counts for more than the time you told us you spend on social apps each day.",
      .intentionalityFormula:
        "Your score is the share of your reaches for an app over the last {days} days that ended in a choice you made: an Exit, or an open where you said what for. Every score starts from {weight} imagined reaches at the average rate in the PNAS pause study, {rate} of them ending in an Exit, so a handful of reaches cannot swing it to 0 or 100. With no reaches yet, it is {empty}.",
      .intentionalityCounts:
        "Your last {days} days: {exits, plural, one {# Exit} other {# Exits}}, {intentional, plural, one {# open with an intention} other {# opens with an intention}}, out of {attempts, plural, one {# reach} other {# reaches}} for an app. ({exits} + {intentional} + {weight} × {rate}) ÷ ({attempts} + {weight}) × 100 = {score}.",
      .deferredExits:
        "{count, plural, one {# Exit is not counted: you opened the same app within {window} minutes, so that session was put off, not avoided.} other {# Exits are not counted: you opened the same app within {window} minutes, so those sessions were put off, not avoided.}}",
      .durationMinutes: "{minutes} min", .durationHours: "{hours} h", .durationHoursMinutes: "{hours} h {minutes} min",
      .secondsLeft: "{seconds, plural, one {# second left} other {# seconds left}}",
      .pauseOver: "The pause is over. You can proceed, or still choose Exit.",
      .statsLead:
        "{exits, plural, one {# conscious Exit so far} other {# conscious Exits so far}}, about {time} back in your day.",
      .days: "{days, plural, one {# day} other {# days}}",
      .freezesSaved: "{count, plural, one {# freeze saved} other {# freezes saved}}",
      .notFoundTitle: "Nothing here",
      .notFoundBody:
        "This address does not lead anywhere in MIGA. The link may be mistyped or out of date. Your hub and your streak are just as you left them.",
      .notFoundBack: "Back to your hub",
    ])
}

/// A length of time in whole minutes, as MIGA writes it: "45 min", "1 h", "2 h 21 min".
public func durationMessage(minutes: Int) -> Message<MIGAText> {
  let minutes = max(0, minutes)
  if minutes < 60 { return Message(.durationMinutes, ["minutes": minutes]) }
  if minutes % 60 == 0 { return Message(.durationHours, ["hours": minutes / 60]) }
  return Message(.durationHoursMinutes, ["hours": minutes / 60, "minutes": minutes % 60])
}
