import Foundation
import Hummingbird
import OrchardKit
import ServerKit

/// `/dev/mail`: the mail a server without SMTP kept as `.eml` files, newest first, with its links
/// live, so a newcomer on their own machine can open a reset link. It exists only on a server
/// that listens on loopback with no SMTP configured, and answers only requests from loopback.
struct DevMail {
  let mailer: FileMailer
  let pages: PageRenderer

  /// One kept message, as the page shows it.
  struct Kept: Equatable {
    var to = ""
    var subject = ""
    var date = ""
    var text = ""
  }

  func register(on router: Router<AppRequestContext>) {
    router.get("/dev/mail") { _, context in
      guard Self.isLoopback(context.clientAddress) else { throw OrchardError.notFound }
      let kept = try mailer.messages().map { Self.read($0.text) }
      var response = pages.response(page(kept))
      response.headers[.cacheControl] = "no-store"
      return response
    }
  }

  static func isLoopback(_ address: String) -> Bool {
    address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
  }

  func page(_ kept: [Kept]) -> Page {
    let items = kept.map { message -> HTML in
      let lines = message.text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> HTML in
        let text = String(line)
        if text.hasPrefix("http://") || text.hasPrefix("https://") { return "<a href=\"\(text)\">\(text)</a>" }
        return "\(text)"
      }
      return """
        <li class="dev-mail-item"><h2>\(message.subject)</h2>\
        <p class="dev-mail-meta">To \(message.to) · \(message.date)</p>\
        <pre class="dev-mail-text">\(HTML(lines, separator: "\n"))</pre></li>
        """
    }
    let body: HTML =
      items.isEmpty
      ? "<p>No mail yet. Ask for a password reset, and it appears here.</p>"
      : "<ol role=\"list\" class=\"dev-mail\">\(HTML(items))</ol>"
    return Page(
      title: "Mail on this machine · Orchard", description: "Mail kept on this machine instead of sent.",
      theme: PlatformTheme.tokens.name, themeColor: PlatformTheme.tokens.themeColor(),
      stylesheets: ["accounts/accounts.css"], bodyClass: "accounts dev-mail-page",
      main: """
        <header class="accounts-header"><p class="accounts-brand">Orchard</p><h1>Mail on this machine</h1></header>
        <p>No SMTP server is configured (ORCHARD_SMTP_URL), so mail is kept here instead of sent.</p>
        \(body)
        """)
  }

  /// Reads back what ``MailMessage/rfc5322(id:date:boundary:)`` wrote: the headers, and the plain
  /// text part decoded.
  static func read(_ eml: String) -> Kept {
    let normalized = eml.replacingOccurrences(of: "\r\n", with: "\n")
    let sections = normalized.components(separatedBy: "\n\n")
    var kept = Kept()
    for line in (sections.first ?? "").split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2 else { continue }
      switch parts[0].lowercased() {
      case "to": kept.to = parts[1]
      case "subject": kept.subject = decodeWord(parts[1])
      case "date": kept.date = parts[1]
      default: break
      }
    }
    if let start = normalized.range(of: "Content-Type: text/plain"),
      let bodyStart = normalized.range(of: "\n\n", range: start.upperBound..<normalized.endIndex)
    {
      let rest = normalized[bodyStart.upperBound...]
      let encoded = rest.prefix { $0 != "-" }.replacingOccurrences(of: "\n", with: "")
      kept.text = Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
    return kept
  }

  /// An RFC 2047 encoded word (`=?UTF-8?B?…?=`) as text; anything else as it is.
  static func decodeWord(_ value: String) -> String {
    guard value.hasPrefix("=?UTF-8?B?"), value.hasSuffix("?="),
      let data = Data(base64Encoded: String(value.dropFirst(10).dropLast(2)))
    else { return value }
    return String(decoding: data, as: UTF8.self)
  }
}

extension IdentityHub {
  /// Mounts `/dev/mail` when mail is kept on this machine and the server listens on loopback.
  public func mountDevMail(on router: Router<AppRequestContext>, environment: AppEnvironment) {
    guard settings.smtp == nil, environment.configuration.servesPlainHTTPOnLoopback else { return }
    DevMail(mailer: FileMailer(directory: mailDirectory(environment)), pages: environment.pages).register(on: router)
  }
}
