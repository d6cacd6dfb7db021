import Foundation
import OrchardImages
import WearbloomCore

/// What a provider is given to draw: the body photo and the garment (its cutout, or its photo when
/// it has none), both encoded, and the garment's category.
public struct TryOnInput: Sendable {
  public let render: Render.ID
  public let body: [UInt8]
  public let garment: [UInt8]
  public let category: GarmentCategory

  public init(render: Render.ID, body: [UInt8], garment: [UInt8], category: GarmentCategory) {
    self.render = render
    self.body = body
    self.garment = garment
    self.category = category
  }
}

/// How a render is followed at a provider that queues its work (fal): what was submitted before,
/// by a run that did not live to finish, and where to write down a new submission, so a render is
/// never submitted (and paid for) twice.
public struct TryOnTracking: Sendable {
  /// The provider's record of an earlier submission of this render (its job id and URLs), if any.
  public let submitted: String?
  /// Writes a submission down, before the provider is asked anything else.
  public let recordSubmission: @Sendable (_ job: String, _ record: String) async throws -> Void
  /// Whether the render was finished meanwhile by someone else (a webhook): the provider stops.
  public let finishedElsewhere: @Sendable () async throws -> Bool

  public init(
    submitted: String? = nil,
    recordSubmission: @escaping @Sendable (String, String) async throws -> Void = { _, _ in },
    finishedElsewhere: @escaping @Sendable () async throws -> Bool = { false }
  ) {
    self.submitted = submitted
    self.recordSubmission = recordSubmission
    self.finishedElsewhere = finishedElsewhere
  }
}

/// How a provider's work ended.
public enum TryOnOutcome: Sendable, Equatable {
  /// The drawn image, encoded.
  case image([UInt8])
  /// Someone else finished the render (a webhook delivered its result).
  case finishedElsewhere
}

/// Why a provider gave no image. Each becomes the render's `RENDER_FAILED`, or `RENDER_TIMEOUT`
/// when time ran out.
public enum TryOnFailure: Error, Equatable, Sendable {
  /// The provider refused the input (a 4xx, a moderated image): not retried.
  case rejected(String)
  /// The provider or the network failed, even after the one retry a 5xx gets.
  case unavailable(String)
  /// No result within the budget.
  case timedOut
  /// An answer that is not what the provider documents.
  case malformedResult
  /// A result file outside the allowed hosts, or larger than allowed: never kept.
  case untrustedResult(String)

  public var failure: RenderFailure { self == .timedOut ? .renderTimeout : .renderFailed }
}

/// Who draws a garment on a body photo: an AI model behind an outside service, or the local
/// preview. Each says which categories it renders well; a request outside them is refused before
/// any call and before any credit is touched.
public protocol TryOnProvider: Sendable {
  /// The provider's name in logs and in each render's record.
  var name: String { get }
  /// The categories it renders (FR16).
  var support: TryOnSupport { get }
  /// Whether its results are a preview rather than an AI render: every place one shows says so.
  var isPreview: Bool { get }
  /// Seconds a render by this provider may take from its request.
  var budget: TimeInterval { get }
  /// Draws `input`, within `deadline`.
  func render(
    _ input: TryOnInput, tracking: TryOnTracking, deadline: ContinuousClock.Instant
  ) async throws(TryOnFailure) -> TryOnOutcome
}

/// The default provider, with no network: the garment's cutout laid on the body photo at the
/// place and size its category takes on a standing figure (``PreviewPlacement``). It lets the whole
/// product, onboarding included, run on a fresh machine; it is labelled a preview everywhere.
public struct LocalPreviewProvider: TryOnProvider {
  let images: ImageProcessor

  public init(images: ImageProcessor) { self.images = images }

  public var name: String { "local-preview" }
  public var support: TryOnSupport { TryOnSupport(GarmentCategory.allCases, needsCutout: true) }
  public var isPreview: Bool { true }
  public var budget: TimeInterval { RenderPolicy.budget }

  /// Quality of the preview's JPEG: the full photo's own.
  static let quality = ImageFiles.quality

  public func render(
    _ input: TryOnInput, tracking: TryOnTracking, deadline: ContinuousClock.Instant
  ) async throws(TryOnFailure) -> TryOnOutcome {
    do {
      return .image(try await render(body: input.body, garment: input.garment, category: input.category))
    } catch {
      throw .rejected("\(error)")
    }
  }

  /// The garment drawn on the body photo: an encoded JPEG.
  public func render(body: [UInt8], garment: [UInt8], category: GarmentCategory) async throws -> [UInt8] {
    let box = PreviewPlacement.box(for: category)
    return try await images.overlay(
      garment, on: body, in: (box.x, box.y, box.width, box.height), vertical: box.vertical,
      longEdge: UploadPolicy.longEdge,
      maximumPixels: UploadPolicy.maximumPixels,
      as: Rendition(longEdge: UploadPolicy.longEdge, format: .jpeg, quality: Self.quality)
    ).bytes
  }
}
