import Foundation
import ServerKit
import WearbloomAPI
import WearbloomCore

/// Renders, their feedback, and the subscription, in the document's shapes.
extension WearbloomAPIService {
  // MARK: Renders

  func requestRender(_ input: Operations.requestRender.Input) async throws -> Operations.requestRender.Output {
    let owner = try account()
    guard case .json(let request) = input.body else { throw OrchardError.unsupportedMediaType }
    return try await refusing {
      let render: Render
      do {
        render = try await tryOn.request(request.garmentId, owner: owner)
      } catch WardrobeError.invalidCategory {
        throw WearbloomProblem.notOffered
      }
      return .accepted(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.wire(render))))
    }
  }

  func getRender(_ input: Operations.getRender.Input) async throws -> Operations.getRender.Output {
    let owner = try account()
    return try await refusing {
      let render = try await tryOn.render(input.path.render_id, owner: owner)
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.wire(render))))
    }
  }

  func listRenders(_ input: Operations.listRenders.Input) async throws -> Operations.listRenders.Output {
    let owner = try account()
    let looks = try await tryOn.looks(of: owner)
    return .ok(
      .init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(.init(renders: looks.map(Self.wire)))))
  }

  func deleteRender(_ input: Operations.deleteRender.Input) async throws -> Operations.deleteRender.Output {
    let owner = try account()
    return try await refusing {
      try await tryOn.deleteLook(input.path.render_id, owner: owner)
      return .noContent(.init())
    }
  }

  func getLatestRender(_ input: Operations.getLatestRender.Input) async throws -> Operations.getLatestRender.Output {
    let owner = try account()
    return try await refusing {
      let render = try await tryOn.latest(of: owner)
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.wire(render))))
    }
  }

  func sendRenderFeedback(
    _ input: Operations.sendRenderFeedback.Input
  ) async throws -> Operations.sendRenderFeedback.Output {
    let owner = try account()
    guard case .json(let request) = input.body else { throw OrchardError.unsupportedMediaType }
    return try await refusing {
      let feedback = try await tryOn.feedback(
        on: input.path.render_id, owner: owner, rating: FeedbackRating(rawValue: request.rating.rawValue)!,
        category: request.category.flatMap { FeedbackCategory(rawValue: $0.rawValue) })
      return .ok(
        .init(
          headers: .init(Cache_hyphen_Control: Self.noStore),
          body: .json(.init(creditRefunded: feedback.refunded, feedback: Self.wire(feedback)))))
    }
  }

  // MARK: Subscription

  func getSubscription(_ input: Operations.getSubscription.Input) async throws -> Operations.getSubscription.Output {
    let owner = try account()
    let summary = try await tryOn.summary(of: owner)
    return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.wire(summary))))
  }

  /// The longest signed transaction taken (Apple's are a few kilobytes).
  static let signedLimit = 20_000

  func verifyPurchase(_ input: Operations.verifyPurchase.Input) async throws -> Operations.verifyPurchase.Output {
    let owner = try signedInAccount()
    guard case .json(let request) = input.body else { throw OrchardError.unsupportedMediaType }
    return try await refusing {
      let summary = try await purchases.verify(request.signedTransactionInfo, by: owner)
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.wire(summary))))
    }
  }

  func restorePurchases(_ input: Operations.restorePurchases.Input) async throws -> Operations.restorePurchases.Output {
    let owner = try signedInAccount()
    guard case .json(let request) = input.body else { throw OrchardError.unsupportedMediaType }
    guard request.signedTransactions.count <= PurchaseService.restoreLimit,
      request.signedTransactions.allSatisfy({ $0.utf8.count <= Self.signedLimit })
    else {
      throw OrchardError.badRequest(
        "A restore carries at most \(PurchaseService.restoreLimit) signed transactions, each at most "
          + "\(Self.signedLimit) characters.")
    }
    let (restored, summary) = try await purchases.restore(request.signedTransactions, by: owner)
    return .ok(
      .init(
        headers: .init(Cache_hyphen_Control: Self.noStore),
        body: .json(.init(restored: restored, subscription: Self.wire(summary)))))
  }

  // MARK: Onboarding

  func startOnboarding(_ input: Operations.startOnboarding.Input) async throws -> Operations.startOnboarding.Output {
    guard case .json(let request) = input.body else { throw OrchardError.unsupportedMediaType }
    guard (request.deviceId?.count ?? 0) <= 200 else {
      throw OrchardError.badRequest("A device id has at most 200 characters.")
    }
    let started = try await onboarding.start(device: request.deviceId, address: ClientAddressMiddleware.current)
    return .created(
      .init(
        headers: .init(Cache_hyphen_Control: Self.noStore),
        body: .json(
          .init(token: started.token, expiresAt: started.expiresAt, freeRenders: OnboardingPolicy.freeRenders))))
  }

  func claimOnboarding(_ input: Operations.claimOnboarding.Input) async throws -> Operations.claimOnboarding.Output {
    let account = try signedInAccount()
    guard case .json(let request) = input.body else { throw OrchardError.unsupportedMediaType }
    return try await refusing {
      let moved = try await onboarding.claim(request.token, by: account)
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(.init(moved: moved))))
    }
  }

  // MARK: Webhooks

  func receiveAppleNotification(
    _ input: Operations.receiveAppleNotification.Input
  ) async throws -> Operations.receiveAppleNotification.Output {
    guard case .json(let request) = input.body else { throw OrchardError.unsupportedMediaType }
    do {
      _ = try await purchases.receive(request.signedPayload)
    } catch let error as PurchaseError {
      throw OrchardError(
        status: .unauthorized, code: PurchaseError.invalidSignature.rawValue, title: "Notification not verified",
        detail: "The notification is not signed by Apple's App Store for this app (\(error.rawValue)).")
    }
    return .ok(.init(body: .json(.init(received: true))))
  }

  func receiveFalWebhook(
    _ input: Operations.receiveFalWebhook.Input
  ) async throws -> Operations.receiveFalWebhook.Output {
    guard let verified = FalWebhookSignature.verified else { throw FalWebhookSignature.refusal("Not verified.") }
    let webhook: FalWebhook
    do {
      webhook = try JSONDecoder().decode(FalWebhook.self, from: Data(verified.body))
    } catch {
      throw OrchardError.badRequest("The body is not a fal webhook: it needs request_id and status.")
    }
    guard webhook.requestID == verified.requestID else {
      throw OrchardError.badRequest("The body's request_id is not the one the signature covers.")
    }
    try await tryOn.receiveFal(webhook)
    return .ok(.init(body: .json(.init(received: true))))
  }

  // MARK: Wire shapes

  static func wire(_ render: Render) -> Components.Schemas.Render {
    let links = render.result.map(Self.links)
    return Components.Schemas.Render(
      id: render.id, status: .init(rawValue: render.status.rawValue)!,
      errorCode: render.failure.flatMap { .init(rawValue: $0.rawValue) }, garmentId: render.garmentID,
      category: wire(render.category), provider: render.provider, preview: render.isPreview,
      resultImageUrl: links?.full, result: links, creditConsumed: render.charge.consumedCredit,
      feedback: render.feedback.map(wire), createdAt: render.createdAt, finishedAt: render.finishedAt)
  }

  static func wire(_ feedback: RenderFeedback) -> Components.Schemas.Feedback {
    Components.Schemas.Feedback(
      rating: .init(rawValue: feedback.rating.rawValue)!,
      category: feedback.category.flatMap { .init(rawValue: $0.rawValue) },
      creditRefunded: feedback.refunded, createdAt: feedback.at)
  }

  static func wire(_ summary: SubscriptionSummary) -> Components.Schemas.SubscriptionSummary {
    Components.Schemas.SubscriptionSummary(
      isSubscriber: summary.isSubscriber, state: .init(rawValue: summary.state.rawValue)!,
      creditsRemaining: max(0, summary.creditsRemaining), canRender: summary.canRender,
      isUnlimited: summary.isUnlimited, expiresAt: summary.expiresAt, productId: summary.productID,
      hadSubscription: summary.hadSubscription)
  }
}
