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
        "Hours reclaimed (an estimate) = the sum over your exits of L × k ÷ 60. L = {minutes} minutes, a typical app session. k = 0 if you opened the same app within {window} minutes after exiting (the session was put off, not avoided), otherwise 1. Each day counts at most your own estimate of daily social media time.",
      .intentionalityFormula:
        "Intentionality (0–100) = 100 × (E + I + α·p₀) ÷ (A + α) over the last {days} days. E = exits, I = opens where you picked an intention, A = attempts. α = {weight} and p₀ = {rate}, the average exit rate in the PNAS study, so a few attempts cannot swing the score to 0 or 100; with no attempts it is {empty}.",
    ])
}
