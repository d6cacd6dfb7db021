import HTTPTypes
import Testing

@testable import ServerKit

@Suite("Bearer tokens, read in one place", .timeLimit(.minutes(1)))
struct BearerTokenTests {
  @Test(
    "the scheme in any case, the token without the blanks around it, nothing else",
    arguments: [
      ("Bearer abc", "abc"), ("bearer \t abc  ", "abc"), ("BEARER abc", "abc"), ("Bearer    ", nil),
      ("Basic abc", nil), ("Bearer", nil),
    ] as [(String, String?)])
  func token(header: String, token: String?) {
    #expect(HTTPFields([HTTPField(name: .authorization, value: header)]).bearerToken(maxLength: 16) == token)
  }

  @Test("a token longer than its kind allows is no token")
  func bounded() {
    #expect(DeviceToken.bearer(in: "Bearer " + String(repeating: "a", count: 256))?.value.count == 256)
    #expect(DeviceToken.bearer(in: "Bearer " + String(repeating: "a", count: 257)) == nil)
    #expect(HTTPFields().bearerToken(maxLength: 16) == nil)
  }
}
