import ServerKit
import Testing

@Suite("Nulls in a request body", .timeLimit(.minutes(5)))
struct NoNullMembersTests {
  @Test(
    "null is found as a value and never inside a string",
    arguments: [
      (#"{"a":null}"#, true), (#"{"a":[1,null]}"#, true), (#"{"a":"null"}"#, false),
      (#"{"a":"say \"null\" twice"}"#, false), (#"{"a":"\\","b":null}"#, true), (#"{"nullable":true}"#, false),
    ])
  func scan(json: String, hasNull: Bool) {
    #expect(NoNullMembers.containsNull(Array(json.utf8)) == hasNull)
  }
}
