import Foundation
import Testing
import WearbloomCore

@Suite("A garment's name: given, or guessed from its colour and category", .timeLimit(.minutes(5)))
struct GarmentNameTests {
  @Test("a name is trimmed, kept up to the limit as a person counts characters, and empty puts the guess back")
  func validation() throws {
    #expect(try GarmentName.validate("  Linen shirt \t").get() == "Linen shirt")
    #expect(try GarmentName.validate("   ").get() == nil)
    #expect(try GarmentName.validate("").get() == nil)
    let longest = String(repeating: "a", count: GarmentName.maximumLength)
    #expect(try GarmentName.validate(longest).get() == longest)
    // Emoji and accented letters are one character each, however many bytes or scalars.
    let flags = String(repeating: "🇫🇷", count: GarmentName.maximumLength)
    #expect(try GarmentName.validate(flags).get() == flags)
    #expect(GarmentName.validate(longest + "a") == .failure(.invalidName))
    #expect(GarmentName.validate("Blue\nshirt") == .failure(.invalidName))
    #expect(GarmentName.validate("Blue\u{7}") == .failure(.invalidName))
  }

  @Test("the given name wins; a stock garment keeps its label; else the guess, with the colour when one was read")
  func label() {
    var own = garment("g1", .bottoms)
    #expect(own.label == .guessed(nil, .bottoms))
    own.colour = .navy
    #expect(own.label == .guessed(.navy, .bottoms))
    own.name = "Weekend chinos"
    #expect(own.label == .given("Weekend chinos"))
    let stock = garment("navy-t-shirt", owner: nil)
    #expect(stock.label == .stock("Navy T-Shirt"))
  }

  @Test(
    "each reference colour reads as its word",
    arguments: [
      (GarmentColour.black, [18, 18, 22]), (.black, [40, 36, 60]), (.white, [245, 245, 242]), (.grey, [128, 128, 128]),
      (.grey, [200, 198, 195]), (.beige, [222, 200, 168]), (.brown, [110, 70, 40]), (.red, [200, 30, 30]),
      (.pink, [240, 170, 190]), (.orange, [240, 140, 30]), (.yellow, [240, 220, 60]), (.green, [40, 140, 60]),
      (.blue, [50, 110, 220]), (.navy, [20, 30, 80]), (.purple, [120, 50, 160]),
    ] as [(GarmentColour, [UInt8])])
  func pixel(_ expected: GarmentColour, _ rgb: [UInt8]) {
    #expect(GarmentColour.of(red: rgb[0], green: rgb[1], blue: rgb[2]) == expected)
  }

  /// A `width`×`height` picture of `background`, with `centre` over the middle `share` of each side.
  func picture(_ background: [UInt8], centre: [UInt8], share: Double, width: Int = 40, height: Int = 48) -> [UInt8] {
    var bytes: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let inside =
          abs(Double(x) + 0.5 - Double(width) / 2) < Double(width) * share / 2
          && abs(Double(y) + 0.5 - Double(height) / 2) < Double(height) * share / 2
        bytes += inside ? centre : background
      }
    }
    return bytes
  }

  @Test(
    "the photo's colour is its middle's: a navy top on a white wall is navy, a white shirt white, a red scarf on a green one red"
  )
  func dominant() {
    let white: [UInt8] = [250, 250, 250]
    let navy: [UInt8] = [20, 30, 80]
    #expect(GarmentColour.dominant(rgb: picture(white, centre: navy, share: 0.4), width: 40, height: 48) == .navy)
    #expect(GarmentColour.dominant(rgb: picture(white, centre: white, share: 0.4), width: 40, height: 48) == .white)
    // The wall is outside the middle half, so only the garment counts.
    let red: [UInt8] = [200, 30, 30]
    #expect(
      GarmentColour.dominant(rgb: picture([40, 140, 60], centre: red, share: 0.6), width: 40, height: 48) == .red)
    // Some white inside the middle (a print, a gap) gives way to the garment's own colour.
    #expect(GarmentColour.dominant(rgb: picture(navy, centre: white, share: 0.3), width: 40, height: 48) == .navy)
    #expect(GarmentColour.dominant(rgb: [], width: 0, height: 0) == nil)
    #expect(GarmentColour.dominant(rgb: [1, 2], width: 4, height: 4) == nil)
  }

  @Test("every colour and category has its word in the catalog, and the guess reads \"Navy top\"")
  func words() {
    let t = WearbloomTexts.all.localizer(.english)
    for colour in GarmentColour.allCases { #expect(t(colour.text) != colour.text.rawValue, "\(colour)") }
    for category in GarmentCategory.allCases { #expect(t(category.noun) != category.noun.rawValue, "\(category)") }
    #expect(
      t(.garmentGuess, ["colour": t(GarmentColour.navy.text), "noun": t(GarmentCategory.tops.noun)]) == "Navy top")
  }
}
