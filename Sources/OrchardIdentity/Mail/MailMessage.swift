import Foundation

/// One email: plain text and HTML of the same words, sent through the outbox.
public struct MailMessage: Sendable, Equatable, Codable {
  public var from: String
  public var to: String
  public var subject: String
  public var text: String
  public var html: String

  public init(from: String, to: String, subject: String, text: String, html: String) {
    self.from = from
    self.to = to
    self.subject = subject
    self.text = text
    self.html = html
  }

  /// The message as RFC 5322 text with a MIME `multipart/alternative` body (text, then HTML),
  /// each part UTF-8 in base64, and the subject as an encoded word when it is not plain ASCII.
  /// Lines end in CRLF, as SMTP and `.eml` files expect.
  public func rfc5322(id: String, date: Date, boundary: String) -> String {
    var lines = [
      "From: \(from)", "To: \(to)", "Subject: \(Self.header(subject))", "Date: \(Self.rfc5322Date(date))",
      "Message-ID: <\(id)>", "MIME-Version: 1.0", "Content-Type: multipart/alternative; boundary=\"\(boundary)\"", "",
    ]
    for (type, body) in [("text/plain", text), ("text/html", html)] {
      lines += [
        "--\(boundary)", "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", "",
      ]
      lines += Self.wrapped(Data(body.utf8).base64EncodedString())
    }
    lines += ["--\(boundary)--", ""]
    return lines.joined(separator: "\r\n")
  }

  /// A header value: as it is when printable ASCII, else an RFC 2047 encoded word.
  static func header(_ value: String) -> String {
    if value.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) }) { return value }
    return "=?UTF-8?B?" + Data(value.utf8).base64EncodedString() + "?="
  }

  static func wrapped(_ base64: String) -> [String] {
    stride(from: 0, to: base64.count, by: 76).map { start in
      let from = base64.index(base64.startIndex, offsetBy: start)
      let to = base64.index(from, offsetBy: min(76, base64.count - start))
      return String(base64[from..<to])
    }
  }

  static func rfc5322Date(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
    return formatter.string(from: date)
  }
}

/// Delivers mail. The outbox's job calls it, and retries with backoff when it throws.
public protocol Mailer: Sendable {
  func send(_ message: MailMessage, id: String, at date: Date) async throws
}

/// The mailer when no SMTP server is configured: each message becomes an `.eml` file in a folder
/// of the data directory, which the loopback-only `/dev/mail` page lists, so a password can be
/// reset on a laptop with no mail server.
public struct FileMailer: Mailer {
  public let directory: String

  public init(directory: String) { self.directory = directory }

  public func send(_ message: MailMessage, id: String, at date: Date) async throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let name = Self.fileName(id: id, date: date)
    let text = message.rfc5322(id: id + "@orchard", date: date, boundary: "orchard-" + id)
    let path = (directory as NSString).appendingPathComponent(name)
    guard
      FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
  }

  /// Sorts by time: `20261125T091100Z-<id>.eml`.
  static func fileName(id: String, date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.string(from: date) + "-" + id + ".eml"
  }

  /// The messages kept, newest first: file name and text.
  public func messages() throws -> [(name: String, text: String)] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
    return try names.filter { $0.hasSuffix(".eml") }.sorted(by: >).map { name in
      let data = try Data(contentsOf: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(name)))
      return (name, String(decoding: data, as: UTF8.self))
    }
  }
}
