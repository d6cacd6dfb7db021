import Testing
import WearbloomCore

@Suite("Which categories offer try-on", .timeLimit(.minutes(5)))
struct TryOnSupportTests {
  @Test("the configured categories are supported and no others")
  func configured() throws {
    let support = try TryOnSupport(configuration: "tops,bottoms,dresses,outerwear")
    #expect(support.categories == [.tops, .bottoms, .dresses, .outerwear])
    #expect(support.supports(.dresses))
    #expect(!support.supports(.shoes))
  }

  @Test("spaces around names, repeats and empty items are ignored")
  func lenientSeparators() throws {
    #expect(try TryOnSupport(configuration: " tops , dresses,,tops, ") == TryOnSupport([.tops, .dresses]))
  }

  @Test("by default try-on is offered for every category but shoes")
  func standard() {
    #expect(TryOnSupport.standard.categories == Set(GarmentCategory.allCases).subtracting([.shoes]))
    #expect(!TryOnSupport.standard.supports(.shoes))
  }

  @Test("an empty configuration offers try-on for nothing")
  func empty() throws {
    #expect(try TryOnSupport(configuration: "").categories.isEmpty)
  }

  @Test(
    "an unknown name is an error naming it and the known ones",
    arguments: [("tops,hats", "hats"), ("Tops", "Tops"), ("tops;bottoms", "tops;bottoms"), ("dress", "dress")])
  func unknown(_ configuration: String, _ name: String) {
    #expect(throws: TryOnConfigurationError.unknownCategory(name)) { try TryOnSupport(configuration: configuration) }
    #expect(
      TryOnConfigurationError.unknownCategory(name).description
        == "\"\(name)\" is not a garment category; use any of tops, bottoms, dresses, shoes, outerwear")
  }

  @Test("every category is listed for organising, in display order, marked with whether try-on is offered")
  func availability() {
    let support = TryOnSupport([.outerwear, .tops])
    #expect(
      support.availability == [
        CategoryAvailability(category: .tops, tryOn: true), CategoryAvailability(category: .bottoms, tryOn: false),
        CategoryAvailability(category: .dresses, tryOn: false), CategoryAvailability(category: .shoes, tryOn: false),
        CategoryAvailability(category: .outerwear, tryOn: true),
      ])
  }

  @Test("a try-on of an unsupported category is INVALID_CATEGORY, even with a body photo")
  func unsupportedCategory() {
    let body = BodyPhoto(owner: "ana", source: .stock("figure-a"), updatedAt: minute(0))
    #expect(throws: WardrobeError.invalidCategory) {
      try TryOnSupport([.tops]).check(garment("sneakers", .shoes), body: body).get()
    }
  }

  @Test("a try-on without a body photo is NO_BODY_PHOTO; with one, it is drawn on that photo")
  func bodyPhoto() throws {
    let support = TryOnSupport([.tops])
    #expect(throws: WardrobeError.noBodyPhoto) { try support.check(garment("shirt", .tops), body: nil).get() }
    let body = BodyPhoto(owner: "ana", source: .own(image(5)), updatedAt: minute(0))
    #expect(try support.check(garment("shirt", .tops), body: body).get() == body)
  }

  @Test(
    "a provider that lays the cutout refuses a garment whose photo could not be cut out, never pasting the photo",
    arguments: [
      (BackgroundRemovalStatus.completed, true, nil), (.pending, false, nil), (.skipped, false, .garmentNotCutOut),
      (.failed, false, .garmentNotCutOut),
    ] as [(BackgroundRemovalStatus, Bool, WardrobeError?)])
  func needsCutout(_ status: BackgroundRemovalStatus, _ cutout: Bool, _ refusal: WardrobeError?) {
    let preview = TryOnSupport([.tops], needsCutout: true)
    let shirt = garment("shirt", .tops, status: status, cutout: cutout)
    #expect(preview.refusal(of: shirt) == refusal)
    #expect(preview.needsCutoutFirst(shirt) == (status == .pending))
    // A model that dresses the person from the whole photo takes any of them.
    #expect(TryOnSupport([.tops]).refusal(of: shirt) == nil)
    #expect(!TryOnSupport([.tops]).needsCutoutFirst(shirt))
  }

  @Test("a category not offered is INVALID_CATEGORY before the cutout is looked at")
  func categoryFirst() {
    let preview = TryOnSupport([.tops], needsCutout: true)
    #expect(preview.refusal(of: garment("sneakers", .shoes, status: .skipped, cutout: false)) == .invalidCategory)
  }
}
