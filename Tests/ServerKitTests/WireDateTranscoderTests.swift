import Foundation
import ServerKit
import Testing

@Suite("Dates in API answers", .timeLimit(.minutes(5)))
struct WireDateTranscoderTests {
  let transcoder = WireDateTranscoder()
  let whole = Date(timeIntervalSince1970: 1_763_406_000)  // 2025-11-17T19:00:00Z

  @Test("a whole second is written without a fraction, any other instant with milliseconds")
  func encodes() throws {
    #expect(try transcoder.encode(whole) == "2025-11-17T19:00:00Z")
    #expect(try transcoder.encode(whole.addingTimeInterval(0.25)) == "2025-11-17T19:00:00.250Z")
  }

  @Test("both spellings, an offset and a longer fraction are read; anything else is refused")
  func decodes() throws {
    #expect(try transcoder.decode("2025-11-17T19:00:00Z") == whole)
    #expect(try transcoder.decode("2025-11-17T19:00:00.250Z") == whole.addingTimeInterval(0.25))
    #expect(try transcoder.decode("2025-11-17T20:00:00+01:00") == whole)
    #expect(throws: DecodingError.self) { try transcoder.decode("tomorrow") }
    #expect(throws: DecodingError.self) { try transcoder.decode("2025-02-30T10:00:00Z") }
  }
}
