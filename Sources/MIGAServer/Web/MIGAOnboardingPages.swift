import MIGACore
import ServerKit

extension MIGAPages {
  /// One onboarding step: its question or message, its answer controls, Back and Continue.
  /// `given` is a refused answer shown again, with its reason beside the answer controls.
  func onboarding(_ step: OnboardingStep, _ answers: Onboarding, given: StepAnswers? = nil) -> Page {
    let content = stepContent(step, answers, given: given)
    let problem: HTML = given.map { "<p class=\"field-error\" id=\"step-error\" role=\"alert\">\($0.reason)</p>" } ?? ""
    let back: HTML =
      step.previous.map {
        HTML("<a class=\"button button--quiet\" href=\"\(MIGAPath.step($0))\">Back</a>")
      } ?? ""
    let progress = "Step \(step.rawValue) of \(OnboardingStep.allCases.count)"
    return page(
      "\(content.title) · MIGA", bodyClass: "onboarding-page onboarding-page--\(step.slug)",
      main: """
        <section class="onboarding" aria-labelledby="step-title">
        <p class="step-count">\(progress)</p>
        <progress class="step-progress" max="\(OnboardingStep.allCases.count)" value="\(step.rawValue)" aria-label="\(progress)"></progress>
        <form method="post" action="\(MIGAPath.step(step))" class="step-form">
        <h1 id="step-title">\(content.title)</h1>
        \(content.body)
        \(problem)
        <input type="hidden" name="zone" value="" data-browser-zone>
        <div class="step-actions">\(back)<button class="button" type="submit" data-primary-action>\(content.button)</button></div>
        </form>
        </section>
        """)
  }

  private func stepContent(
    _ step: OnboardingStep, _ answers: Onboarding, given: StepAnswers?
  ) -> (title: String, body: HTML, button: String) {
    let describedBy: HTML = given == nil ? "" : " aria-describedby=\"step-error\""
    switch step {
    case .welcome:
      return (
        "The Intentional Life Starts Now",
        """
        <p class="lead">MIGA puts a short, calm pause between you and the apps you open without thinking. What happens next is your choice.</p>
        """, "Begin My Journey"
      )
    case .timeAwareness:
      return (
        "How long do social apps take each day?",
        """
        <p>\(t(Onboarding.worldAverage))</p>
        <label for="daily-minutes" class="slider-label">Minutes a day: <output for="daily-minutes" id="daily-minutes-value">\(answers.dailyMinutes)</output></label>
        <input id="daily-minutes" name="minutes" type="range" min="\(Onboarding.dailyMinutesRange.lowerBound)" max="\(Onboarding.dailyMinutesRange.upperBound)" step="1" value="\(answers.dailyMinutes)">
        """, "Continue"
      )
    case .timeCost:
      return (
        "That is \(answers.daysPerYear) days a year",
        """
        <p class="lead">At \(t(durationMessage(minutes: answers.dailyMinutes))) a day, a year holds about \(answers.daysPerYear) whole days of scrolling.</p>
        <p>MIGA will not take that time from you. It hands the choice back, one pause at a time.</p>
        """, "Continue"
      )
    case .goals:
      let goals = Goal.allCases.map { goal in
        HTML(
          "<li><label class=\"check\"><input type=\"checkbox\" name=\"goal\" value=\"\(goal.rawValue)\"\(answers.goals.contains(goal) ? " checked" : "")> \(t(goal.label))</label></li>"
        )
      }
      return (
        "What would you like more of?",
        """
        <fieldset><legend>Choose any that fit.</legend><ul role="list" class="checks">\(goals)</ul></fieldset>
        """, "Continue"
      )
    case .science:
      return (
        "A pause works",
        """
        <p class="lead">In a six-week field study of 280 people using a pause app, opening the apps they had chosen to limit fell by 57 %.</p>
        <p>What helped most was an easy way to close the app instead. That is why Exit is always the first choice in MIGA.</p>
        <p class="source">Grüning, Riedel &amp; Lorenz-Spreen, <cite>PNAS</cite> 120 (8), 2023.</p>
        """, "Continue"
      )
    case .howItWorks:
      return (
        "Three choices, every time",
        """
        <ul role="list" class="choices">
        <li><strong>Exit to Focus</strong> is open from the first second. It is the win.</li>
        <li><strong>Read Next</strong> deepens the pause with something new to read.</li>
        <li><strong>Proceed</strong> opens when the countdown reaches zero, and you can say what you are going in for.</li>
        </ul>
        """, "Continue"
      )
    case .readiness:
      return (
        "How ready are you to change this habit?",
        """
        <label for="readiness" class="slider-label">Readiness: <output for="readiness" id="readiness-value">\(answers.readiness)</output> of \(Onboarding.readinessRange.upperBound)</label>
        <input id="readiness" name="readiness" type="range" min="\(Onboarding.readinessRange.lowerBound)" max="\(Onboarding.readinessRange.upperBound)" step="1" value="\(answers.readiness)">
        <p class="hint">There is no wrong answer. Curious is a fine place to start.</p>
        """, "Continue"
      )
    case .interests:
      let categories = ContentCategory.allCases.map { category in
        HTML(
          "<li><label class=\"check\"><input type=\"checkbox\" name=\"category\" value=\"\(category.rawValue)\"\(answers.interests.contains(category) ? " checked" : "")> \(t(category.label))</label></li>"
        )
      }
      return (
        "What would you like to read while you pause?",
        """
        <fieldset><legend>Short passages from Marcus Aurelius, Epictetus, Seneca, Laozi, Thoreau and Emerson. Choose the themes you like best.</legend>
        <ul role="list" class="checks">\(categories)</ul></fieldset>
        """, "Continue"
      )
    case .apps:
      let chosen = given?.apps ?? Set(answers.appIDs)
      let apps = AppRegistry.builtIn.map { app in
        HTML(
          "<li><label class=\"check app-check\"><input type=\"checkbox\" name=\"app\" value=\"\(app.id)\"\(chosen.contains(app.id) ? " checked" : "")> \(badge(app)) \(app.name)</label></li>"
        )
      }
      return (
        "Which apps should MIGA stand in front of?",
        """
        <fieldset\(describedBy)><legend>Choose at least one. You can change them later in Settings.</legend>
        <ul role="list" class="checks">\(apps)</ul></fieldset>
        """, "Continue"
      )
    case .pauseLength:
      let options = PauseSettings.offered.map { seconds in
        HTML(
          "<li><label class=\"check\"><input type=\"radio\" name=\"seconds\" value=\"\(seconds)\"\(seconds == answers.pauseSeconds ? " checked" : "")> \(seconds) seconds</label></li>"
        )
      }
      return (
        "How long should the pause be?",
        """
        <fieldset><legend>\(PauseSettings.standard) seconds suits most people. MIGA shortens it for a first reach and lengthens it when you come back again and again.</legend>
        <ul role="list" class="checks checks--inline">\(options)</ul></fieldset>
        """, "Continue"
      )
    case .hideApps:
      return (
        "Move the apps out of easy reach",
        """
        <p>MIGA works best when the apps themselves are one step further away, so you open them from your hub.</p>
        <details open><summary>On iPhone</summary><ol>
        <li>Touch and hold the app\u{2019}s icon, then choose <strong>Require Face ID</strong> and <strong>Hide and Require Face ID</strong>.</li>
        <li>Go back to the Home Screen and open MIGA instead.</li>
        <li>A hidden app also stops showing notifications and calls. Leave any app you rely on for calls visible.</li>
        </ol></details>
        <details><summary>On Android</summary><ol>
        <li>Touch and hold the app\u{2019}s icon and drag it off the home screen, into a folder on the last page.</li>
        <li>Put MIGA where the app used to be.</li>
        </ol></details>
        <details><summary>In a browser</summary><ol>
        <li>Remove the sites from your bookmarks and new-tab shortcuts.</li>
        <li>Bookmark your MIGA hub instead and open the sites from there.</li>
        </ol></details>
        """, "I have done this"
      )
    case .ready:
      return (
        "Free to try, nothing to lose",
        """
        <p class="lead">No account and no card. Your pauses, stats and streak stay with this device.</p>
        <p>Export or erase them at any time in Settings.</p>
        """, "Enter my hub"
      )
    }
  }
}
