#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the credits counter says, from the user's subscription summary: nothing for a subscriber
/// (who never sees monetisation), the free renders left while there are some, and the way to a
/// trial once there are none.
public enum CreditsBadge: Hashable, Sendable {
  case hidden
  case freeRendersLeft(Int)
  case startFreeTrial

  public init(_ summary: SubscriptionSummary) {
    if summary.isUnlimited {
      self = .hidden
    } else if summary.creditsRemaining > 0 {
      self = .freeRendersLeft(summary.creditsRemaining)
    } else {
      self = .startFreeTrial
    }
  }
}

/// Where a Try On tap leads when the service refuses it for want of a credit (no credit left and no
/// subscription): the paywall, at this one natural moment only; or, for a visitor still onboarding
/// (no account yet), the account, whose free renders are the reason to make one.
public enum OutOfRenders: Hashable, Sendable {
  case paywall
  case createAccount

  public init(hasAccount: Bool) { self = hasAccount ? .paywall : .createAccount }
}

/// A message a screen opens with after an action, shown as a toast of its kind.
public enum Notice: String, CaseIterable, Sendable {
  case saved
  case removed
  case trialStarted = "trial"
  case photoSaved = "photo"
  case renderNotCounted = "not-counted"
  case thanks
  case tooManyRequests = "too-many"
  case lookDeleted = "look-deleted"
  case accountDeleted = "account-deleted"
  case renamed

  /// What a user's feedback did: a thumbs-down that gave the render back says so.
  public init(after feedback: RenderFeedback) { self = feedback.refunded ? .renderNotCounted : .thanks }

  public var kind: ToastKind {
    switch self {
    case .saved, .removed, .trialStarted, .photoSaved, .renderNotCounted, .lookDeleted, .accountDeleted, .renamed:
      .success
    case .thanks: .info
    case .tooManyRequests: .error
    }
  }

  public var message: WearbloomText {
    switch self {
    case .saved: .savedToast
    case .removed: .removedToast
    case .trialStarted: .trialStarted
    case .photoSaved: .photoSaved
    case .renderNotCounted: .renderNotCounted
    case .thanks: .feedbackThanks
    case .tooManyRequests: .problemTooMany
    case .lookDeleted: .lookDeletedToast
    case .accountDeleted: .accountDeleted
    case .renamed: .nameSaved
    }
  }
}

extension RenderFailure {
  /// What the render view says of a render that failed.
  public var message: WearbloomText {
    switch self {
    case .renderFailed: .renderFailed
    case .renderTimeout: .renderTimedOut
    case .garmentNotCutOut: .problemNotCutOut
    }
  }
}

extension WardrobeError {
  /// What a screen says of a photo or garment it could not take.
  public var message: WearbloomText {
    switch self {
    case .missingPhoto: .problemMissingPhoto
    case .invalidImageType: .problemImageType
    case .imageTooLarge: .problemTooLarge
    case .imageTooSmall: .problemTooSmall
    case .imageUnreadable: .problemUnreadable
    case .invalidCategory: .problemCategory
    case .noBodyPhoto: .problemNoBody
    case .garmentNotCutOut: .problemNotCutOut
    case .garmentNotFound: .garmentNotFound
    case .stockItemNotFound: .problemGeneric
    case .invalidName: .problemName
    }
  }

  /// The values ``message`` names: the upload policy's limits, so a sentence never restates them.
  public var values: [String: Int] {
    switch self {
    case .imageTooLarge: ["megabytes": UploadPolicy.maximumBytes / 1_048_576]
    case .imageTooSmall: ["pixels": UploadPolicy.minimumSide]
    case .invalidName: ["count": GarmentName.maximumLength]
    default: [:]
    }
  }
}

/// What a page says of a request it cannot answer (a garment or render that is not the visitor's,
/// a try-on not offered, an address that leads nowhere), from the refusal's code and status: its
/// heading and its sentence. The page always leads back into the app.
public struct ProblemScreen: Hashable, Sendable {
  public let title: WearbloomText
  public let message: WearbloomText
  /// The values the message names (``WardrobeError/values``).
  public var values: [String: Int] = [:]

  /// The code a refused test-store purchase carries where the server has no test store.
  public static let testStoreClosed = "TEST_STORE_CLOSED"

  public init(code: String, status: Int) {
    switch (code, status) {
    case (WardrobeError.garmentNotFound.rawValue, _): (title, message) = (.garmentNotFoundTitle, .garmentNotFound)
    case (TryOnError.renderNotFound.rawValue, _): (title, message) = (.renderNotFoundTitle, .renderNotFound)
    case (TryOnError.renderUnderWay.rawValue, _): (title, message) = (.problemTitle, .lookUnderWayProblem)
    // A category the server offers no try-on for (422); a 400 is a form's missing category.
    case (WardrobeError.invalidCategory.rawValue, 422): (title, message) = (.tryOnUnavailableTitle, .tryOnUnavailable)
    case (Self.testStoreClosed, _): (title, message) = (.testStoreClosedTitle, .paywallAppOnly)
    case (_, 404): (title, message) = (.pageNotFoundTitle, .pageNotFound)
    case (_, 429): (title, message) = (.problemTitle, .problemTooMany)
    default:
      (title, message) = (.problemTitle, WardrobeError(rawValue: code)?.message ?? .problemGeneric)
      values = WardrobeError(rawValue: code)?.values ?? [:]
    }
  }
}

/// The render view's pacing: the sentence shown from each moment of the wait, the garment's
/// floating thumbnail, the cross-fade to the result and how long the feedback button stays.
public enum RenderPacing {
  /// One step of the wait: from `after` seconds since the tap, show `message` (or, with no
  /// message, the garment's floating thumbnail).
  public struct Step: Hashable, Sendable {
    public let after: TimeInterval
    public let message: WearbloomText?
  }

  /// "Creating your look..." at once, the garment at 3 s, "Almost there..." at 7 s and "Taking a
  /// bit longer..." at 10 s.
  public static let steps: [Step] = [
    Step(after: 0, message: .renderCreating), Step(after: 3, message: nil),
    Step(after: 7, message: .renderAlmostThere), Step(after: 10, message: .renderTakingLonger),
  ]

  /// When the garment's thumbnail floats in.
  public static var garmentAfter: TimeInterval { steps.first { $0.message == nil }?.after ?? 0 }

  /// The sentence for a wait of `elapsed` seconds.
  public static func message(after elapsed: TimeInterval) -> WearbloomText {
    steps.last { $0.after <= elapsed && $0.message != nil }?.message ?? .renderCreating
  }

  /// Whether the garment's thumbnail shows after `elapsed` seconds.
  public static func showsGarment(after elapsed: TimeInterval) -> Bool { elapsed >= garmentAfter }

  /// The cross-fade from the photo to the result (an instant swap under reduced motion).
  public static let crossFade: TimeInterval = 0.5
  /// The feedback button fades once the result has been seen this long.
  public static let feedbackFadesAfter: TimeInterval = 10
  /// How often a waiting page asks whether its render is done: often enough that the local
  /// preview's tenth of a second shows at once, seldom enough to cost nothing over a real
  /// provider's several seconds.
  public static let pollEvery: TimeInterval = 0.25
}

/// The wait for a garment's cutout on the page that reviews it.
public enum CutoutPacing {
  /// How often the page asks whether the background is gone: a removal takes seconds, so once a
  /// second shows it soon after without asking four times as often as a render's wait does.
  public static let checkEvery: TimeInterval = 1
}

/// A short message at the top of the screen, shown for as long as its kind says.
public enum ToastKind: String, CaseIterable, Sendable {
  case success, error, info

  public var duration: TimeInterval {
    switch self {
    case .success: 2
    case .error: 4
    case .info: 3
    }
  }
}

/// Removing a garment (story 2.4): asked first; then the garment leaves the grid at once and the
/// toast offers Undo for ``undoWindow``, after which it is removed for good. A toast with a link or
/// a button in it stays at least ``actionToast`` so the link can be reached.
public enum GarmentRemoval {
  public static let undoWindow: TimeInterval = 6
  public static let actionToast: TimeInterval = 6
}

/// How a photo is prepared in the browser before it is sent: its long edge brought to about
/// ``UploadPolicy/longEdge`` pixels, as a JPEG at 80 % quality.
public enum ClientCompression {
  public static let longEdge = UploadPolicy.longEdge
  public static let jpegQuality = 0.8
  public static let mimeType = "image/jpeg"
}

/// The privacy terms a visitor accepts before anything else: the version names the policy's
/// text, so a changed policy is asked for again.
public enum ConsentPolicy {
  public static let version = "2026-11-26"
  /// The day the current policy took effect: the version's date, 2026-11-26, at noon UTC.
  public static let updated = Date(timeIntervalSince1970: 1_795_694_400)

  /// Whether a consent given to `accepted` still covers the current policy.
  public static func isCurrent(_ accepted: String?) -> Bool { accepted == version }
}

/// The categories the wardrobe's pills offer, in order, after "All".
public enum WardrobeFilter {
  public static let pills: [GarmentCategory] = [.tops, .bottoms, .dresses, .shoes, .outerwear]

  /// The category a pill's value names; nil ("All") for anything else.
  public static func category(_ value: String?) -> GarmentCategory? {
    value.flatMap(GarmentCategory.init(rawValue:))
  }
}
