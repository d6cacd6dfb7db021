import OrchardKit

/// Every sentence Faith Jar's core hands to a screen, by key: the screens name what to say, and
/// the catalog of the reader's language says it (``FaithJarTexts``).
public enum FaithJarText: String, TextKey {
  case appName = "app.name"
  case emotionsSubtitle = "emotions.subtitle"
  case emotionsPrompt = "emotions.prompt"
  case trialBanner = "emotions.trial-banner"
  case emotionAnxiety = "emotion.anxiety"
  case emotionSadness = "emotion.sadness"
  case emotionJoy = "emotion.joy"
  case emotionLoneliness = "emotion.loneliness"
  case emotionAnger = "emotion.anger"
  case emotionGratitude = "emotion.gratitude"
  case onboardingMomentTitle = "onboarding.moment.title"
  case onboardingMomentBody = "onboarding.moment.body"
  case onboardingVerseTitle = "onboarding.verse.title"
  case onboardingVerseBody = "onboarding.verse.body"
  case onboardingPeaceTitle = "onboarding.peace.title"
  case onboardingPeaceBody = "onboarding.peace.body"
  case onboardingContinue = "onboarding.continue"
  case onboardingStart = "onboarding.start"
  case stepChoose = "onboarding.step.choose"
  case stepRead = "onboarding.step.read"
  case stepFeelPeace = "onboarding.step.feel-peace"
  case explanationHeading = "verse.explanation-heading"
  case paywallTitle = "paywall.title"
  case paywallExpired = "paywall.message.expired"
  case paywallCancelled = "paywall.message.cancelled"
  case paywallSupport = "paywall.message.support"
  case paywallTerms = "paywall.terms"
  case planMonthly = "plan.monthly"
  case planAnnual = "plan.annual"
  case priceMonthly = "plan.monthly.price"
  case priceAnnual = "plan.annual.price"
  case purchasePending = "purchase.pending"
  case storeUnavailable = "store.unavailable"
  case storeUnavailableRetry = "store.unavailable.retry"
  case nothingToRestore = "restore.nothing"
  case planRenews = "subscription.renews"
  case planEnds = "subscription.ends"
  case planSwitches = "subscription.switches"
  case planUntil = "subscription.until"
  case planSwitchesPrice = "subscription.switches.price"
  case currentPlan = "subscription.current"
  case confirmationStarted = "confirmation.started"
  case confirmationUpgraded = "confirmation.upgraded"
  case confirmationScheduled = "confirmation.scheduled"
  case confirmationScheduledBody = "confirmation.scheduled.body"
  case confirmationKept = "confirmation.kept"
  case confirmationRead = "confirmation.read"
  case confirmationManage = "confirmation.manage"
  case subscribeEntry = "entry.subscribe"
  case yourPlanEntry = "entry.your-plan"
  case notFoundTitle = "not-found.title"
  case notFoundBody = "not-found.body"
  case accessEndedTitle = "access-ended.title"
  case accessEndedDetail = "access-ended.detail"
  case clockForward = "test-clock.forward"
  case clockBack = "test-clock.back"
  case clockReset = "test-clock.reset"
  case clockReal = "test-clock.state.real"
  case clockAhead = "test-clock.state.ahead"
  case clockBehind = "test-clock.state.behind"
}

/// Faith Jar's catalogs: English, the language it ships in.
public enum FaithJarTexts {
  public static let all = Texts<FaithJarText>([english])

  public static let english = Catalog<FaithJarText>(
    .english,
    [
      .appName: "Faith Jar",
      .emotionsSubtitle: "How are you feeling today?",
      .emotionsPrompt: "Tap to receive a Bible verse that speaks to you",
      .trialBanner:
        "{days, plural, one {Last day of your {trialDays, plural, =7 {free week} other {#-day free trial}}} other {# days left in your {trialDays, plural, =7 {free week} other {#-day free trial}}}}",
      .emotionAnxiety: "Anxiety", .emotionSadness: "Sadness", .emotionJoy: "Joy", .emotionLoneliness: "Loneliness",
      .emotionAnger: "Anger", .emotionGratitude: "Gratitude",
      .onboardingMomentTitle: "When you need God\u{2019}s word for this moment",
      .onboardingMomentBody:
        "Some moments are too heavy, or too bright, to carry alone. Faith Jar keeps a verse ready for whatever you are feeling right now.",
      .onboardingVerseTitle: "A Bible verse + why it matters",
      .onboardingVerseBody:
        "Each verse comes with a few honest sentences on where it comes from and why it speaks to what you feel. No account, no noise.",
      .onboardingPeaceTitle: "Peace in 30 seconds",
      .onboardingPeaceBody:
        "Choose how you feel, read what Scripture says, and take a breath. That is all it asks of you.",
      .onboardingContinue: "Continue", .onboardingStart: "Get Started",
      .stepChoose: "Choose", .stepRead: "Read", .stepFeelPeace: "Feel peace",
      .explanationHeading: "Why this verse?",
      .paywallTitle: "Keep Faith Jar close",
      .paywallExpired:
        "Your {trialDays, plural, =7 {free week} other {#-day free trial}} has ended. Subscribe to keep receiving a verse for every feeling.",
      .paywallCancelled: "Your subscription is cancelled and ends at the close of this period.",
      .paywallSupport: "Subscribe to support Faith Jar and keep every verse at hand.",
      .paywallTerms:
        "Subscriptions renew automatically until cancelled. Cancel any time; access continues to the end of the paid period.",
      .planMonthly: "Monthly", .planAnnual: "Annual",
      .priceMonthly: "$4.99 / month", .priceAnnual: "$29.99 / year",
      .purchasePending: "Your purchase is waiting for approval. Faith Jar opens as soon as it is confirmed.",
      .storeUnavailable: "The store could not be reached. Nothing was charged; please try again.",
      .storeUnavailableRetry: "The store could not be reached. Please try again.",
      .nothingToRestore: "No subscription was found to restore.",
      .planRenews: "{plan} plan · {price} · renews on {date}",
      .planEnds: "{plan} plan · ends on {date}",
      .planSwitches: "{plan} starts on {date}",
      .planUntil: "{plan} plan · {price} · until {date}",
      .planSwitchesPrice: "{plan} starts on {date} · {price}",
      .currentPlan: "Your plan",
      .confirmationStarted: "Thank you for subscribing",
      .confirmationUpgraded: "You\u{2019}re on {plan} now",
      .confirmationScheduled: "{plan} starts on {date}",
      .confirmationScheduledBody:
        "Your {current} plan stays with you until then. Nothing changes, and nothing more is charged, before that day.",
      .confirmationKept: "{plan} is already yours, and it will renew.",
      .confirmationRead: "Back to the verses",
      .confirmationManage: "See the plans",
      .subscribeEntry: "Subscribe", .yourPlanEntry: "Your plan",
      .notFoundTitle: "Page not found",
      .notFoundBody:
        "There is nothing at this address in Faith Jar. The link may be mistyped or out of date; your verses are a tap away.",
      .accessEndedTitle: "Your {trialDays, plural, =7 {free week} other {#-day free trial}} has ended",
      .accessEndedDetail: "Subscribe to keep verses for offline reading.",
      .clockForward: "Forward {days, plural, one {# day} other {# days}}",
      .clockBack: "Back {days, plural, one {# day} other {# days}}",
      .clockReset: "Real time",
      .clockReal: "This device\u{2019}s clock shows the real time.",
      .clockAhead: "This device\u{2019}s clock is {days, plural, one {# day} other {# days}} ahead.",
      .clockBehind: "This device\u{2019}s clock is {days, plural, one {# day} other {# days}} behind.",
    ])
}
