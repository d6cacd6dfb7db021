import Foundation
import Testing

@testable import ServerKit

@Suite("multipart/form-data bodies", .timeLimit(.minutes(5)))
struct MultipartFormTests {
  func body(_ boundary: String, _ parts: [(headers: String, content: [UInt8])]) -> [UInt8] {
    var bytes = Array("preamble\r\n".utf8)
    for part in parts {
      bytes += Array("--\(boundary)\r\n\(part.headers)\r\n\r\n".utf8) + part.content + Array("\r\n".utf8)
    }
    return bytes + Array("--\(boundary)--\r\n".utf8)
  }

  @Test("text fields and a file come back with their names, file name, type and exact bytes")
  func parts() throws {
    let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0x0D, 0x0A, 0x2D, 0x2D, 0x00, 0xFF, 0xD9]
    let form = try MultipartForm(
      body: body(
        "XyZ",
        [
          ("Content-Disposition: form-data; name=\"category\"", Array("tops".utf8)),
          ("Content-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg", photo),
          (
            "Content-Disposition: form-data; name=\"photo\"; filename=\"\"\r\nContent-Type: application/octet-stream",
            []
          ),
        ]), boundary: "XyZ")
    #expect(form["category"] == "tops")
    let file = try #require(form.file("photo"))
    #expect(file.bytes == photo && file.filename == "a.jpg" && file.contentType == "image/jpeg")
    #expect(form["photo"] == nil && form.file("category") == nil)
  }

  @Test("an empty file input is no file")
  func emptyFile() throws {
    let form = try MultipartForm(
      body: body("b", [("Content-Disposition: form-data; name=\"photo\"; filename=\"\"", [])]), boundary: "b")
    #expect(form.file("photo") == nil)
  }

  @Test("the boundary is read from the content type, quoted or not; anything else is not multipart")
  func boundary() {
    #expect(MultipartForm.boundary("multipart/form-data; boundary=abc") == "abc")
    #expect(MultipartForm.boundary("Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
    #expect(MultipartForm.boundary("application/x-www-form-urlencoded") == nil)
    #expect(MultipartForm.boundary("multipart/form-data") == nil)
    #expect(MultipartForm.boundary(nil) == nil)
  }

  @Test("a body cut short, or with no boundary in it, is refused")
  func malformed() {
    let whole = body("b", [("Content-Disposition: form-data; name=\"x\"", Array("1".utf8))])
    #expect(throws: OrchardError.self) { try MultipartForm(body: Array(whole.prefix(whole.count - 12)), boundary: "b") }
    #expect(throws: OrchardError.self) { try MultipartForm(body: Array("nothing".utf8), boundary: "b") }
    #expect(throws: OrchardError.self) {
      try MultipartForm(body: body("b", [("Content-Type: text/plain", Array("1".utf8))]), boundary: "b")
    }
  }

  @Test("a text field with a control character refuses the form")
  func controlCharacter() {
    #expect(throws: OrchardError.self) {
      try MultipartForm(
        body: body("b", [("Content-Disposition: form-data; name=\"x\"", Array("a\u{7}b".utf8))]), boundary: "b")
    }
  }
}
