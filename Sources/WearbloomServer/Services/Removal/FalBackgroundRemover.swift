import Foundation
import OrchardImages
import ServerKit
import WearbloomCore

/// Background removal by a hosted model through fal.ai's queue: Bria RMBG 2.0
/// (`fal-ai/bria/background/remove`, trained on licensed data, for commercial use) by default.
/// The photo goes as a data URI; the cutout comes back as a PNG on fal's media hosts, which is
/// downloaded at once (those URLs are public) and checked like a local cutout.
public struct FalBackgroundRemover: BackgroundRemover {
  let queue: FalQueue
  let images: ImageProcessor
  let model: String
  let budget: Duration

  public static let defaultModel = "fal-ai/bria/background/remove"
  /// A result file is a PNG of at most a few megapixels; this bounds a misbehaving answer.
  static let resultLimit = 50 << 20

  public init(
    settings: FalSettings, images: ImageProcessor, model: String = Self.defaultModel,
    budget: Duration = .seconds(30), downloads: PublicHTTPClient? = nil
  ) {
    queue = FalQueue(settings: settings, downloads: downloads)
    self.images = images
    self.model = model
    self.budget = budget
  }

  public var name: String { "fal" }

  struct Input: Encodable, Sendable {
    let imageURL: String
    enum CodingKeys: String, CodingKey { case imageURL = "image_url" }
  }

  struct Output: Decodable, Sendable {
    struct File: Decodable, Sendable { let url: URL }
    let image: File
  }

  public func removeBackground(from photo: [UInt8]) async throws -> RemovalOutcome {
    let input = Input(imageURL: "data:image/jpeg;base64," + Data(photo).base64EncodedString())
    let output = try await queue.run(model, input: input, budget: budget, as: Output.self)
    let png = try await queue.download(output.image.url, byteLimit: Self.resultLimit)
    let coverage = try await images.alphaCoverage(of: png, maximumPixels: UploadPolicy.maximumPixels)
    if let refusal = CutoutCheck.verdict(coverage: coverage) { return .refused(refusal.rawValue) }
    return .cutout(png: png)
  }
}
