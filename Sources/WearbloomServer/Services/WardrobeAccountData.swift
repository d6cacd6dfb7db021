import Foundation
import OrchardIdentity
import ServerKit
import WearbloomCore

/// What Wearbloom keeps for an account, for its export and its deletion: the garments (their
/// photos and cutouts are files in the blob store), the body photo and the looks. The export is a
/// zip: the JSON, and every photo it names, in full.
struct WardrobeAccountData: AccountData {
  let service: WardrobeService
  let tryOn: TryOnService
  let onboarding: OnboardingService

  var name: String { "wardrobe" }
  var keepsFiles: Bool { true }

  func export(account: String) async throws -> any Encodable & Sendable {
    let garments = try await service.ownGarments(of: account)
    let body = try await service.body(of: account)
    let renders = try await tryOn.renders.renders(of: account)
    let files = Self.files(garments: garments, body: body, renders: renders)
    return Export(
      files: Dictionary(files.map { ($0.image.value, $0.path) }, uniquingKeysWith: { first, _ in first }),
      garments: garments.map {
        .init(
          id: $0.id, category: $0.category.rawValue, name: $0.name, colour: $0.colour?.rawValue,
          backgroundRemoval: $0.removalStatus.rawValue,
          images: $0.images.map(\.value), createdAt: $0.createdAt)
      },
      bodyPhoto: body.map { .init(image: $0.ownImage?.value, updatedAt: $0.updatedAt) },
      credits: try await tryOn.credits.entries(of: account), renders: renders,
      subscription: try await tryOn.subscriptions.subscription(of: account))
  }

  /// Every photo the export names, in full, read as the export is made.
  func files(account: String) async throws -> [ZipArchive.Entry] {
    let files = Self.files(
      garments: try await service.ownGarments(of: account), body: try await service.body(of: account),
      renders: try await tryOn.renders.renders(of: account))
    var entries: [ZipArchive.Entry] = []
    for file in files {
      // One deleted while the export is made is left out rather than failing the export.
      guard let bytes = try await service.full(file.image, kind: file.kind, owner: account) else { continue }
      entries.append(ZipArchive.Entry(path: file.path, bytes: bytes))
    }
    return entries
  }

  /// Where each of the account's images goes in the archive: `wardrobe/garments/<id>.jpg` and its
  /// `-cutout.png`, `wardrobe/body.jpg`, and `wardrobe/looks/<id>.jpg` for each look's picture.
  static func files(garments: [Garment], body: BodyPhoto?, renders: [Render]) -> [File] {
    var files: [File] = []
    func add(_ image: ImageReference?, _ kind: ImageKind, _ name: String) {
      guard let image else { return }
      files.append(File(image: image, kind: kind, path: "wardrobe/\(name).\(kind.fullFormat.fileExtension)"))
    }
    for garment in garments {
      add(garment.image, .garment, "garments/\(garment.id)")
      add(garment.cutout, .cutout, "garments/\(garment.id)-cutout")
    }
    add(body?.ownImage, .body, "body")
    for render in renders {
      add(render.result, .render, "looks/\(render.id)")
      add(render.lateResult, .render, "looks/\(render.id)-late")
    }
    return files
  }

  struct File {
    let image: ImageReference
    let kind: ImageKind
    let path: String
  }

  /// What a web device made before signing up (its first try-on) moves into the new account.
  func adopt(device: String, into account: String) async throws {
    _ = try await onboarding.claim(device: device, by: account)
  }

  /// Every file under the account's folder, then every row: safe to run again after a crash.
  func delete(account: String) async throws {
    try await service.erase(account)
    try await tryOn.erase(account)
  }

  struct Export: Encodable, Sendable {
    struct Garment: Encodable, Sendable {
      let id: String
      let category: String
      /// The name the user gave it, if any.
      let name: String?
      /// The colour read from its photo, for the guessed name.
      let colour: String?
      let backgroundRemoval: String
      let images: [String]
      let createdAt: Date
    }

    struct Body: Encodable, Sendable {
      let image: String?
      let updatedAt: Date
    }

    /// Each image the document names (by its id), at its path in the archive.
    let files: [String: String]
    let garments: [Garment]
    let bodyPhoto: Body?
    /// Every line of the account's credit ledger.
    let credits: [CreditEntry]
    /// Every try-on, newest first.
    let renders: [Render]
    /// What was bought, as the store's notifications told it.
    let subscription: Subscription
  }
}
