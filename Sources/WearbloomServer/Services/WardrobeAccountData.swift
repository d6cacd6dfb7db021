import Foundation
import OrchardIdentity
import WearbloomCore

/// What Wearbloom keeps for an account, for its export and its deletion: the garments (their
/// photos and cutouts are files in the blob store) and the body photo.
struct WardrobeAccountData: AccountData {
  let service: WardrobeService
  let tryOn: TryOnService
  let onboarding: OnboardingService

  var name: String { "wardrobe" }

  func export(account: String) async throws -> any Encodable & Sendable {
    let garments = try await service.ownGarments(of: account)
    let body = try await service.body(of: account)
    return Export(
      garments: garments.map {
        .init(
          id: $0.id, category: $0.category.rawValue, backgroundRemoval: $0.removalStatus.rawValue,
          images: $0.images.map(\.value), createdAt: $0.createdAt)
      },
      bodyPhoto: body.map { .init(image: $0.ownImage?.value, updatedAt: $0.updatedAt) },
      credits: try await tryOn.credits.entries(of: account), renders: try await tryOn.renders.renders(of: account),
      subscription: try await tryOn.subscriptions.subscription(of: account))
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
      let backgroundRemoval: String
      let images: [String]
      let createdAt: Date
    }

    struct Body: Encodable, Sendable {
      let image: String?
      let updatedAt: Date
    }

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
