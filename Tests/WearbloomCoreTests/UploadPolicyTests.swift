import Testing
import WearbloomCore

@Suite("What an upload must be", .timeLimit(.minutes(5)))
struct UploadPolicyTests {
  @Test("a file whose bytes match its declared type is accepted as that type")
  func matching() throws {
    let examples: [(String, [UInt8], ImageType)] = [
      ("image/jpeg", Magic.jpeg, .jpeg), ("image/png", Magic.png, .png), ("image/webp", Magic.webp, .webp),
      ("image/heic", Magic.heic, .heic), ("image/heif", Magic.heic, .heic),
    ]
    for (declared, bytes, type) in examples {
      #expect(try UploadPolicy.check(declared: declared, magicBytes: bytes).get() == type, "\(declared)")
    }
  }

  @Test("no bytes at all is MISSING_PHOTO, whatever was declared")
  func empty() {
    #expect(throws: WardrobeError.missingPhoto) { try UploadPolicy.check(declared: "image/jpeg", magicBytes: []).get() }
    #expect(throws: WardrobeError.missingPhoto) { try UploadPolicy.check(declared: nil, magicBytes: []).get() }
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    let name: String
    let declared: String?
    let bytes: [UInt8]
    var testDescription: String { name }
  }

  @Test(
    "a missing or unsupported declared type, or bytes that are not what it declares, is INVALID_IMAGE_TYPE",
    arguments: [
      Refused(name: "a PNG declared as JPEG", declared: "image/jpeg", bytes: Magic.png),
      Refused(name: "a JPEG declared as HEIC", declared: "image/heic", bytes: Magic.jpeg),
      Refused(name: "no declared type", declared: nil, bytes: Magic.jpeg),
      Refused(name: "a GIF declared as GIF", declared: "image/gif", bytes: Magic.gif),
      Refused(name: "a GIF declared as JPEG", declared: "image/jpeg", bytes: Magic.gif),
      Refused(name: "a truncated JPEG", declared: "image/jpeg", bytes: [0xFF, 0xD8]),
      Refused(name: "an SVG declared as PNG", declared: "image/png", bytes: ascii("<svg>")),
    ])
  func invalidType(_ example: Refused) {
    #expect(throws: WardrobeError.invalidImageType) {
      try UploadPolicy.check(declared: example.declared, magicBytes: example.bytes).get()
    }
  }

  @Test("exactly 10 MiB is accepted; an 11 MB file is IMAGE_TOO_LARGE")
  func byteCount() {
    #expect(UploadPolicy.maximumBytes == 10_485_760)
    #expect(throws: Never.self) { try UploadPolicy.check(byteCount: 10 * 1024 * 1024).get() }
    #expect(throws: WardrobeError.imageTooLarge) { try UploadPolicy.check(byteCount: 10 * 1024 * 1024 + 1).get() }
    #expect(throws: WardrobeError.imageTooLarge) { try UploadPolicy.check(byteCount: 11_000_000).get() }
  }

  @Test("an upload of zero bytes is MISSING_PHOTO")
  func zeroBytes() {
    #expect(throws: WardrobeError.missingPhoto) { try UploadPolicy.check(byteCount: 0).get() }
  }

  struct Size: Sendable, CustomTestStringConvertible {
    let width: Int
    let height: Int
    let error: WardrobeError?
    var testDescription: String { "\(width)×\(height)" }
  }

  @Test(
    "phone photos pass; too many pixels, a short side under 256 px, or no size at all is refused",
    arguments: [
      Size(width: 4032, height: 3024, error: nil),
      Size(width: 3024, height: 4032, error: nil),
      Size(width: 8064, height: 6048, error: nil),
      Size(width: 1200, height: 900, error: nil),
      Size(width: 256, height: 256, error: nil),
      Size(width: 20_000, height: 20_000, error: .imageTooLarge),
      Size(width: 10_000, height: 5_001, error: .imageTooLarge),
      Size(width: Int.max, height: 2, error: .imageTooLarge),
      Size(width: 1, height: 1, error: .imageTooSmall),
      Size(width: 4032, height: 255, error: .imageTooSmall),
      Size(width: 100_000, height: 200, error: .imageTooSmall),
      Size(width: 0, height: 0, error: .imageUnreadable),
      Size(width: 4032, height: -1, error: .imageUnreadable),
    ])
  func dimensions(_ example: Size) {
    let result = UploadPolicy.check(width: example.width, height: example.height)
    switch (result, example.error) {
    case (.success, nil): break
    case (.failure(let error), let expected?): #expect(error == expected)
    default: Issue.record("\(example.testDescription): got \(result), expected \(String(describing: example.error))")
    }
  }

  @Test("uploads are limited to 20 a minute per account")
  func rate() {
    #expect(UploadPolicy.uploadsPerMinute == 20)
  }
}
