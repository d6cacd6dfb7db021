import Foundation
import WearbloomCore

/// Try-on by an AI model on fal.ai's queue: FASHN v1.6 (`fal-ai/fashn/tryon/v1.6`) or Nano
/// Banana's edit (`fal-ai/nano-banana/edit`).
///
/// A render is submitted once, with a webhook URL; its `request_id` and the `status_url` and
/// `response_url` fal returns are written down before anything else is asked, so a run cut off by
/// a crash follows the same job rather than paying for another. The result comes by the webhook
/// (``TryOnService/receiveFal(_:)``) or, when that is late, by polling the status; whichever is
/// first finishes the render, and the other finds it finished.
public struct FalTryOnProvider: TryOnProvider {
  /// The models offered, each with what it renders and how long it is given.
  public enum Model: String, Sendable, CaseIterable {
    case fashn = "fal-fashn"
    case nanoBanana = "fal-nano-banana"

    /// fal's id for the model (the submission's path).
    var id: String {
      switch self {
      case .fashn: "fal-ai/fashn/tryon/v1.6"
      case .nanoBanana: "fal-ai/nano-banana/edit"
      }
    }

    /// FASHN draws tops, bottoms and one-pieces (outerwear as a top), not shoes; Nano Banana is
    /// led by a prompt and draws anything.
    var support: TryOnSupport {
      switch self {
      case .fashn: .standard
      case .nanoBanana: TryOnSupport(GarmentCategory.allCases)
      }
    }

    /// FASHN renders in 5–17 s and gets the render's 30 s. Nano Banana takes 30–60 s as reported
    /// by those who ship it, so 30 s would fail most of its renders: it gets 90.
    var budget: TimeInterval {
      switch self {
      case .fashn: RenderPolicy.budget
      case .nanoBanana: 90
      }
    }
  }

  let model: Model
  let queue: FalQueue

  /// A result is an image of a few megapixels; this bounds a misbehaving answer.
  static let resultLimit = 50 << 20

  public init(_ model: Model, settings: FalSettings) {
    self.model = model
    queue = FalQueue(settings: settings)
  }

  public var name: String { model.rawValue }
  public var support: TryOnSupport { model.support }
  public var isPreview: Bool { false }
  public var budget: TimeInterval { model.budget }

  public func render(
    _ input: TryOnInput, tracking: TryOnTracking, deadline: ContinuousClock.Instant
  ) async throws(TryOnFailure) -> TryOnOutcome {
    do {
      let submission = try await submission(for: input, tracking: tracking)
      let interval = queue.settings.pollInterval * (queue.settings.webhookURL == nil ? 1 : 4)
      while true {
        if (try? await tracking.finishedElsewhere()) == true { return .finishedElsewhere }
        if try await queue.status(of: submission) == "COMPLETED" { break }
        guard ContinuousClock.now + interval < deadline else { throw FalError.timedOut }
        try? await Task.sleep(for: interval)
      }
      let output: Output = try await queue.result(of: submission)
      guard let url = output.images.first?.url else { throw FalError.malformedResult }
      return .image(try await download(url))
    } catch let error as FalError {
      throw Self.failure(error)
    } catch let error as TryOnFailure {
      throw error
    } catch {
      throw .unavailable("\(error)")
    }
  }

  /// The job this render was submitted as before, or a new submission, written down at once.
  private func submission(for input: TryOnInput, tracking: TryOnTracking) async throws -> FalQueue.Submission {
    if let record = tracking.submitted,
      let earlier = try? JSONDecoder().decode(FalQueue.Submission.self, from: Data(record.utf8))
    {
      return earlier
    }
    let submission = try await queue.submit(model.id, input: body(for: input), webhook: queue.settings.webhookURL)
    let record = String(decoding: try JSONEncoder().encode(submission), as: UTF8.self)
    try await tracking.recordSubmission(submission.requestID, record)
    return submission
  }

  /// A result file's bytes, if it is on fal's media hosts.
  func download(_ url: URL) async throws(TryOnFailure) -> [UInt8] {
    do {
      return try await queue.download(url, byteLimit: Self.resultLimit)
    } catch {
      throw Self.failure(error)
    }
  }

  static func failure(_ error: FalError) -> TryOnFailure {
    switch error {
    case .rejected(let status, let detail): .rejected("\(status) \(detail.prefix(200))")
    case .unavailable(let status): .unavailable(status.map { "\($0)" } ?? "no answer")
    case .timedOut: .timedOut
    case .malformedResult: .malformedResult
    case .untrustedResultURL(let url): .untrustedResult(url)
    case .resultTooLarge: .untrustedResult("larger than \(resultLimit) bytes")
    }
  }

  // MARK: What fal is sent and answers

  /// The model's input: both pictures as data URIs (our stored images are private, never public
  /// URLs), and what the model needs to know of the garment.
  func body(for input: TryOnInput) -> FalInput {
    let person = Self.dataURI(input.body)
    let garment = Self.dataURI(input.garment)
    switch model {
    case .fashn:
      return .fashn(
        .init(modelImage: person, garmentImage: garment, category: Self.fashnCategory(input.category)))
    case .nanoBanana:
      return .nanoBanana(.init(prompt: Self.prompt(for: input.category), imageURLs: [person, garment]))
    }
  }

  static func dataURI(_ bytes: [UInt8]) -> String {
    let type = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png" : "image/jpeg"
    return "data:\(type);base64," + Data(bytes).base64EncodedString()
  }

  /// FASHN's categories: one-pieces for a dress, a top for outerwear.
  static func fashnCategory(_ category: GarmentCategory) -> String {
    switch category {
    case .tops, .outerwear: "tops"
    case .bottoms: "bottoms"
    case .dresses: "one-pieces"
    case .shoes: "auto"
    }
  }

  /// What Nano Banana is asked: the person of the first image wearing the garment of the second,
  /// nothing else changed.
  static func prompt(for category: GarmentCategory) -> String {
    let piece =
      switch category {
      case .tops: "top"
      case .bottoms: "trousers or skirt"
      case .dresses: "dress"
      case .shoes: "shoes"
      case .outerwear: "jacket or coat"
      }
    return "Dress the person in the first image in the \(piece) shown in the second image. Keep the person's face, "
      + "body, pose, hair and the background exactly as they are; change only the \(piece), fitted naturally."
  }

  /// fal's answer for both models: `{"images": [{"url": …}, …]}`.
  struct Output: Decodable, Sendable {
    struct File: Decodable, Sendable { let url: URL }
    let images: [File]
  }
}

/// The JSON a model is submitted.
enum FalInput: Encodable, Sendable {
  case fashn(Fashn)
  case nanoBanana(NanoBanana)

  struct Fashn: Encodable, Sendable {
    let modelImage: String
    let garmentImage: String
    let category: String
    var mode = "balanced"
    var garmentPhotoType = "auto"
    var outputFormat = "jpeg"

    enum CodingKeys: String, CodingKey {
      case modelImage = "model_image"
      case garmentImage = "garment_image"
      case category, mode
      case garmentPhotoType = "garment_photo_type"
      case outputFormat = "output_format"
    }
  }

  struct NanoBanana: Encodable, Sendable {
    let prompt: String
    let imageURLs: [String]
    var numImages = 1
    var outputFormat = "jpeg"

    enum CodingKeys: String, CodingKey {
      case prompt
      case imageURLs = "image_urls"
      case numImages = "num_images"
      case outputFormat = "output_format"
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .fashn(let input): try input.encode(to: encoder)
    case .nanoBanana(let input): try input.encode(to: encoder)
    }
  }
}

/// What fal posts to the webhook when a job ends: `status` `OK` with the model's output as
/// `payload`, or `ERROR` with `error` (and `payload` the details, or null with `payload_error`).
struct FalWebhook: Decodable, Sendable {
  let requestID: String
  let status: String
  let payload: FalTryOnProvider.Output?
  let error: String?

  enum CodingKeys: String, CodingKey {
    case requestID = "request_id"
    case status, payload, error
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    requestID = try container.decode(String.self, forKey: .requestID)
    status = try container.decode(String.self, forKey: .status)
    error = try container.decodeIfPresent(String.self, forKey: .error)
    // An error's payload is its details, not images: kept only when it is an output.
    payload = try? container.decodeIfPresent(FalTryOnProvider.Output.self, forKey: .payload)
  }
}
