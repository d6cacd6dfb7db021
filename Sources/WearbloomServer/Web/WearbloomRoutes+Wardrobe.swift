import Foundation
import Hummingbird
import OrchardIdentity
import OrchardKit
import ServerKit
import WearbloomCore

extension WearbloomRoutes {
  /// The routes behind consent, with room in their bodies for a photo.
  func registerWardrobe(_ web: RouterGroup<AppRequestContext>) {
    web.post(WearbloomPath.welcomePhoto.pattern) { request, context in
      try await visiting(request, context) { try await welcomePhoto(request, context, $0) }
    }
    web.post(WearbloomPath.welcomeGarment.pattern) { request, context in
      try await visiting(request, context) { try await welcomeOwnGarment(request, context, $0) }
    }
    web.get(WearbloomPath.wardrobe.pattern) { request, context in
      try await member(request, context) { _, account in try await wardrobePage(request, account: account) }
    }
    web.get(WearbloomPath.garment.pattern) { request, context in
      try await member(request, context) { _, account in
        try await wardrobePage(request, account: account, open: context.parameters.get("garment") ?? "")
      }
    }
    web.get(WearbloomPath.addGarment.pattern) { request, context in
      try await member(request, context) { _, _ in pages.response(screens.addGarment()) }
    }
    web.post(WearbloomPath.garments.pattern) { request, context in
      try await member(request, context) { _, account in try await addGarment(request, context, account: account) }
    }
    web.get(WearbloomPath.review.pattern) { request, context in
      try await member(request, context) { _, account in
        let garment = try await ownGarment(context, account: account)
        return pages.response(screens.review(garment, offered: tryOn.support))
      }
    }
    web.post(WearbloomPath.review.pattern) { request, context in
      try await member(request, context) { _, account in
        let garment = try await ownGarment(context, account: account)
        let fields = try await FormFields(request, context: context)
        guard let category = WardrobeFilter.category(fields["category"]) else {
          return pages.response(
            screens.review(garment, offered: tryOn.support, problem: screens.problem(.invalidCategory)),
            status: .unprocessableContent)
        }
        _ = try await wardrobe.setCategory(category, of: garment.id, owner: account)
        return Response.seeOther(WearbloomPath.wardrobe.path + "?toast=saved")
      }
    }
    web.post(WearbloomPath.retake.pattern) { request, context in
      try await member(request, context) { _, account in
        try await wardrobe.deleteGarment(try await ownGarment(context, account: account).id, owner: account)
        return Response.seeOther(WearbloomPath.addGarment.path)
      }
    }
    web.post(WearbloomPath.remove.pattern) { request, context in
      try await member(request, context) { _, account in
        try await wardrobe.deleteGarment(try await ownGarment(context, account: account).id, owner: account)
        return Response.seeOther(WearbloomPath.wardrobe.path + "?toast=removed")
      }
    }
    web.post(WearbloomPath.tryOn.pattern) { request, context in
      try await member(request, context) { _, account in
        try await startRender(context.parameters.get("garment") ?? "", owner: account, hasAccount: true)
      }
    }
    web.get(WearbloomPath.render.pattern) { request, context in
      try await visiting(request, context) { try await render(request, context, $0) }
    }
    web.get(WearbloomPath.renderStatus.pattern) { request, context in
      try await visiting(request, context) { try await renderStatus(context, $0) }
    }
    web.post(WearbloomPath.feedback.pattern) { request, context in
      try await member(request, context) { _, account in try await feedback(request, context, account: account) }
    }
    web.get(WearbloomPath.paywall.pattern) { request, context in
      try await member(request, context) { _, account in
        // A subscriber never sees it.
        if try await tryOn.summary(of: account).isUnlimited { return Response.seeOther(WearbloomPath.wardrobe.path) }
        return pages.response(screens.paywall())
      }
    }
    web.post(WearbloomPath.testStore.pattern) { request, context in
      try await member(request, context) { _, account in
        _ = try await tryOn.testStorePurchase(by: account)
        return Response.seeOther(WearbloomPath.wardrobe.path + "?toast=trial")
      }
    }
    web.get(WearbloomPath.profile.pattern) { request, context in
      try await member(request, context) { visitor, account in
        pages.response(screens.profile(try await profileView(visitor, account: account), toast: toast(request)))
      }
    }
    web.post(WearbloomPath.profilePhoto.pattern) { request, context in
      try await member(request, context) { visitor, account in
        try await replacePhoto(request, context, visitor, account: account)
      }
    }
    web.post(WearbloomPath.deleteAccount.pattern) { request, context in
      try await member(request, context) { visitor, _ in try await deleteAccount(visitor) }
    }
  }

  // MARK: The wardrobe

  func wardrobePage(_ request: Request, account: String, open garmentID: String? = nil) async throws -> Response {
    let category = WardrobeFilter.category(request.uri.queryParameters.get("category"))
    async let garments = wardrobe.garments(of: account, category: category)
    async let own = wardrobe.ownGarments(of: account)
    async let summary = tryOn.summary(of: account)
    let badge = CreditsBadge(try await summary)
    var sheet: HTML = ""
    if let garmentID {
      let garment = try await wardrobe.garment(garmentID, owner: account)
      sheet = screens.sheet(
        garment, canTryOn: tryOn.support.supports(garment.category), badge: badge,
        closeTo: WearbloomPath.wardrobe.path + (category.map { "?category=\($0.rawValue)" } ?? ""))
    }
    return pages.response(
      screens.wardrobe(
        try await garments, category: category, ownCount: try await own.count, badge: badge, toast: toast(request),
        sheet: sheet))
  }

  /// One of the account's own garments (not a stock one), from the route's `garment`.
  func ownGarment(_ context: AppRequestContext, account: String) async throws -> Garment {
    let garment = try await wardrobe.garment(context.parameters.get("garment") ?? "", owner: account)
    guard garment.owner == account else { throw WardrobeError.garmentNotFound }
    return garment
  }

  /// A garment's photo, stored; its cutout is made as the user looks at the review.
  func addGarment(_ request: Request, _ context: AppRequestContext, account: String) async throws -> Response {
    let form = try await MultipartForm(request, context: context)
    do {
      guard let photo = Self.photo(in: form) else { throw WardrobeError.missingPhoto }
      let garment = try await wardrobe.addGarment(
        owner: account, photo: photo.bytes, declaredType: photo.contentType,
        category: form["category"] ?? GarmentCategory.tops.rawValue)
      return Response.seeOther(WearbloomPath.review(garment.id))
    } catch {
      guard let problem = problem(error) else { throw error }
      return pages.response(screens.addGarment(problem: problem), status: .unprocessableContent)
    }
  }

  // MARK: Profile

  func profileView(_ visitor: Visitor, account: String) async throws -> WearbloomPages.ProfileView {
    WearbloomPages.ProfileView(
      email: visitor.session?.account.email?.normalized, body: try await wardrobe.body(of: account),
      summary: try await tryOn.summary(of: account))
  }

  func replacePhoto(
    _ request: Request, _ context: AppRequestContext, _ visitor: Visitor, account: String
  )
    async throws -> Response
  {
    let form = try await MultipartForm(request, context: context)
    do {
      guard let photo = Self.photo(in: form) else { throw WardrobeError.missingPhoto }
      _ = try await wardrobe.setBody(owner: account, photo: photo.bytes, declaredType: photo.contentType)
      return Response.seeOther(WearbloomPath.profile.path + "?toast=photo")
    } catch {
      guard let problem = problem(error) else { throw error }
      return pages.response(
        screens.profile(try await profileView(visitor, account: account), problem: problem),
        status: .unprocessableContent)
    }
  }

  /// Deletes the account: signed out at once, every photo, garment, render and credit of it gone
  /// before the answer (the deletion job then removes the identity and does this again, which
  /// changes nothing), and this device back at consent.
  func deleteAccount(_ visitor: Visitor) async throws -> Response {
    guard let session = visitor.session else { return Response.seeOther(WearbloomPath.home.path) }
    try await accounts.delete(session.caller, address: ClientAddressMiddleware.current)
    try await wardrobe.erase(session.account.id)
    try await tryOn.erase(session.account.id)
    try await consents.forget(visitor.device)
    var response = Response.seeOther(WearbloomPath.home.path)
    response.headers[.setCookie] =
      ([sessionCookie + "=", "Path=/", "Max-Age=0", "HttpOnly", "SameSite=Lax"] + (secureCookies ? ["Secure"] : []))
      .joined(separator: "; ")
    return response
  }
}
