import Foundation
import Hummingbird
import OrchardIdentity
import OrchardKit
import ServerKit
import WearbloomCore

extension WearbloomRoutes {
  /// The four forms that send a photo, with room in their bodies for one.
  func registerUploads(
    visitors uploadVisitors: RouterGroup<AppRequestContext>, members uploadMembers: RouterGroup<AppRequestContext>
  ) {
    uploadVisitors.post(WearbloomPath.welcomePhoto.pattern) { request, context in
      try await visiting(request, context) { try await welcomePhoto(request, context, $0) }
    }
    uploadVisitors.post(WearbloomPath.welcomeGarment.pattern) { request, context in
      try await visiting(request, context) { try await welcomeOwnGarment(request, context, $0) }
    }
    uploadMembers.post(WearbloomPath.garments.pattern) { request, context in
      try await member(request, context) { visitor, account in
        try await addGarment(request, context, visitor, account: account)
      }
    }
    uploadMembers.post(WearbloomPath.profilePhoto.pattern) { request, context in
      try await member(request, context) { visitor, account in
        try await replacePhoto(request, context, visitor, account: account)
      }
    }
  }

  /// The signed-in user's screens, and the render view every visitor with a render shares.
  func registerWardrobe(
    _ web: RouterGroup<AppRequestContext>, visitors: RouterGroup<AppRequestContext>,
    members: RouterGroup<AppRequestContext>
  ) {
    members.get(WearbloomPath.wardrobe.pattern) { request, context in
      try await member(request, context) { visitor, account in try await wardrobePage(request, visitor, account) }
    }
    members.get(WearbloomPath.garment.pattern) { request, context in
      try await member(request, context) { visitor, account in
        try await wardrobePage(request, visitor, account, open: context.parameters.get("garment") ?? "")
      }
    }
    members.get(WearbloomPath.addGarment.pattern) { request, context in
      try await member(request, context) { visitor, _ in pages.response(visitor.screens.addGarment()) }
    }
    members.get(WearbloomPath.review.pattern) { request, context in
      try await member(request, context) { visitor, account in
        pages.response(
          visitor.screens.review(
            try await ownGarment(context, account: account), needsCutout: tryOn.support.needsCutout))
      }
    }
    members.post(WearbloomPath.review.pattern) { request, context in
      try await member(request, context) { visitor, account in
        let garment = try await ownGarment(context, account: account)
        guard let category = WardrobeFilter.category(try await FormFields(request, context: context)["category"])
        else {
          let problem = visitor.screens.t(WardrobeError.invalidCategory.message)
          return pages.response(
            visitor.screens.review(garment, needsCutout: tryOn.support.needsCutout, problem: problem),
            status: .unprocessableContent)
        }
        _ = try await wardrobe.setCategory(category, of: garment.id, owner: account)
        return Response.seeOther(WearbloomPath.path(WearbloomPath.wardrobe.path, notice: .saved))
      }
    }
    members.post(WearbloomPath.retake.pattern) { request, context in
      try await member(request, context) { _, account in
        try await wardrobe.deleteGarment(try await ownGarment(context, account: account).id, owner: account)
        return Response.seeOther(WearbloomPath.addGarment.path)
      }
    }
    members.post(WearbloomPath.remove.pattern) { request, context in
      try await member(request, context) { _, account in
        try await wardrobe.deleteGarment(try await ownGarment(context, account: account).id, owner: account)
        return Response.seeOther(WearbloomPath.path(WearbloomPath.wardrobe.path, notice: .removed))
      }
    }
    members.post(WearbloomPath.rename.pattern) { request, context in
      try await member(request, context) { visitor, account in
        let garment = try await ownGarment(context, account: account)
        let typed = try await FormFields(request, context: context)["name"] ?? ""
        do {
          _ = try await wardrobe.rename(garment.id, to: typed, owner: account)
        } catch WardrobeError.invalidName {
          // Nothing is lost: the sheet opens again with what was typed and why it was not kept.
          let problem = visitor.screens.t(WardrobeError.invalidName.message, WardrobeError.invalidName.values)
          return try await wardrobePage(
            request, visitor, account, open: garment.id, naming: .init(typed: typed, problem: problem),
            status: .unprocessableContent)
        }
        return Response.seeOther(WearbloomPath.path(WearbloomPath.garment(garment.id), notice: .renamed))
      }
    }
    members.post(WearbloomPath.tryOn.pattern) { request, context in
      try await member(request, context) { visitor, _ in
        try await startRender(context.parameters.get("garment") ?? "", for: visitor)
      }
    }
    visitors.get(WearbloomPath.render.pattern) { request, context in
      try await visiting(request, context) { try await render(request, context, $0) }
    }
    web.get(WearbloomPath.renderStatus.pattern) { request, context in
      try await renderStatus(context, owner: try await poller(request, context))
    }
    members.get(WearbloomPath.looks.pattern) { request, context in
      try await member(request, context) { visitor, account in
        pages.response(
          visitor.screens.looks(
            try await tryOn.looks(of: account), try await lookContext(account),
            toast: visitor.screens.toast(Self.notice(request))))
      }
    }
    members.post(WearbloomPath.deleteLook.pattern) { request, context in
      try await member(request, context) { _, account in
        try await tryOn.deleteLook(context.parameters.get("render") ?? "", owner: account)
        return Response.seeOther(WearbloomPath.path(WearbloomPath.looks.path, notice: .lookDeleted))
      }
    }
    members.post(WearbloomPath.feedback.pattern) { request, context in
      try await member(request, context) { _, account in try await feedback(request, context, account: account) }
    }
    members.get(WearbloomPath.paywall.pattern) { request, context in
      try await member(request, context) { visitor, account in
        // A subscriber never sees it.
        if try await tryOn.summary(of: account).isUnlimited { return Response.seeOther(WearbloomPath.wardrobe.path) }
        return pages.response(visitor.screens.paywall(testStore: testStore))
      }
    }
    members.post(WearbloomPath.testStore.pattern) { request, context in
      try await member(request, context) { _, account in
        guard testStore else { throw WearbloomProblem.testStoreClosed }
        _ = try await tryOn.testStorePurchase(by: account)
        return Response.seeOther(WearbloomPath.path(WearbloomPath.wardrobe.path, notice: .trialStarted))
      }
    }
    members.get(WearbloomPath.profile.pattern) { request, context in
      try await member(request, context) { visitor, account in
        pages.response(
          visitor.screens.profile(
            try await profileView(visitor, account: account), toast: visitor.screens.toast(Self.notice(request))))
      }
    }
    members.post(WearbloomPath.deleteAccount.pattern) { request, context in
      try await member(request, context) { visitor, _ in try await deleteAccount(visitor) }
    }
  }

  // MARK: The wardrobe

  func wardrobePage(
    _ request: Request, _ visitor: Visitor, _ account: String, open garmentID: String? = nil,
    naming: WearbloomPages.Naming = .init(), status: HTTPResponse.Status = .ok
  ) async throws -> Response {
    let category = WardrobeFilter.category(request.uri.queryParameters.get("category"))
    async let summary = tryOn.summary(of: account)
    async let looks = tryOn.looks(of: account)
    let own = try await wardrobe.ownGarments(of: account)
    let badge = CreditsBadge(try await summary)
    let screens = visitor.screens
    let strip = screens.looksStrip(try await looks, try await lookContext(account, own: own))
    var sheet: HTML = ""
    if let garmentID {
      let garment = try await wardrobe.garment(garmentID, owner: account)
      sheet = screens.sheet(
        garment, refusal: tryOn.support.refusal(of: garment), badge: badge,
        closeTo: WearbloomPath.wardrobe.path + (category.map { "?category=\($0.rawValue)" } ?? ""), naming: naming)
    }
    return pages.response(
      screens.wardrobe(
        Wardrobe.list(own: own, stock: StockCatalog.garments, category: category), category: category,
        ownCount: own.count, badge: badge, toast: screens.toast(Self.notice(request)), looks: strip, sheet: sheet),
      status: status)
  }

  /// One of the account's own garments (not a stock one), from the route's `garment`.
  func ownGarment(_ context: AppRequestContext, account: String) async throws -> Garment {
    let garment = try await wardrobe.garment(context.parameters.get("garment") ?? "", owner: account)
    guard garment.owner == account else { throw WardrobeError.garmentNotFound }
    return garment
  }

  /// A garment's photo, stored under the provisional category; its cutout is made as the user
  /// looks at the review, where they say what it is.
  func addGarment(
    _ request: Request, _ context: AppRequestContext, _ visitor: Visitor, account: String
  ) async throws -> Response {
    let form = try await MultipartForm(request, context: context)
    do {
      guard let photo = form.file("photo") else { throw WardrobeError.missingPhoto }
      let garment = try await wardrobe.addGarment(
        owner: account, photo: photo.bytes, declaredType: photo.contentType,
        category: form["category"] ?? UploadPolicy.provisionalCategory.rawValue)
      return Response.seeOther(WearbloomPath.review(garment.id))
    } catch {
      guard let problem = visitor.screens.problem(for: error) else { throw error }
      return pages.response(visitor.screens.addGarment(problem: problem), status: .unprocessableContent)
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
      guard let photo = form.file("photo") else { throw WardrobeError.missingPhoto }
      _ = try await wardrobe.setBody(owner: account, photo: photo.bytes, declaredType: photo.contentType)
      return Response.seeOther(WearbloomPath.path(WearbloomPath.profile.path, notice: .photoSaved))
    } catch {
      guard let problem = visitor.screens.problem(for: error) else { throw error }
      return pages.response(
        visitor.screens.profile(try await profileView(visitor, account: account), problem: problem),
        status: .unprocessableContent)
    }
  }

  /// Deletes the account: signed out at once, every photo, garment, render and credit of it gone
  /// before the answer (the deletion job then removes the identity and erases the same again,
  /// which changes nothing), and this device back at consent.
  func deleteAccount(_ visitor: Visitor) async throws -> Response {
    guard let session = visitor.session else { return Response.seeOther(WearbloomPath.home.path) }
    try await accounts.delete(session.caller, address: ClientAddressMiddleware.current)
    try await accountData.delete(account: session.account.id)
    try await consents.forget(visitor.device)
    // Back at the terms, told that the account is gone.
    var response = Response.seeOther(WearbloomPath.path(WearbloomPath.consent.path, notice: .accountDeleted))
    response.headers[.setCookie] = accounts.realm.clearingCookie(secure: secureCookies)
    return response
  }
}

extension WearbloomRoutes {
  /// What `account`'s looks show beside their pictures: the garments they were made with (own,
  /// given when already read, and the stock's) and the body photo.
  func lookContext(_ account: String, own: [Garment]? = nil) async throws -> WearbloomPages.LookContext {
    var garments = own ?? []
    if own == nil { garments = try await wardrobe.ownGarments(of: account) }
    return WearbloomPages.LookContext(
      garments: Dictionary(
        (garments + StockCatalog.garments).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
      body: try await wardrobe.body(of: account)?.image)
  }
}
