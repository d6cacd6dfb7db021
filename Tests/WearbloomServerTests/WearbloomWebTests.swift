import Foundation
import HTTPTypes
import OrchardDatabase
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// Wearbloom's web version in a browser without scripts: every screen a form or a link over the
/// services the API uses.
@Suite("Wearbloom on the web", .timeLimit(.minutes(5)))
struct WearbloomWebTests {
  static let password = "tulip-91 at dawn"

  static func form(_ fields: [(String, String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
      .joined(separator: "&")
  }

  /// A `multipart/form-data` body with `fields` and, when given, a photo.
  static func multipart(
    _ fields: [(String, String)], photo: [UInt8]?, type: String = "image/jpeg"
  ) -> (
    bytes: [UInt8], type: String
  ) {
    let boundary = "wearbloom-\(UUID().uuidString)"
    var bytes: [UInt8] = []
    for (name, value) in fields {
      bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
    }
    if let photo {
      bytes += Array(
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.jpg\"\r\nContent-Type: \(type)\r\n\r\n"
          .utf8)
      bytes += photo + Array("\r\n".utf8)
    }
    bytes += Array("--\(boundary)--\r\n".utf8)
    return (bytes, "multipart/form-data; boundary=\(boundary)")
  }

  /// Whether an image path names someone's own image (not a stock picture).
  static func isOwn(_ path: String) -> Bool {
    guard let id = path.split(separator: "/").last.map(String.init), let image = ImageReference(validating: id)
    else { return false }
    return StockCatalog.item(image: image) == nil
  }

  /// A visitor who accepted the terms.
  static func consenting(_ server: WearbloomAPI) async throws -> Visitor {
    var visitor = Visitor(client: server.api.client)
    #expect(try await visitor.post("/wearbloom/consent").location == "/wearbloom/")
    return visitor
  }

  /// A visitor who made their first try-on with the examples, then signed up: on their wardrobe.
  static func member(_ server: WearbloomAPI) async throws -> Visitor {
    var visitor = try await consenting(server)
    _ = try await firstTryOn(&visitor, server)
    let email = "wearer-\(UUID().uuidString.prefix(8))@example.com"
    let signedUp = try await visitor.signUp(
      "wearbloom", form: form([("email", email), ("password", password)]), email: email,
      outbox: server.database.sql)
    #expect(signedUp.location == "/wearbloom/")
    return visitor
  }

  /// A visitor through steps 1 and 2 with the examples: the render's id.
  static func firstTryOn(_ visitor: inout Visitor, _ server: WearbloomAPI) async throws -> String {
    let photo = try await visitor.post("/wearbloom/welcome/photo", form: form([("stock", "figure-balanced")]))
    #expect(photo.location == "/wearbloom/welcome/garment")
    let step2 = try await visitor.get("/wearbloom/welcome/garment")
    #expect(step2.status == .ok && step2.body.contains("value=\"navy-t-shirt\""))
    let started = try await visitor.post("/wearbloom/welcome/try-on", form: form([("garment", "navy-t-shirt")]))
    let location = try #require(started.location)
    #expect(location.hasPrefix("/wearbloom/renders/"))
    _ = try await server.runJobs()
    return String(location.dropFirst("/wearbloom/renders/".count))
  }

  @Test("nothing but the terms and the policy opens before consent; consent is kept for the device")
  func consent() async throws {
    try await WearbloomAPI.with { server in
      var visitor = Visitor(client: server.api.client)
      for path in ["/wearbloom/", "/wearbloom/wardrobe", "/wearbloom/profile", "/wearbloom/welcome/photo"] {
        #expect(try await visitor.get(path).location == "/wearbloom/consent", "\(path)")
      }
      #expect(
        try await visitor.post("/wearbloom/welcome/try-on", form: "garment=navy-t-shirt").location
          == "/wearbloom/consent")
      let terms = try await visitor.get("/wearbloom/consent")
      #expect(terms.status == .ok && terms.body.contains("href=\"/wearbloom/privacy\""))
      let policy = try await visitor.get("/wearbloom/privacy")
      #expect(policy.status == .ok && policy.body.contains("24 hours"))
      #expect(try await visitor.post("/wearbloom/consent").location == "/wearbloom/")
      #expect(try await visitor.get("/wearbloom/").location == "/wearbloom/welcome/photo")
      #expect(try await visitor.get("/wearbloom/welcome/photo").status == .ok)
      // A returning user on a new device: "I have an account" accepts the terms and goes to signing in.
      var returning = Visitor(client: server.api.client)
      #expect(try await returning.get("/wearbloom/consent").body.contains("name=\"then\" value=\"sign-in\""))
      #expect(
        try await returning.post("/wearbloom/consent", form: "then=sign-in").location == "/wearbloom/account/sign-in")
      #expect(try await returning.get("/wearbloom/account/sign-in").status == .ok)
      #expect(try await returning.get("/wearbloom/").location == "/wearbloom/welcome/photo")
    }
  }

  @Test("a session cookie that names no session is nobody: member pages send it home, the policy leads back home")
  func unknownSession() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.consenting(server)
      let device = try #require(visitor.cookie)
      visitor.cookie = device + "; wearbloom-session=not-a-session; __Host-wearbloom-session=not-a-session"
      for path in ["/wearbloom/wardrobe", "/wearbloom/profile", "/wearbloom/paywall"] {
        #expect(try await visitor.get(path).location == "/wearbloom/", "\(path)")
      }
      #expect(try await visitor.get("/wearbloom/").location == "/wearbloom/welcome/photo")
      let policy = try await visitor.get("/wearbloom/privacy")
      #expect(policy.body.contains("class=\"back-link\" href=\"/wearbloom/\""))
      // Signed in, the policy leads back to the profile.
      var member = try await Self.member(server)
      #expect(
        try await member.get("/wearbloom/privacy").body.contains("class=\"back-link\" href=\"/wearbloom/profile\""))
    }
  }

  @Test(
    "the first try-on needs no account and is the only free one; signing up carries it, the photo and the credits over",
    arguments: TestDatabase.available)
  func onboarding(_ engine: TestDatabase) async throws {
    try await WearbloomAPI.with(engine) { server in
      var visitor = try await Self.consenting(server)
      let renderID = try await Self.firstTryOn(&visitor, server)
      let result = try await visitor.get("/wearbloom/renders/\(renderID)")
      #expect(result.status == .ok)
      #expect(result.body.contains("data-render=\"completed\"") && result.body.contains("Create Free Account"))
      #expect(result.body.contains(WearbloomTexts.english.messages[.previewLabel] ?? "-"))
      // The page's poll answers the device from its onboarding alone.
      #expect(try await visitor.get("/wearbloom/renders/\(renderID)/status").body == #"{"status":"completed"}"#)
      // Back at the start, the visitor goes on from the step reached.
      #expect(try await visitor.get("/wearbloom/").location == "/wearbloom/renders/\(renderID)")
      // No second free render: the account is the way on.
      let again = try await visitor.post(
        "/wearbloom/welcome/try-on", form: Self.form([("garment", "little-black-dress")]))
      #expect(again.status.code == 402 && again.body.contains("/wearbloom/account/sign-up"))
      // Signing up moves the render, the photo and the credits into the account.
      let email = "ada-\(UUID().uuidString.prefix(8))@example.com"
      let signedUp = try await visitor.signUp(
        "wearbloom", form: Self.form([("email", email), ("password", Self.password)]), email: email,
        outbox: server.database.sql)
      #expect(signedUp.location == "/wearbloom/")
      #expect(try await visitor.get("/wearbloom/").location == "/wearbloom/wardrobe")
      let wardrobe = try await visitor.get("/wearbloom/wardrobe")
      #expect(wardrobe.body.contains("3 free renders left"))
      #expect(wardrobe.body.contains("Your wardrobe is waiting"))
      #expect(try await visitor.get("/wearbloom/renders/\(renderID)").body.contains("data-render=\"completed\""))
      // …and the account from its session.
      #expect(try await visitor.get("/wearbloom/renders/\(renderID)/status").body == #"{"status":"completed"}"#)
      let profile = try await visitor.get("/wearbloom/profile")
      #expect(profile.body.contains(WearbloomTexts.english.messages[.examplePrompt] ?? "-"))
    }
  }

  @Test("onboarding takes the visitor's own photo and own garment too, and says what is wrong with a bad one")
  func ownPhotos() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.consenting(server)
      let text = Self.multipart([], photo: Array("not a photo".utf8))
      let refused = try await visitor.post("/wearbloom/welcome/photo", bytes: text.bytes, type: text.type)
      #expect(refused.status == .unprocessableContent)
      #expect(refused.body.contains(WearbloomTexts.english.messages[.problemImageType] ?? "-"))
      let photo = Self.multipart([], photo: try await Photos.garment())
      #expect(
        try await visitor.post("/wearbloom/welcome/photo", bytes: photo.bytes, type: photo.type).location
          == "/wearbloom/welcome/garment")
      let garment = Self.multipart([("category", "dresses")], photo: try await Photos.garment())
      let started = try await visitor.post("/wearbloom/welcome/garment", bytes: garment.bytes, type: garment.type)
      let render = try #require(started.location)
      #expect(render.hasPrefix("/wearbloom/renders/"))
      _ = try await server.runJobs()
      let shown = try await visitor.get(render)
      #expect(shown.body.contains("data-render=\"completed\"") && shown.body.contains("Create Free Account"))
      // The garment is the visitor's own, first in step 2 now.
      let step2 = try await visitor.get("/wearbloom/welcome/garment")
      let first = step2.body.firstMatch(of: #/name="garment" value="([^"]+)"/#).map { String($0.1) }
      #expect(first != nil && StockCatalog.item(first ?? "") == nil)
    }
  }

  @Test("another visitor's render image is not found; its owner's is served")
  func images() async throws {
    try await WearbloomAPI.with { server in
      var owner = try await Self.consenting(server)
      let renderID = try await Self.firstTryOn(&owner, server)
      let page = try await owner.get("/wearbloom/renders/\(renderID)")
      // The body photo is a stock figure, which anyone may see; the result is the visitor's own.
      let own = try #require(
        page.body.matches(of: #/src="(/wearbloom/images/[a-z2-7]+)"/#).map { String($0.1) }.first(where: Self.isOwn))
      var stranger = try await Self.consenting(server)
      #expect(try await owner.get(own).status == .ok)
      #expect(try await stranger.get(own).status == .notFound)
      var unconsented = Visitor(client: server.api.client)
      #expect(try await unconsented.get(own).status == .notFound)
    }
  }

  @Test("a photo that could not be cut out says so on its review and its sheet, and offers a retake, not Try On")
  func notCutOut() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      // A photo of the sheet alone: the model finds no garment in it.
      let upload = Self.multipart([("category", "tops")], photo: try await Photos.garment(on: false))
      let review = try #require(
        try await visitor.post("/wearbloom/garments", bytes: upload.bytes, type: upload.type).location)
      _ = try await server.runJobs()
      let reviewPage = try await visitor.get(review).body
      #expect(reviewPage.contains(WearbloomTexts.english.messages[.cutoutFailedRetake] ?? "-"))
      let id = String(review.dropFirst("/wearbloom/garments/".count).dropLast("/review".count))
      let sheet = try await visitor.get("/wearbloom/garments/\(id)").body
      #expect(sheet.contains("data-not-cut-out"))
      #expect(sheet.contains("action=\"/wearbloom/garments/\(id)/retake\""))
      #expect(!sheet.contains("action=\"/wearbloom/garments/\(id)/try-on\""))
      // Asked anyway, the try-on is refused with the same sentence, and nothing is charged.
      let tried = try await visitor.post("/wearbloom/garments/\(id)/try-on")
      #expect(tried.status == .unprocessableContent)
      #expect(tried.body.contains("the preview can\u{2019}t lay it on you"))
    }
  }

  @Test("a garment from a photo form goes to its review; Save files it; a file that is no photo is refused")
  func addGarment() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      let upload = Self.multipart([("category", "tops")], photo: try await Photos.garment())
      let added = try await visitor.post("/wearbloom/garments", bytes: upload.bytes, type: upload.type)
      let review = try #require(added.location)
      #expect(review.hasPrefix("/wearbloom/garments/") && review.hasSuffix("/review"))
      let reviewPage = try await visitor.get(review).body
      #expect(reviewPage.contains("Save to Wardrobe"))
      // The script waits for the cutout at the core's pace, which the page gives it.
      #expect(reviewPage.contains("data-cutout-check-ms=\"\(Int(CutoutPacing.checkEvery * 1_000))\""))
      let saved = try await visitor.post(review, form: "category=bottoms")
      #expect(saved.location == "/wearbloom/wardrobe?toast=saved")
      let bottoms = try await visitor.get("/wearbloom/wardrobe?category=bottoms")
      let id = review.dropFirst("/wearbloom/garments/".count).dropLast("/review".count)
      #expect(bottoms.body.contains("data-garment=\"\(id)\""))
      #expect(!bottoms.body.contains("Your wardrobe is waiting"))
      let text = Self.multipart([("category", "tops")], photo: Array("not a photo".utf8))
      let refused = try await visitor.post("/wearbloom/garments", bytes: text.bytes, type: text.type)
      #expect(refused.status == .unprocessableContent)
      #expect(refused.body.contains(WearbloomTexts.english.messages[.problemImageType] ?? "-"))
      let empty = Self.multipart([("category", "tops")], photo: nil)
      #expect(
        try await visitor.post("/wearbloom/garments", bytes: empty.bytes, type: empty.type).status
          == .unprocessableContent)
    }
  }

  @Test(
    "a garment is named from its colour and category until its owner renames it on the sheet; a name too long is refused with what was typed kept; an empty one takes the guess back"
  )
  func rename() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      let upload = Self.multipart([("category", "tops")], photo: try await Photos.garment())
      let review = try #require(
        try await visitor.post("/wearbloom/garments", bytes: upload.bytes, type: upload.type).location)
      _ = try await visitor.post(review, form: "category=bottoms")
      let id = String(review.dropFirst("/wearbloom/garments/".count).dropLast("/review".count))
      let sheet = "/wearbloom/garments/\(id)"
      #expect(try await visitor.get(sheet).body.contains("<h2 id=\"sheet-title\">Blue bottoms</h2>"))
      let renamed = try await visitor.post(sheet + "/name", form: "name=Weekend+chinos")
      #expect(renamed.location == sheet + "?toast=renamed")
      let shown = try await visitor.get(renamed.location ?? "").body
      #expect(shown.contains("<h2 id=\"sheet-title\">Weekend chinos</h2>"))
      #expect(shown.contains(WearbloomTexts.english.messages[.nameSaved] ?? "-"))
      let tooLong = String(repeating: "y", count: GarmentName.maximumLength + 1)
      let refused = try await visitor.post(sheet + "/name", form: "name=" + tooLong)
      #expect(refused.status == .unprocessableContent)
      #expect(refused.body.contains("value=\"\(tooLong)\""))
      #expect(refused.body.contains("aria-invalid=\"true\""))
      #expect(refused.body.contains("up to \(GarmentName.maximumLength) characters"))
      #expect(try await visitor.get(sheet).body.contains("<h2 id=\"sheet-title\">Weekend chinos</h2>"))
      _ = try await visitor.post(sheet + "/name", form: "name=")
      #expect(try await visitor.get(sheet).body.contains("<h2 id=\"sheet-title\">Blue bottoms</h2>"))
      // A stock garment keeps its label.
      #expect(try await visitor.post("/wearbloom/garments/navy-t-shirt/name", form: "name=Mine").status == .notFound)
    }
  }

  @Test("credits run out, the paywall's test store starts the trial, and the counter goes")
  func paywall() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      for _ in 0..<3 {
        let started = try await visitor.post("/wearbloom/garments/navy-t-shirt/try-on")
        #expect(started.location?.hasPrefix("/wearbloom/renders/") == true)
        _ = try await server.runJobs()
        #expect(try await visitor.get(started.location ?? "").body.contains("data-render=\"completed\""))
      }
      #expect(try await visitor.get("/wearbloom/wardrobe").body.contains("Start free trial"))
      #expect(try await visitor.post("/wearbloom/garments/navy-t-shirt/try-on").location == "/wearbloom/paywall")
      #expect(try await visitor.get("/wearbloom/paywall").body.contains("Test store"))
      #expect(try await visitor.post("/wearbloom/paywall/test-store").location == "/wearbloom/wardrobe?toast=trial")
      let wardrobe = try await visitor.get("/wearbloom/wardrobe")
      #expect(!wardrobe.body.contains("data-credits"))
      #expect(try await visitor.get("/wearbloom/paywall").location == "/wearbloom/wardrobe")
      #expect(
        try await visitor.post("/wearbloom/garments/navy-t-shirt/try-on").location?.hasPrefix("/wearbloom/renders/")
          == true)
    }
  }

  @Test("a thumbs-down through the form gives the render back, once; a thumbs-up is thanked")
  func feedback() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      var renders: [String] = []
      for _ in 0..<2 {
        let started = try await visitor.post("/wearbloom/garments/navy-t-shirt/try-on")
        renders.append(String(try #require(started.location).dropFirst("/wearbloom/renders/".count)))
      }
      _ = try await server.runJobs()
      #expect(try await visitor.get("/wearbloom/wardrobe").body.contains("1 free render left"))
      let down = try await visitor.post(
        "/wearbloom/renders/\(renders[0])/feedback", form: "rating=down&category=artifacts")
      #expect(down.location == "/wearbloom/renders/\(renders[0])?toast=not-counted")
      let shown = try await visitor.get(try #require(down.location))
      #expect(shown.body.contains("Render not counted") && shown.body.contains("feedback-done"))
      #expect(try await visitor.get("/wearbloom/wardrobe").body.contains("2 free renders left"))
      // Given once: a second answer changes nothing.
      #expect(
        try await visitor.post("/wearbloom/renders/\(renders[0])/feedback", form: "rating=down").location
          == "/wearbloom/renders/\(renders[0])")
      #expect(try await visitor.get("/wearbloom/wardrobe").body.contains("2 free renders left"))
      let up = try await visitor.post("/wearbloom/renders/\(renders[1])/feedback", form: "rating=up")
      #expect(up.location == "/wearbloom/renders/\(renders[1])?toast=thanks")
      #expect(
        try await visitor.post("/wearbloom/renders/\(renders[1])/feedback", form: "rating=sideways").status
          == .badRequest)
    }
  }

  @Test(
    "every try-on is kept in Looks, newest first, one left with Back included; a look is deleted only once asked, and goes"
  )
  func looks() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      // The first try-on, made before the account, is its first look.
      let kept = Self.looks(in: try await visitor.get("/wearbloom/wardrobe").body)
      #expect(kept.count == 1)
      let first = try #require(kept.first)
      server.clock.advance(by: 1)
      let started = try await visitor.post("/wearbloom/garments/little-black-dress/try-on")
      let left = String(try #require(started.location).dropFirst("/wearbloom/renders/".count))
      // Left with Back before it was drawn: it is on the wardrobe, marked as still being made.
      let wardrobe = try await visitor.get("/wearbloom/wardrobe")
      #expect(wardrobe.body.contains("data-looks"))
      #expect(Self.looks(in: wardrobe.body) == [left, first])
      #expect(wardrobe.body.contains("data-look-under-way"))
      #expect(!(try await visitor.get("/wearbloom/renders/\(left)").body.contains("data-look-delete")))
      _ = try await server.runJobs()
      let page = try await visitor.get("/wearbloom/looks")
      #expect(page.status == .ok && Self.looks(in: page.body) == [left, first])
      #expect(!page.body.contains("data-look-under-way"))

      // Deleting asks first: the look's page holds the question, and the answer is a form of its own.
      let look = try await visitor.get("/wearbloom/renders/\(left)")
      #expect(look.body.contains("data-look-delete") && look.body.contains("Delete this look?"))
      let deleted = try await visitor.post("/wearbloom/renders/\(left)/delete")
      #expect(deleted.location == "/wearbloom/looks?toast=look-deleted")
      let after = try await visitor.get(try #require(deleted.location))
      #expect(after.body.contains("Look deleted") && Self.looks(in: after.body) == [first])
      #expect(try await visitor.get("/wearbloom/renders/\(left)").status == .notFound)
      #expect(try await visitor.post("/wearbloom/renders/\(left)/delete").status == .notFound)
      // The garment stays.
      #expect(try await visitor.get("/wearbloom/garments/little-black-dress").status == .ok)

      // Another member sees none of them, and cannot delete them.
      var other = try await Self.member(server)
      #expect(!Self.looks(in: try await other.get("/wearbloom/looks").body).contains(first))
      #expect(try await other.post("/wearbloom/renders/\(first)/delete").status == .notFound)
      #expect(Self.looks(in: try await visitor.get("/wearbloom/looks").body) == [first])
    }
  }

  /// The looks a page lists, in order.
  static func looks(in body: String) -> [String] {
    body.matches(of: /data-look="([0-9a-z]+)"/).map { String($0.1) }
  }

  @Test("the profile replaces the example figure with the user's own photo; a file that is no photo is refused")
  func profilePhoto() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      let before = try await visitor.get("/wearbloom/profile")
      #expect(before.body.contains(WearbloomTexts.english.messages[.examplePrompt] ?? "-"))
      #expect(before.body.contains(WearbloomTexts.english.messages[.addPhoto] ?? "-"))
      let upload = Self.multipart([], photo: try await Photos.garment())
      let saved = try await visitor.post("/wearbloom/profile/photo", bytes: upload.bytes, type: upload.type)
      #expect(saved.location == "/wearbloom/profile?toast=photo")
      let after = try await visitor.get(try #require(saved.location))
      #expect(!after.body.contains(WearbloomTexts.english.messages[.examplePrompt] ?? "-"))
      #expect(after.body.contains(WearbloomTexts.english.messages[.replacePhoto] ?? "-"))
      #expect(after.body.contains(WearbloomTexts.english.messages[.photoSaved] ?? "-"))
      let text = Self.multipart([], photo: Array("not a photo".utf8))
      let refused = try await visitor.post("/wearbloom/profile/photo", bytes: text.bytes, type: text.type)
      #expect(refused.status == .unprocessableContent)
      #expect(refused.body.contains(WearbloomTexts.english.messages[.problemImageType] ?? "-"))
    }
  }

  @Test("a render that fails says so, counts nothing, and offers Try Again")
  func failedRender() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      let upload = Self.multipart([("category", "tops")], photo: try await Photos.garment())
      let review = try #require(
        try await visitor.post("/wearbloom/garments", bytes: upload.bytes, type: upload.type).location)
      let garment = String(review.dropFirst("/wearbloom/garments/".count).dropLast("/review".count))
      let started = try await visitor.post("/wearbloom/garments/\(garment)/try-on")
      let render = try #require(started.location)
      // Its sheet asks before it removes: the button that removes is behind the question.
      let sheet = try await visitor.get("/wearbloom/garments/\(garment)").body
      let question = try #require(sheet.range(of: WearbloomTexts.english.messages[.removeQuestion] ?? "-"))
      let form = try #require(sheet.range(of: "action=\"/wearbloom/garments/\(garment)/remove\""))
      #expect(question.upperBound < form.lowerBound && sheet.contains("data-garment-remove"))
      // The garment goes before the worker draws it: there is nothing to draw.
      #expect(
        try await visitor.post("/wearbloom/garments/\(garment)/remove").location == "/wearbloom/wardrobe?toast=removed")
      _ = try await server.runJobs()
      let failed = try await visitor.get(render)
      #expect(failed.body.contains("data-render=\"failed\""))
      #expect(failed.body.contains(WearbloomTexts.english.messages[.renderFailed] ?? "-"))
      #expect(failed.body.contains("action=\"/wearbloom/garments/\(garment)/try-on\""))
      #expect(try await visitor.get("/wearbloom/wardrobe").body.contains("3 free renders left"))
    }
  }

  @Test("deleting the account signs out, forgets consent and removes every file at once")
  func deleteAccount() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await Self.member(server)
      let upload = Self.multipart([("category", "tops")], photo: try await Photos.garment())
      _ = try await visitor.post("/wearbloom/garments", bytes: upload.bytes, type: upload.type)
      let account = try #require(try await server.accountOfLatestRender())
      #expect(try await !server.files(of: account).isEmpty)
      let deleted = try await visitor.post("/wearbloom/profile/delete")
      // Back at the terms, which say first that the account is gone.
      #expect(deleted.location == "/wearbloom/consent?toast=account-deleted")
      let told = try await visitor.get(try #require(deleted.location))
      #expect(told.body.contains(WearbloomTexts.english.messages[.accountDeleted] ?? "-"))
      #expect(!(try await visitor.get("/wearbloom/consent").body.contains("data-account-deleted")))
      #expect(try await server.files(of: account).isEmpty)
      #expect(try await visitor.get("/wearbloom/").location == "/wearbloom/consent")
      #expect(try await visitor.get("/wearbloom/wardrobe").location == "/wearbloom/consent")
    }
  }
}

extension WearbloomAPI {
  /// The owner of the newest render: the account a test's visitor signed up as.
  func accountOfLatestRender() async throws -> String? {
    struct Row: Decodable { let owner: String }
    return try await database.sql.select().column("owner").from(RenderStore.renders)
      .orderBy("created_at", .descending).limit(1).first(decoding: Row.self)?.owner
  }
}
