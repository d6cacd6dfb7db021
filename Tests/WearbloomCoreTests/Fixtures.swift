import Foundation
import OrchardKit
import WearbloomCore

/// A valid image id drawn from a seeded generator, so each fixture's id is the same on every run.
func image(_ seed: UInt64) -> ImageReference {
  var generator = SeededRandomNumberGenerator(seed: seed)
  return ImageReference(using: &generator)
}

/// An instant `minutes` after a fixed moment.
func minute(_ minutes: Int) -> Date {
  Date(timeIntervalSince1970: 1_780_000_000 + Double(minutes) * 60)
}

/// A garment with only what a test cares about given.
func garment(
  _ id: String, owner: String? = "ana", _ category: GarmentCategory = .tops, createdAt: Int = 0,
  status: BackgroundRemovalStatus = .completed, cutout: Bool = true
) -> Garment {
  Garment(
    id: id, owner: owner, category: category, image: image(1), cutout: cutout ? image(2) : nil,
    removalStatus: status, createdAt: minute(createdAt), updatedAt: minute(createdAt))
}

/// The bytes of `text`, for magic numbers written as ASCII.
func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A big-endian 32-bit size.
func size(_ value: UInt32) -> [UInt8] {
  [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
}

/// An ISO-BMFF `ftyp` box declaring `boxSize` (its real length by default), followed by `trailing`.
func ftyp(major: String, compatible: [String], boxSize: UInt32? = nil, trailing: [UInt8] = []) -> [UInt8] {
  let body = ascii("ftyp") + ascii(major) + [0, 0, 0, 0] + compatible.flatMap(ascii)
  return size(boxSize ?? UInt32(body.count + 4)) + body + trailing
}

enum Magic {
  static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + ascii("JFIF")
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D] + ascii("IHDR")
  static let webp: [UInt8] = ascii("RIFF") + size(0x2400) + ascii("WEBPVP8 ")
  /// As an iPhone writes it.
  static let heic = ftyp(major: "heic", compatible: ["mif1", "heic"])
  static let gif = ascii("GIF89a") + [0x01, 0x00, 0x01, 0x00]
}
