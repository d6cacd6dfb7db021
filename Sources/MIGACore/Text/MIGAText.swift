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
  case gatewayTitle = "gateway.title"
  case offlinePauseNote = "gateway.offline-note"
  case offlineStepsShape = "offline.steps-shape"
  case offlineStepsTooMany = "offline.steps-too-many"
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
  case trendTitle = "stats.trend.title"
  case trendChartLabel = "stats.trend.chart-label"
  case trendDown = "stats.trend.down"
  case trendUp = "stats.trend.up"
  case adaptivePauseLabel = "settings.adaptive-pause"
  case worldAverage = "onboarding.world-average"
  case dayStartRange = "settings.day-start-range"
  case rotationRule = "settings.rotation-rule"
  case streakRule = "stats.streak-rule"
  case hubFull = "settings.hub-full"
  case hubLast = "settings.hub-last"
  case eventLocalDay = "event.local-day"
  case eventTimeZone = "event.time-zone"
  case eventAppID = "event.app-id"
  case eventContentID = "event.content-id"
  case eventTimerLength = "event.timer-length"
  case eventSessionDuration = "event.session-duration"
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
      .gatewayTitle: "A pause before {app}",
      .offlinePauseNote:
        "You are offline. This pause counts all the same: MIGA adds it to your stats when you are back online.",
      .offlineStepsShape:
        "Send the steps of pauses taken offline as JSON: steps, each with an id and a pause (32 lowercase hex digits), an app, an outcome (open, next, exit or proceed) and when it happened (YYYY-MM-DDTHH:MM:SS.sssZ). Nothing was recorded.",
      .offlineStepsTooMany:
        "Send {min} to {max} steps at a time. Nothing was recorded.",
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
      .trendTitle: "Last {days, plural, one {day} other {# days}}",
      .trendChartLabel:
        "Daily attempts and exits over the last {days, plural, one {day} other {# days}}; the table below has the numbers.",
      .trendDown:
        "Reaching for your apps is down {percent} % from your first {baselineDays, plural, =7 {week} one {day} other {# days}}.",
      .trendUp:
        "Reaching for your apps is up {percent} % from your first {baselineDays, plural, =7 {week} one {day} other {# days}}.",
      .adaptivePauseLabel:
        "Adapt the pause: shorter for a first reach in {minutes, plural, =30 {half an hour} =60 {an hour} one {# minute} other {# minutes}}, longer each time you come back",
      .worldAverage:
        "A guess is fine. The world average is about {hours, plural, one {# hour} other {# hours}}{minutes, plural, =0 {} one { # minute} other { # minutes}}.",
      .dayStartRange: "A day can start at any hour from {first} to {last}.",
      .rotationRule:
        "Chosen themes come up {times, plural, =2 {twice} =3 {three times} other {# times}} as often; none chosen means an even mix.",
      .streakRule:
        "A day counts when you reached for no app at all, or chose Exit at least once. Every {every} kept days earn a freeze (you can hold {cap}); a freeze covers a missed day by itself.",
      .hubFull: "Your hub already has that app, or holds {max} apps: remove one first.",
      .hubLast: "Your hub keeps at least {min, plural, one {# app} other {# apps}}.",
      .eventLocalDay:
        "local_day must be from {before, plural, one {# day} other {# days}} before to {after, plural, one {# day} other {# days}} after the UTC date of occurred_at",
      .eventTimeZone: "time_zone must be an IANA zone name such as Europe/Paris",
      .eventAppID:
        "metadata.app_id must be {min} to {max} of a-z, 0-9, '.', '_' and '-', starting with a letter or digit",
      .eventContentID: "metadata.content_id must be {min} to {max} printable ASCII characters without spaces",
      .eventTimerLength: "metadata.timer_length must be {min} to {max} seconds",
      .eventSessionDuration: "metadata.session_duration must be {min} to {max} seconds",
    ])
}

/// A length of time in whole minutes, as MIGA writes it: "45 min", "1 h", "2 h 21 min".
public func durationMessage(minutes: Int) -> Message<MIGAText> {
  let minutes = max(0, minutes)
  if minutes < 60 { return Message(.durationMinutes, ["minutes": minutes]) }
  if minutes % 60 == 0 { return Message(.durationHours, ["hours": minutes / 60]) }
  return Message(.durationHoursMinutes, ["hours": minutes / 60, "minutes": minutes % 60])
}
