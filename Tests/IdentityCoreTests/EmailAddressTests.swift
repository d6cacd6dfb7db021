import Foundation
import IdentityCore
import Testing

@Suite("Email addresses", .timeLimit(.minutes(5)))
struct EmailAddressTests {
  @Test("an address is trimmed and lower-cased, so one mailbox is one account")
  func normalises() throws {
    #expect(try EmailAddress.parse("  Ada.Lovelace@Example.COM \n").get().normalized == "ada.lovelace@example.com")
    #expect(try EmailAddress.parse("ADA@example.com").get() == EmailAddress.parse("ada@EXAMPLE.com").get())
  }

  @Test(
    "ordinary addresses are accepted, international ones and Apple's private relay included",
    arguments: [
      "a@b.co", "first.last+tag@sub.example.org", "abc123xyz@privaterelay.appleid.com", "user_name-1@xn--bcher-kva.de",
      "学生@例え.jp", "o'brien@example.ie",
    ])
  func accepts(_ raw: String) {
    #expect((try? EmailAddress.parse(raw).get()) != nil, "\(raw)")
  }

  @Test(
    "what can never be delivered is refused as invalid",
    arguments: [
      "plainaddress", "two@@example.com", "a@b@example.com", "@example.com", "user@", "user@localhost",
      "user@example", "user@.example.com", "user@example..com", "user@-example.com", "user@example-.com",
      ".user@example.com", "user.@example.com", "us..er@example.com", "us er@example.com", "user@exa mple.com",
      "user@example.c", "user@192.168.0.1", "user\u{0}@example.com", "user\u{200B}@example.com", "<user@example.com>",
      "user@[127.0.0.1]", "\"quoted\"@example.com",
    ])
  func refuses(_ raw: String) {
    #expect(EmailAddress.parse(raw) == .failure(.invalid), "\(raw.debugDescription)")
  }

  @Test("an empty address is missing, not invalid; one over 254 characters or 64 before the @ is refused")
  func limits() {
    #expect(EmailAddress.parse("   ") == .failure(.missing))
    let domain =
      String(repeating: "d", count: 60) + "." + String(repeating: "e", count: 60) + "."
      + String(repeating: "f", count: 60) + ".com"
    let local254 = String(repeating: "a", count: 254 - domain.count - 1)
    #expect(local254.count > 64)
    #expect(EmailAddress.parse(String(repeating: "a", count: 64) + "@" + domain).isSuccess)
    #expect(EmailAddress.parse(String(repeating: "a", count: 65) + "@" + domain) == .failure(.invalid))
    let long =
      String(repeating: "a", count: 59) + "@" + String(repeating: "b", count: 63) + "."
      + String(repeating: "c", count: 63) + "." + String(repeating: "d", count: 63) + ".com"
    #expect(long.count == 255)
    #expect(EmailAddress.parse(long) == .failure(.tooLong))
    #expect(EmailAddress.parse(String(long.dropFirst())).isSuccess)
  }

  @Test("an address decodes only when it is valid, and encodes as its normalised form")
  func codable() throws {
    let decoded = try JSONDecoder().decode([EmailAddress].self, from: Data(#"["Me@Example.com"]"#.utf8))
    #expect(decoded.map(\.normalized) == ["me@example.com"])
    #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["me@example.com"]"#)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([EmailAddress].self, from: Data(#"["nope"]"#.utf8)) }
  }

  @Test("every problem has a code and a sentence in every language")
  func problems() {
    #expect(Set(EmailProblem.allCases.map(\.rawValue)).count == EmailProblem.allCases.count)
    #expect(EmailProblem.invalid.rawValue == "email_address_invalid")
    for language in IdentityTexts.all.languages {
      let say = IdentityTexts.all.localizer(language)
      for problem in EmailProblem.allCases { #expect(say(problem.text) != problem.text.rawValue) }
    }
  }
}

extension Result {
  var isSuccess: Bool { if case .success = self { true } else { false } }
}
