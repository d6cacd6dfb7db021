import Foundation
import Hummingbird
import OrchardIdentity
import OrchardKit
import ServerKit
import WearbloomCore

extension WearbloomRoutes {
  // MARK: Onboarding

  func registerOnboarding(_ visitors: RouterGroup<AppRequestContext>) {
    visitors.get(WearbloomPath.welcomePhoto.pattern) { request, context in
      try await visiting(request, context) { visitor in
        if visitor.account != nil { return Response.seeOther(WearbloomPath.wardrobe.path) }
        var chosen: StockItem.ID?
        if let owner = visitor.onboarding, case .stock(let id) = try await wardrobe.body(of: owner)?.source {
          chosen = id
        }
        return pages.response(visitor.screens.welcomePhoto(figures: Self.figures, chosen: chosen))
      }
    }
    visitors.get(WearbloomPath.welcomeGarment.pattern) { request, context in
      try await visiting(request, context) { visitor in
        guard visitor.account == nil, let owner = visitor.onboarding else {
          return Response.seeOther(
            visitor.account == nil ? WearbloomPath.welcomePhoto.path : WearbloomPath.wardrobe.path)
        }
        return pages.response(try await welcomeGarment(owner, visitor.screens))
      }
    }
    visitors.post(WearbloomPath.welcomeTryOn.pattern) { request, context in
      try await visiting(request, context) { visitor in
        guard visitor.account == nil, visitor.onboarding != nil else {
          return Response.seeOther(WearbloomPath.home.path)
        }
        let fields = try await FormFields(request, context: context)
        return try await startRender(fields["garment"] ?? "", for: visitor)
      }
    }
  }

  /// The example figures of the first step.
  static var figures: [StockItem] { StockCatalog.all.filter { $0.kind == .body } }

  /// The onboarding this device began, or a new one.
  func onboardingOwner(_ visitor: Visitor) async throws -> String {
    if let owner = visitor.onboarding { return owner }
    return try await onboarding.start(device: visitor.device, address: ClientAddressMiddleware.current).owner
  }

  func welcomeGarment(_ owner: String, _ screens: WearbloomPages, problem: String? = nil) async throws -> Page {
    screens.welcomeGarment(
      OnboardingPolicy.garments(offered: tryOn.support), own: try await wardrobe.ownGarments(of: owner),
      problem: problem)
  }

  /// Step 1's answer: an example figure, or the visitor's own photo.
  func welcomePhoto(_ request: Request, _ context: AppRequestContext, _ visitor: Visitor) async throws -> Response {
    if visitor.account != nil { return Response.seeOther(WearbloomPath.wardrobe.path) }
    do {
      if JSONBodies.isMultipartForm(request.headers[.contentType]) {
        guard let photo = try await MultipartForm(request, context: context).file("photo") else {
          throw WardrobeError.missingPhoto
        }
        _ = try await wardrobe.setBody(
          owner: try await onboardingOwner(visitor), photo: photo.bytes, declaredType: photo.contentType)
      } else {
        let figure = try await FormFields(request, context: context)["stock"] ?? ""
        _ = try await wardrobe.setBody(owner: try await onboardingOwner(visitor), stockID: figure)
      }
    } catch {
      guard let problem = visitor.screens.problem(for: error) else { throw error }
      return pages.response(
        visitor.screens.welcomePhoto(figures: Self.figures, chosen: nil, problem: problem),
        status: .unprocessableContent)
    }
    return Response.seeOther(WearbloomPath.welcomeGarment.path)
  }

  /// Step 2's own garment: stored, then tried on at once.
  func welcomeOwnGarment(
    _ request: Request, _ context: AppRequestContext, _ visitor: Visitor
  ) async throws -> Response {
    guard visitor.account == nil, let owner = visitor.onboarding else {
      return Response.seeOther(WearbloomPath.home.path)
    }
    let form = try await MultipartForm(request, context: context)
    do {
      guard let photo = form.file("photo") else { throw WardrobeError.missingPhoto }
      let garment = try await wardrobe.addGarment(
        owner: owner, photo: photo.bytes, declaredType: photo.contentType, category: form["category"])
      return try await startRender(garment.id, for: visitor)
    } catch {
      guard let problem = visitor.screens.problem(for: error) else { throw error }
      return pages.response(
        try await welcomeGarment(owner, visitor.screens, problem: problem), status: .unprocessableContent)
    }
  }

  // MARK: Try-on

  /// A Try On tap: the render, started. The service refuses one with no credit left and no
  /// subscription; that refusal, and nothing else, leads to the paywall (or, before an account,
  /// to the account and its free renders).
  func startRender(_ garmentID: String, for visitor: Visitor) async throws -> Response {
    guard let owner = visitor.owner else { return Response.seeOther(WearbloomPath.home.path) }
    let hasAccount = visitor.account != nil
    do {
      let render = try await tryOn.request(garmentID, owner: owner)
      return Response.seeOther(WearbloomPath.render(render.id))
    } catch TryOnError.insufficientCredits {
      switch OutOfRenders(hasAccount: hasAccount) {
      case .paywall: return Response.seeOther(WearbloomPath.paywall.path)
      case .createAccount:
        return pages.response(
          visitor.screens.onboardingOver(welcomeCredits: tryOn.welcomeCredits),
          status: .init(code: 402, reasonPhrase: "Payment Required"))
      }
    } catch let error as OrchardError where error.status == .tooManyRequests {
      let back = hasAccount ? WearbloomPath.garment(garmentID) : WearbloomPath.welcomeGarment.path
      return Response.seeOther(WearbloomPath.path(back, notice: .tooManyRequests))
    } catch WardrobeError.noBodyPhoto {
      return Response.seeOther(hasAccount ? WearbloomPath.profile.path : WearbloomPath.welcomePhoto.path)
    } catch WardrobeError.invalidCategory {
      throw WearbloomProblem.notOffered
    }
  }

  func renderView(_ render: Render, owner: String, onboarding: Bool) async throws -> WearbloomPages.RenderView {
    // The garment may have been removed since; the render stays.
    var garment: Garment?
    do { garment = try await wardrobe.garment(render.garmentID, owner: owner) } catch WardrobeError.garmentNotFound {}
    return WearbloomPages.RenderView(
      render: render, garment: garment, body: try await wardrobe.body(of: owner)?.image,
      elapsed: max(0, clock.now.timeIntervalSince(render.createdAt)), onboarding: onboarding,
      welcomeCredits: tryOn.welcomeCredits)
  }

  func render(_ request: Request, _ context: AppRequestContext, _ visitor: Visitor) async throws -> Response {
    guard let owner = visitor.owner else { throw TryOnError.renderNotFound }
    let render = try await tryOn.render(context.parameters.get("render") ?? "", owner: owner)
    let view = try await renderView(render, owner: owner, onboarding: visitor.account == nil)
    return pages.response(visitor.screens.render(view, toast: visitor.screens.toast(Self.notice(request))))
  }

  /// What a waiting render page asks, again and again: the render's status alone, for its owner
  /// (``poller(_:_:)``).
  func renderStatus(_ context: AppRequestContext, owner: String?) async throws -> Response {
    guard let owner else { throw TryOnError.renderNotFound }
    let render = try await tryOn.render(context.parameters.get("render") ?? "", owner: owner)
    let body = "{\"status\":\"\(render.status.rawValue)\"}"
    return Response(
      status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(string: body)))
  }

  func feedback(_ request: Request, _ context: AppRequestContext, account: String) async throws -> Response {
    let id = context.parameters.get("render") ?? ""
    let fields = try await FormFields(request, context: context)
    guard let rating = fields["rating"].flatMap(FeedbackRating.init(rawValue:)) else {
      throw OrchardError.badRequest("Choose thumbs up or thumbs down.")
    }
    let category = rating == .down ? fields["category"].flatMap(FeedbackCategory.init(rawValue:)) : nil
    do {
      let given = try await tryOn.feedback(on: id, owner: account, rating: rating, category: category)
      return Response.seeOther(WearbloomPath.path(WearbloomPath.render(id), notice: Notice(after: given)))
    } catch TryOnError.feedbackAlreadySubmitted {
      return Response.seeOther(WearbloomPath.render(id))
    }
  }
}
