/// The Bible translations Orchard's apps ship, all free to use in a commercial app. (ESV and NIV,
/// which some specs name, are not licensed to us: pickers offer these three and label each one as
/// what it is.)
public enum BibleTranslation: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Hashable {
  case bsb, kjv, web

  /// The translation a first-time reader sees.
  public static let standard = BibleTranslation.bsb

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

  /// The translation a payload names ("BSB", "kjv"), or nil for one we do not ship.
  public init?(abbreviation: String) {
    self.init(rawValue: abbreviation.lowercased())
  }
}
