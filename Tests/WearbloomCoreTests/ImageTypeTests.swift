import Testing
import WearbloomCore

@Suite("Image types and their magic bytes", .timeLimit(.minutes(5)))
struct ImageTypeTests {
  struct Sniff: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let type: ImageType?
    var testDescription: String { name }
  }

  @Test(
    "each format is recognised from its first bytes",
    arguments: [
      Sniff(name: "JPEG", bytes: Magic.jpeg, type: .jpeg),
      Sniff(name: "JPEG, the three bytes alone", bytes: [0xFF, 0xD8, 0xFF], type: .jpeg),
      Sniff(name: "PNG", bytes: Magic.png, type: .png),
      Sniff(name: "WebP", bytes: Magic.webp, type: .webp),
      Sniff(name: "HEIC as an iPhone writes it", bytes: Magic.heic, type: .heic),
      Sniff(name: "HEIF with the generic mif1 major brand", bytes: ftyp(major: "mif1", compatible: []), type: .heic),
      Sniff(name: "HEIF sequence", bytes: ftyp(major: "msf1", compatible: ["iso8"]), type: .heic),
      Sniff(
        name: "a HEIC brand only among the compatible ones",
        bytes: ftyp(major: "isom", compatible: ["iso8", "mp41", "heix"]), type: .heic),
    ])
  func recognised(_ example: Sniff) {
    #expect(ImageType(magicBytes: example.bytes) == example.type)
  }

  @Test("every HEIF image brand counts, as the major brand or a compatible one")
  func heifBrands() {
    for brand in ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"] {
      #expect(ImageType(magicBytes: ftyp(major: brand, compatible: [])) == .heic, "major \(brand)")
      #expect(ImageType(magicBytes: ftyp(major: "isom", compatible: ["mp41", brand])) == .heic, "compatible \(brand)")
    }
  }

  @Test(
    "truncated, foreign or malformed first bytes are no known type",
    arguments: [
      Sniff(name: "nothing", bytes: [], type: nil),
      Sniff(name: "JPEG cut after two bytes", bytes: [0xFF, 0xD8], type: nil),
      Sniff(name: "PNG cut after seven bytes", bytes: Array(Magic.png.prefix(7)), type: nil),
      Sniff(name: "WebP cut inside its name", bytes: Array(Magic.webp.prefix(11)), type: nil),
      Sniff(name: "RIFF that is not WebP (WAVE)", bytes: ascii("RIFF") + size(36) + ascii("WAVEfmt "), type: nil),
      Sniff(name: "ftyp cut inside the major brand", bytes: Array(Magic.heic.prefix(11)), type: nil),
      Sniff(name: "ftyp box of an MP4 video", bytes: ftyp(major: "isom", compatible: ["iso2", "mp41"]), type: nil),
      Sniff(
        name: "AVIF, though it lists mif1", bytes: ftyp(major: "avif", compatible: ["mif1", "miaf"]), type: nil),
      Sniff(
        name: "ftyp box too short to hold its version",
        bytes: ftyp(major: "heic", compatible: [], boxSize: 12), type: nil),
      Sniff(
        name: "a 64-bit ftyp size", bytes: ftyp(major: "heic", compatible: [], boxSize: 1), type: nil),
      Sniff(name: "GIF", bytes: Magic.gif, type: nil),
      Sniff(name: "text", bytes: ascii("<svg xmlns=\"http://www.w3.org/2000/svg\">"), type: nil),
    ])
  func unknown(_ example: Sniff) {
    #expect(ImageType(magicBytes: example.bytes) == nil)
  }

  @Test("only brands inside the ftyp box count: a brand after the box's end is another box's bytes")
  func boundedByBoxSize() {
    let bytes = ftyp(major: "isom", compatible: ["mp41"], boxSize: 20, trailing: ascii("heic"))
    #expect(ImageType(magicBytes: bytes) == nil)
    let inside = ftyp(major: "isom", compatible: ["mp41", "heic"])
    #expect(ImageType(magicBytes: inside) == .heic)
  }

  @Test("a box claiming more bytes than were given is read only as far as they go")
  func boundedByInput() {
    let claimsMore = ftyp(major: "isom", compatible: ["mp41", "hei"], boxSize: 400)
    #expect(ImageType(magicBytes: claimsMore) == nil)
    #expect(ImageType(magicBytes: ftyp(major: "isom", compatible: ["mp41", "heic"], boxSize: 400)) == .heic)
    #expect(ImageType(magicBytes: ftyp(major: "isom", compatible: ["mp41", "heic"], boxSize: 0)) == .heic)
  }

  @Test(
    "MIME types name their format; image/heic and image/heif are both HEIC",
    arguments: [
      ("image/jpeg", ImageType.jpeg), ("image/png", .png), ("image/webp", .webp), ("image/heic", .heic),
      ("image/heif", .heic), ("IMAGE/JPEG", .jpeg), ("image/png; charset=binary", .png),
    ])
  func mimeTypes(_ mimeType: String, _ type: ImageType) {
    #expect(ImageType(mimeType: mimeType) == type)
  }

  @Test(
    "other MIME types are no format of ours",
    arguments: ["image/gif", "image/avif", "image/svg+xml", "application/octet-stream", "jpeg", "", "image/"])
  func otherMimeTypes(_ mimeType: String) {
    #expect(ImageType(mimeType: mimeType) == nil)
  }
}

extension ImageTypeTests {
  @Test("the sniffer reads no further than its first 64 bytes")
  func sniffLength() {
    let twelveBrands = Array(repeating: "mp41", count: 12)
    #expect(ImageType(magicBytes: ftyp(major: "isom", compatible: twelveBrands.dropLast() + ["heic"])) == .heic)
    #expect(ImageType(magicBytes: ftyp(major: "isom", compatible: twelveBrands + ["heic"])) == nil)
  }

  @Test("every format has its own name, and a file input takes every MIME type of every format")
  func namesAndAccepted() {
    #expect(Set(ImageType.allCases.map(\.name)).count == ImageType.allCases.count)
    let accepted = ImageType.accepted.split(separator: ",").map(String.init)
    #expect(accepted == ImageType.allCases.flatMap(\.mimeTypes))
  }
}
