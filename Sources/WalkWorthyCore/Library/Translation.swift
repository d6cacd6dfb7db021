/// The Bible translations WalkWorthy ships, all free to use in a commercial app.
///
/// The Stage 1 spec's picker names ESV and NIV; we hold no licence for either, so the picker offers
/// these three and labels each one as what it is.
public enum Translation: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Hashable {
  case bsb, kjv, web

  /// The translation a first-time reader sees.
  public static let standard = Translation.bsb

  /// The label shown beside the text: "BSB".
  public var abbreviation: String { rawValue.uppercased() }

  public var name: String {
    switch self {
    case .bsb: "Berean Standard Bible"
    case .kjv: "King James Version"
    case .web: "World English Bible"
    }
  }

  /// The attribution screen's line on where the text comes from and why we may ship it.
  public var licence: String {
    switch self {
    case .bsb:
      "The Holy Bible, Berean Standard Bible, BSB. Dedicated to the public domain (CC0) by its translators in 2023."
    case .kjv:
      "King James Version (1769 text). Public domain; in the United Kingdom the text is under Crown patent."
    case .web:
      "World English Bible (2015). Public domain: the translators waived copyright so anyone may share it."
    }
  }

  /// The translation a server payload names ("BSB", "kjv"), or nil for one we do not ship.
  public init?(abbreviation: String) {
    self.init(rawValue: abbreviation.lowercased())
  }
}
