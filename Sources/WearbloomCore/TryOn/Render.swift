#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a render is: requested, being drawn, and then finished one way or the other. Only
/// `pending` and `processing` move on, and each move is made once (whoever asks second, a webhook
/// replayed, a poll or the deadline, changes nothing).
public enum RenderStatus: String, CaseIterable, Codable, Sendable, Hashable {
  case pending
  case processing
  case completed
  case failed

  public var isFinished: Bool { self == .completed || self == .failed }
}

/// Why a render failed: its stable code, which the app turns into "This one didn't work. No render
/// counted."
public enum RenderFailure: String, CaseIterable, Codable, Sendable, Hashable {
  /// The provider refused or could not draw it (a 4xx, a 5xx twice, an unusable result).
  case renderFailed = "RENDER_FAILED"
  /// No result within the render's budget.
  case renderTimeout = "RENDER_TIMEOUT"
  /// The provider lays the garment's cutout on the body, and the garment's photo could not be cut
  /// out cleanly: nothing is drawn rather than the photo pasted on as a rectangle.
  case garmentNotCutOut = "GARMENT_NOT_CUT_OUT"
}

/// What a render did to its owner's credits.
public enum RenderCharge: String, CaseIterable, Codable, Sendable, Hashable {
  /// Nothing held: a subscriber renders without limit.
  case free
  /// One credit held while the render is under way.
  case held
  /// The held credit spent: the render succeeded.
  case captured
  /// The held credit given back: the render failed or timed out.
  case released
  /// The spent credit given back on the user's thumbs-down.
  case refunded

  /// Whether the render cost its owner a credit, as things stand.
  public var consumedCredit: Bool { self == .captured }
}

/// A thumbs-up or a thumbs-down on a finished render (FR15).
public enum FeedbackRating: String, CaseIterable, Codable, Sendable, Hashable {
  case up, down
}

/// What was wrong with a render, as the user picks it.
public enum FeedbackCategory: String, CaseIterable, Codable, Sendable, Hashable {
  case wrongFit = "wrong_fit"
  case artifacts
  case wrongGarment = "wrong_garment"
  case other
}

/// A user's feedback on one render, and whether it gave a credit back.
public struct RenderFeedback: Hashable, Sendable, Codable {
  public let rating: FeedbackRating
  public let category: FeedbackCategory?
  public let refunded: Bool
  public let at: Date

  public init(rating: FeedbackRating, category: FeedbackCategory?, refunded: Bool, at: Date) {
    self.rating = rating
    self.category = category
    self.refunded = refunded
    self.at = at
  }
}

/// One try-on: a garment drawn on its owner's body photo by a provider.
public struct Render: Identifiable, Hashable, Sendable, Codable {
  public typealias ID = String

  public var id: ID
  public var owner: String
  public var garmentID: Garment.ID
  public var category: GarmentCategory
  /// The provider that draws it, by name (`local-preview`, `fal-fashn`, …).
  public var provider: String
  /// Whether the result is the local preview rather than an AI render: it says so wherever it shows.
  public var isPreview: Bool
  public var status: RenderStatus
  public var failure: RenderFailure?
  /// The drawn image, once completed.
  public var result: ImageReference?
  /// A result that arrived after the render had failed: kept, never charged, never shown as the
  /// render's.
  public var lateResult: ImageReference?
  public var charge: RenderCharge
  /// The provider's own id for the job, once submitted (a fal `request_id`).
  public var providerJob: String?
  public var feedback: RenderFeedback?
  public var createdAt: Date
  public var updatedAt: Date
  public var finishedAt: Date?

  public init(
    id: ID, owner: String, garmentID: Garment.ID, category: GarmentCategory, provider: String, isPreview: Bool,
    status: RenderStatus = .pending, failure: RenderFailure? = nil, result: ImageReference? = nil,
    lateResult: ImageReference? = nil, charge: RenderCharge, providerJob: String? = nil,
    feedback: RenderFeedback? = nil, createdAt: Date, updatedAt: Date? = nil, finishedAt: Date? = nil
  ) {
    self.id = id
    self.owner = owner
    self.garmentID = garmentID
    self.category = category
    self.provider = provider
    self.isPreview = isPreview
    self.status = status
    self.failure = failure
    self.result = result
    self.lateResult = lateResult
    self.charge = charge
    self.providerJob = providerJob
    self.feedback = feedback
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
    self.finishedAt = finishedAt
  }
}
