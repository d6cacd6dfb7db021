import Foundation
import NIOSSL
import OrchardIdentity
import Testing

/// Against the real SMTP server `scripts/test` starts (`tests/smtp/server.py`), named by
/// `ORCHARD_TEST_SMTP_DIR`: STARTTLS with its own certificate, AUTH PLAIN, the message as delivered.
@Suite("SMTP delivery to a real server on loopback", .enabled(if: SMTPServer.available), .timeLimit(.minutes(5)))
struct SMTPMailerTests {
  let server = SMTPServer()!
  let message = MailMessage(
    from: "Wearbloom <no-reply@wearbloom.test>", to: "Ada <ada@example.com>", subject: "Reset your password",
    text: "Hello Ada,\nThe link works for 30 minutes, once.\n\nIf you did not ask for it, there is nothing to do.",
    html: "<p>Hello Ada,</p><p>The link works for 30 minutes.</p>")

  @Test("a message goes through STARTTLS and AUTH PLAIN and arrives as sent")
  func delivers() async throws {
    let before = try server.delivered().count
    try await SMTPMailer(settings: server.settings()).send(
      message, id: "m1", at: Date(timeIntervalSince1970: 1_800_000_000))
    let delivered = try server.delivered()
    #expect(delivered.count == before + 1)
    let text = try #require(delivered.last)
    #expect(text.contains("X-Envelope-From: no-reply@wearbloom.test\r\n"))
    #expect(text.contains("X-Envelope-To: ada@example.com\r\n"))
    #expect(text.contains("Subject: Reset your password\r\n"))
    let unwrapped = text.replacingOccurrences(of: "\r\n", with: "")
    #expect(unwrapped.contains(Data(message.text.utf8).base64EncodedString()))
    #expect(unwrapped.contains(Data(message.html.utf8).base64EncodedString()))
  }

  @Test("a wrong password is refused by the server, and said so (without the password)")
  func wrongPassword() async throws {
    var settings = try server.settings()
    settings.password = "not-the-password"
    let error = await #expect(throws: SMTPError.self) {
      try await SMTPMailer(settings: settings).send(message, id: "m2", at: Date())
    }
    #expect(error.map { "\($0)" }?.contains("AUTH PLAIN ***: 535") == true)
    #expect(error.map { "\($0)" }?.contains("not-the-password") == false)
  }

  @Test("a certificate nobody vouches for is refused: mail never goes out in the clear or to an impostor")
  func untrusted() async throws {
    var settings = try server.settings()
    settings.extraTrustRoots = []
    await #expect(throws: (any Error).self) {
      try await SMTPMailer(settings: settings).send(message, id: "m3", at: Date())
    }
  }

  @Test("settings come from a URL; without TLS only to loopback")
  func urls() throws {
    let starttls = try SMTPSettings(url: "smtp://me%40example.com:p%40ss@mail.example.com")
    #expect(starttls.security == .startTLS && starttls.port == 587 && starttls.username == "me@example.com")
    #expect(starttls.password == "p@ss")
    #expect(try SMTPSettings(url: "smtps://mail.example.com").port == 465)
    #expect(try SMTPSettings(url: "smtp+plain://127.0.0.1:2525").security == .none)
    #expect(throws: SMTPError.self) { try SMTPSettings(url: "smtp+plain://mail.example.com") }
    #expect(throws: SMTPError.self) { try SMTPSettings(url: "http://mail.example.com") }
  }
}

/// The test SMTP server's folder: its port, user and password, its certificate, its deliveries.
struct SMTPServer {
  let folder: URL

  static var available: Bool { SMTPServer() != nil }

  init?() {
    guard let path = ProcessInfo.processInfo.environment["ORCHARD_TEST_SMTP_DIR"] else { return nil }
    folder = URL(fileURLWithPath: path)
  }

  func settings() throws -> SMTPSettings {
    let fields = try String(contentsOf: folder.appendingPathComponent("settings"), encoding: .utf8)
      .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    let certificate = try NIOSSLCertificate.fromPEMFile(folder.appendingPathComponent("cert.pem").path)
    return SMTPSettings(
      host: "127.0.0.1", port: Int(fields[0])!, security: .startTLS, username: fields[1], password: fields[2],
      extraTrustRoots: certificate)
  }

  func delivered() throws -> [String] {
    let mail = folder.appendingPathComponent("mail")
    return try FileManager.default.contentsOfDirectory(atPath: mail.path).sorted().map {
      try String(contentsOf: mail.appendingPathComponent($0), encoding: .utf8)
    }
  }
}
