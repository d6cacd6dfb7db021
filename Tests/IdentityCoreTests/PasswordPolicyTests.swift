import IdentityCore
import OrchardKit
import Testing

@Suite("Password policy", .timeLimit(.minutes(5)))
struct PasswordPolicyTests {
  let policy = PasswordPolicy.standard

  @Test("eight characters are accepted and seven refused")
  func minimum() {
    #expect(policy.problem(with: "tulip-91") == nil)
    #expect(policy.problem(with: "tulip-9") == .tooShort(minimum: 8))
    #expect(policy.problem(with: "") == .tooShort(minimum: 8))
  }

  @Test("128 characters are accepted and 129 refused; characters, not bytes, are counted")
  func maximum() {
    let base = "correct horse battery staple "
    let long = String(String(repeating: base, count: 5).prefix(128))
    #expect(long.count == 128)
    #expect(policy.problem(with: long) == nil)
    #expect(policy.problem(with: long + "x") == .tooLong(maximum: 128))
    // Sixty-four Chinese characters are 192 bytes of UTF-8, and still a fine password.
    let chinese = String(repeating: "學而時習之不亦說乎", count: 8).prefix(64)
    #expect(policy.problem(with: String(chinese)) == nil)
    // Eight emoji made of several code points each are eight characters.
    #expect(policy.problem(with: String(repeating: "👩🏽‍💻", count: 8)) == nil)
    #expect(policy.problem(with: String(repeating: "👩🏽‍💻", count: 7)) == .tooShort(minimum: 8))
  }

  @Test("a few characters cannot carry thousands of code points")
  func byteLimit() {
    let heavy = String(repeating: "e" + String(repeating: "\u{301}", count: 200), count: 8)
    #expect(heavy.count == 8)
    #expect(policy.problem(with: heavy) == .tooLong(maximum: 128))
  }

  @Test("every password on the common list is refused, in any case")
  func commonList() {
    let entries = CommonPasswords.entries
    #expect(entries.count == 3_410)
    #expect(entries.prefix(3) == ["123456", "12345", "password"])
    for entry in entries {
      #expect(policy.problem(with: entry) != nil, "\(entry) was accepted")
    }
    #expect(policy.problem(with: "Password1") == .common)
    #expect(policy.problem(with: "BASEBALL") == .common)
    #expect(policy.problem(with: "baseball-tulip") == nil)
  }

  @Test("a password is taken as typed: spaces count and are never trimmed")
  func asTyped() {
    #expect(policy.problem(with: "  abc  d") == nil)
    #expect(policy.problem(with: " abcdef") == .tooShort(minimum: 8))
    #expect(PasswordConfirmation.matches("tulip 91 ", "tulip 91 "))
    #expect(!PasswordConfirmation.matches("tulip 91 ", "tulip 91"))
    #expect(!PasswordConfirmation.matches("Tulip 91", "tulip 91"))
  }

  @Test("the account's own address, or its part before the @, is refused")
  func sameAsEmail() throws {
    let email = try EmailAddress.parse("marguerite.duras@example.fr").get()
    #expect(policy.problem(with: "Marguerite.Duras", email: email) == .sameAsEmail)
    #expect(policy.problem(with: "marguerite.duras@example.fr", email: email) == .sameAsEmail)
    #expect(policy.problem(with: "marguerite.duras!", email: email) == nil)
  }

  @Test("each refusal names GoTrue's reason and a sentence with its numbers, in every language")
  func messages() {
    let problems: [PasswordProblem] = [.tooShort(minimum: 8), .tooLong(maximum: 128), .common, .sameAsEmail]
    #expect(problems.map(\.reason) == ["length", "length_max", "pwned", "email"])
    for language in IdentityTexts.all.languages {
      let say = IdentityTexts.all.localizer(language)
      #expect(say(PasswordProblem.tooShort(minimum: 8).message).contains("8"))
      #expect(say(PasswordProblem.tooLong(maximum: 128).message).contains("128"))
    }
  }

  @Test("every catalog says every sentence")
  func catalogs() {
    #expect(IdentityTexts.all.missing.isEmpty, "\(IdentityTexts.all.missing)")
    #expect(IdentityTexts.all.languages == [.english, .french, .japanese, .korean])
  }
}
