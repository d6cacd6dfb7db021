import Foundation
import OrchardKit
import Testing
import WearbloomCore

@Suite("What Wearbloom's screens show", .timeLimit(.minutes(5)))
struct ScreenRulesTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  func summary(credits: Int, subscribed: Bool = false) -> SubscriptionSummary {
    var subscription = Subscription()
    if subscribed {
      subscription.apply(
        SubscriptionNotification(
          .subscribed, at: start, productID: SubscriptionProduct.weekly.id,
          expiresAt: start.addingTimeInterval(7 * 86_400), introductoryOffer: true))
    }
    return SubscriptionSummary(subscription, credits: CreditBalance(available: credits), at: start)
  }

  @Test("the counter counts free renders, offers the trial at 0, and is hidden for a subscriber")
  func badge() {
    #expect(CreditsBadge(summary(credits: 2)) == .freeRendersLeft(2))
    #expect(CreditsBadge(summary(credits: 1)) == .freeRendersLeft(1))
    #expect(CreditsBadge(summary(credits: 0)) == .startFreeTrial)
    #expect(CreditsBadge(summary(credits: 0, subscribed: true)) == .hidden)
    #expect(CreditsBadge(summary(credits: 3, subscribed: true)) == .hidden)
    let texts = WearbloomTexts.all.localizer(.english)
    #expect(texts(.freeRendersLeft, ["count": 1]) == "1 free render left")
    #expect(texts(.freeRendersLeft, ["count": 2]) == "2 free renders left")
  }

  @Test("a Try On refused for want of a credit leads to the paywall; before an account, to the account")
  func outOfRenders() {
    #expect(OutOfRenders(hasAccount: true) == .paywall)
    #expect(OutOfRenders(hasAccount: false) == .createAccount)
  }

  @Test("a notice is shown as its kind says, and a refunded thumbs-down says the render was not counted")
  func notices() {
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(
      Notice(after: RenderFeedback(rating: .down, category: .artifacts, refunded: true, at: at)) == .renderNotCounted)
    #expect(Notice(after: RenderFeedback(rating: .down, category: .artifacts, refunded: false, at: at)) == .thanks)
    #expect(Notice(after: RenderFeedback(rating: .up, category: nil, refunded: false, at: at)) == .thanks)
    #expect(Notice.saved.kind == .success && Notice.renderNotCounted.kind == .success)
    #expect(Notice.thanks.kind == .info && Notice.tooManyRequests.kind == .error)
    // Every notice survives its trip through a redirect's query.
    #expect(Notice.allCases.allSatisfy { Notice(rawValue: $0.rawValue) == $0 })
    let texts = WearbloomTexts.all.localizer(.english)
    #expect(texts(Notice.renderNotCounted.message) == "Render not counted")
    #expect(texts(RenderFailure.renderFailed.message) == "This one didn’t work. No render counted.")
    #expect(RenderFailure.renderTimeout.message == .renderTimedOut)
    #expect(WardrobeError.invalidImageType.message == .problemImageType)
    #expect(WardrobeError.garmentNotFound.message == .garmentNotFound)
    // Each refusal has a sentence of its own.
    #expect(Set(WardrobeError.allCases.map(\.message)).count == WardrobeError.allCases.count)
  }

  @Test("the photo-format sentence names every format an upload may be in")
  func imageTypesNamed() {
    let sentence = (WearbloomTexts.english.messages[WardrobeError.invalidImageType.message] ?? "").lowercased()
    for type in ImageType.allCases { #expect(sentence.contains(type.rawValue), "\(type)") }
  }

  @Test("the wait says its sentence at 0, 7 and 10 s and shows the garment from 3 s")
  func pacing() {
    #expect(RenderPacing.message(after: 0) == .renderCreating)
    #expect(RenderPacing.message(after: 6.9) == .renderCreating)
    #expect(RenderPacing.message(after: 7) == .renderAlmostThere)
    #expect(RenderPacing.message(after: 9.99) == .renderAlmostThere)
    #expect(RenderPacing.message(after: 10) == .renderTakingLonger)
    #expect(RenderPacing.message(after: 60) == .renderTakingLonger)
    #expect(!RenderPacing.showsGarment(after: 2.9) && RenderPacing.showsGarment(after: 3))
    #expect(RenderPacing.crossFade == 0.5 && RenderPacing.feedbackFadesAfter == 10)
    let texts = WearbloomTexts.all.localizer(.english)
    #expect(texts(.renderCreating) == "Creating your look...")
    #expect(texts(.renderAlmostThere) == "Almost there...")
    #expect(texts(.renderTakingLonger) == "Taking a bit longer...")
    #expect(texts(.renderFailed) == "This one didn’t work. No render counted.")
  }

  @Test("toasts stay 2 s for success, 4 s for errors and 3 s for information")
  func toasts() {
    #expect(ToastKind.success.duration == 2 && ToastKind.error.duration == 4 && ToastKind.info.duration == 3)
  }

  @Test("a photo is sent about 1200 px long as an 80 % JPEG")
  func compression() {
    #expect(ClientCompression.longEdge == 1200 && ClientCompression.jpegQuality == 0.8)
    #expect(ClientCompression.mimeType == "image/jpeg")
  }

  @Test("the weekly plan's trial is 7 days, its price in euro cents")
  func plan() {
    #expect(SubscriptionProduct.weekly.trialDays == 7)
    #expect(SubscriptionProduct.weekly.priceCents == 499 && SubscriptionProduct.weekly.currency == "EUR")
  }

  @Test("consent covers the current policy only")
  func consent() {
    #expect(ConsentPolicy.isCurrent(ConsentPolicy.version))
    #expect(!ConsentPolicy.isCurrent(nil) && !ConsentPolicy.isCurrent("2020-01-01"))
    // The policy's date and its version say the same day.
    #expect(ConsentPolicy.updated.formatted(.iso8601.year().month().day()) == ConsentPolicy.version)
  }

  @Test("the pills are All then the five categories; an unknown value is All")
  func pills() {
    #expect(WardrobeFilter.pills == [.tops, .bottoms, .dresses, .shoes, .outerwear])
    #expect(WardrobeFilter.category("dresses") == .dresses)
    #expect(WardrobeFilter.category("hats") == nil && WardrobeFilter.category(nil) == nil)
  }

  @Test("onboarding offers 6 to 8 renderable stock garments, every offered category among them")
  func curated() {
    let support = TryOnSupport([.tops, .bottoms, .dresses, .outerwear])
    let garments = OnboardingPolicy.garments(offered: support)
    #expect((6...8).contains(garments.count))
    #expect(garments.allSatisfy { support.supports($0.category) })
    #expect(Set(garments.map(\.category)) == support.categories)
    #expect(Set(garments.prefix(support.categories.count).map(\.category)) == support.categories)
    #expect(OnboardingPolicy.garments(offered: TryOnSupport([.dresses])).allSatisfy { $0.category == .dresses })
  }

  @Test("every sentence Wearbloom shows is in its catalog")
  func catalog() {
    #expect(WearbloomTexts.all.missing.isEmpty)
  }

  @Test("the cutout under review is asked after once a second, less often than a render's wait asks")
  func cutoutPacing() {
    #expect(CutoutPacing.checkEvery == 1)
    #expect(CutoutPacing.checkEvery > RenderPacing.pollEvery)
  }

  @Test("the upload problems name the upload policy's limits, filled in, never their own numbers")
  func uploadLimitSentences() {
    let texts = WearbloomTexts.all.localizer(.english)
    let large = WardrobeError.imageTooLarge
    #expect(texts(large.message, large.values).contains("\(UploadPolicy.maximumBytes / 1_048_576) MB"))
    let small = WardrobeError.imageTooSmall
    #expect(texts(small.message, small.values).contains("\(UploadPolicy.minimumSide) pixels"))
    for key in [WearbloomText.problemTooLarge, .problemTooSmall, .privacyWhere] {
      let template = WearbloomTexts.english.messages[key] ?? ""
      #expect(template.contains("{") && !template.contains("10 MB") && !template.contains("256"))
      #expect(!template.contains("\(UploadPolicy.longEdge)"))
    }
    #expect(ProblemScreen(code: small.rawValue, status: 422).values == small.values)
  }
}
