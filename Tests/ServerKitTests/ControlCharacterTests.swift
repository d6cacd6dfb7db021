import Testing

@testable import ServerKit

@Suite("Control characters: refused wherever text arrives, tab and line breaks kept", .timeLimit(.minutes(5)))
struct ControlCharacterTests {
  @Test(
    "a JSON string with a control character, raw or escaped, is refused",
    arguments: [
      #"{"a":"x\u0000y"}"#, #"{"a":"\u001F"}"#, #"{"a":"\u007f"}"#, #"{"a":"\u0085"}"#, #"{"a":"\u009F"}"#,
      #"{"a":"\b"}"#, #"{"a":"\f"}"#, "{\"a\":\"\u{0}\"}", "{\"a\":\"\u{7F}\"}", "{\"a\":\"\u{85}\"}",
      "{\"a\":\"x\u{1B}[31m\"}",
    ])
  func refusedJSON(json: String) {
    #expect(ControlCharacters.appear(inJSON: Array(json.utf8)))
  }

  @Test(
    "plain text, tabs, line breaks, escaped quotes and backslashes and any letter pass",
    arguments: [
      #"{"a":"plain"}"#, #"{"a":"tab\tand\nlines\r\n"}"#, #"{"a":"\u0009\u000A\u000d"}"#,
      #"{"a":"a \"quoted\" \\u0000 word"}"#, #"{"a":"\u00A0\u00e9\u2028"}"#, "{\"a\":\"Ā 你好 🙂 \u{A0}\"}",
      "{\n\t\"a\": [1, 2]\r\n}", #"{"\\":"\\"}"#,
    ])
  func acceptedJSON(json: String) {
    #expect(!ControlCharacters.appear(inJSON: Array(json.utf8)))
  }

  @Test("in text: NUL, C0 but tab and line breaks, DEL and C1 are refused; nothing else is")
  func inText() {
    for value: UInt32 in 0...0x2FF {
      let scalar = Unicode.Scalar(value)!
      let refused = (value < 0x20 && ![0x09, 0x0A, 0x0D].contains(value)) || (0x7F...0x9F).contains(value)
      #expect(ControlCharacters.isRefused(scalar) == refused, "U+\(String(value, radix: 16))")
    }
    #expect(ControlCharacters.appear(in: "name\u{0}"))
    #expect(!ControlCharacters.appear(in: "two\nlines\twith a tab"))
  }
}
