import Crypto
import HTTPTypes
import Hummingbird
import OrchardKit
import Testing

@testable import ServerKit

@Suite("Reading one cookie, and hex digits", .timeLimit(.minutes(5)))
struct RequestCookieTests {
  func request(_ cookies: [String]) -> Request {
    var fields = HTTPFields()
    for cookie in cookies { fields.append(HTTPField(name: .cookie, value: cookie)) }
    let head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/", headerFields: fields)
    return Request(head: head, body: .init(buffer: .init()))
  }

  @Test(
    "a cookie reads as Hummingbird's parser reads it",
    arguments: [
      ["a=1; wearbloom-session=tok.en_-; b=2"], ["wearbloom-session=first; wearbloom-session=second"],
      ["x-wearbloom-session=no; wearbloom-session-x=no"], ["a=1", "  wearbloom-session=in-the-second-header"],
      ["wearbloom-session="], ["wearbloom-session"], [";;wearbloom-session=after-empty-pairs;"],
      ["\twearbloom-session=tabbed ; b=2"], ["wearbloom-session=a=b=c"], [], [""], ["lang=fr; orchard_device=abc"],
    ])
  func matchesHummingbird(headers: [String]) {
    let request = request(headers)
    #expect(request.cookie("wearbloom-session") == request.cookies["wearbloom-session"]?.value)
  }

  @Test("digests are written as lowercase hex, two digits a byte")
  func hex() {
    #expect(Hex.lowercase([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    #expect(Hex.lowercase([UInt8]()) == "")
    let digest = SHA256.hash(data: Array("abc".utf8))
    #expect(Hex.lowercase(digest) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(DeviceToken(value: "abc").hash == Hex.lowercase(digest))
  }
}
