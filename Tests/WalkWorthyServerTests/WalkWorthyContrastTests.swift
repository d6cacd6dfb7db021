import Foundation
import ServerKit
import Testing

@testable import WalkWorthyServer

/// WCAG contrast of WalkWorthy's glass, worked out from the theme's own tokens: text sits on a
/// translucent glass, so its background is the glass composited over the wallpaper behind it.
@Suite("WalkWorthy contrast on glass", .timeLimit(.minutes(5)))
struct WalkWorthyContrastTests {
  /// A colour with its opacity, channels 0...255.
  struct RGBA: Equatable, CustomStringConvertible {
    var r, g, b, a: Double

    /// `#rrggbb` or `rgb(r g b / a)`, as the tokens write them.
    init(_ css: String) throws {
      if css.hasPrefix("#"), css.count == 7, let value = Int(css.dropFirst(), radix: 16) {
        (r, g, b, a) = (Double(value >> 16 & 0xff), Double(value >> 8 & 0xff), Double(value & 0xff), 1)
        return
      }
      let match = try #require(css.firstMatch(of: #/rgb\((\d+) (\d+) (\d+)(?: / ([\d.]+))?\)/#), "\(css)")
      (r, g, b) = (Double(match.1)!, Double(match.2)!, Double(match.3)!)
      a = match.4.flatMap { Double($0) } ?? 1
    }

    init(r: Double, g: Double, b: Double, a: Double = 1) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    /// This colour laid over an opaque one.
    func over(_ below: RGBA) -> RGBA {
      RGBA(r: r * a + below.r * (1 - a), g: g * a + below.g * (1 - a), b: b * a + below.b * (1 - a))
    }

    var luminance: Double {
      func channel(_ value: Double) -> Double {
        let c = value / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    func contrast(with other: RGBA) -> Double {
      let (high, low) = (max(luminance, other.luminance), min(luminance, other.luminance))
      return (high + 0.05) / (low + 0.05)
    }

    var description: String { "rgb(\(Int(r.rounded())) \(Int(g.rounded())) \(Int(b.rounded())))" }
  }

  /// One look's tokens by name: the light ones, with the dark ones over them when `dark`.
  static func tokens(dark: Bool) -> [String: String] {
    let theme = WalkWorthyTheme.tokens
    var tokens = Dictionary(theme.colors + theme.properties, uniquingKeysWith: { $1 })
    if dark { tokens.merge(theme.darkColors + theme.darkProperties, uniquingKeysWith: { $1 }) }
    return tokens
  }

  /// Every colour the wallpaper shows: its gradient stops and the page colour, bare and under each glow.
  static func wallpaper(_ tokens: [String: String]) throws -> [RGBA] {
    let stops = try ["background", "sky-1", "sky-2", "sky-3"].map { try RGBA(tokens[$0]!) }
    let glows = try ["glow-1", "glow-2", "glow-3"].map { try RGBA(tokens[$0]!) }
    return stops + glows.flatMap { glow in stops.map(glow.over) }
  }

  static let textRoles = ["text", "muted", "link", "accent", "error", "tag-text"]
  static let glasses = ["glass", "glass-strong", "glass-solid"]

  @Test(
    "in each look, every text colour reaches 4.5:1 on each glass over the darkest wallpaper colour",
    arguments: [false, true])
  func textOnGlassOverTheDarkestWallpaper(dark: Bool) throws {
    let tokens = Self.tokens(dark: dark)
    let darkest = try #require(try Self.wallpaper(tokens).min { $0.luminance < $1.luminance })
    for glass in Self.glasses {
      let behind = try RGBA(tokens[glass]!).over(darkest)
      for role in Self.textRoles {
        let ratio = try RGBA(tokens[role]!).contrast(with: behind)
        #expect(ratio >= 4.5, "\(dark ? "dark" : "light"): \(role) on \(glass) over \(darkest) is \(ratio)")
      }
    }
  }

  @Test("in each look, every text colour reaches 4.5:1 on glass anywhere on the wallpaper", arguments: [false, true])
  func textOnGlassEverywhere(dark: Bool) throws {
    let tokens = Self.tokens(dark: dark)
    for wall in try Self.wallpaper(tokens) {
      for glass in Self.glasses {
        let behind = try RGBA(tokens[glass]!).over(wall)
        for role in Self.textRoles {
          let ratio = try RGBA(tokens[role]!).contrast(with: behind)
          #expect(ratio >= 4.5, "\(dark ? "dark" : "light"): \(role) on \(glass) over \(wall) is \(ratio)")
        }
      }
    }
  }

  @Test("in the dark look, a switch's track and a field's edge stand out 3:1 from the glass they sit on")
  func controlEdgesInTheDark() throws {
    let tokens = Self.tokens(dark: true)
    let border = try RGBA(tokens["border"]!)
    for wall in try Self.wallpaper(tokens) {
      for glass in ["glass", "glass-strong"] {
        let behind = try RGBA(tokens[glass]!).over(wall)
        #expect(border.contrast(with: behind) >= 3, "border on \(glass) over \(wall)")
      }
    }
  }
}
