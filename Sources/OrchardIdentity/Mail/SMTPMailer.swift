import Foundation
import NIOCore
import NIOExtras
import NIOPosix
import NIOSSL

/// How to reach the mail server: `ORCHARD_SMTP_URL` as `smtp://user:password@host:587`
/// (STARTTLS, required), `smtps://…:465` (TLS from the first byte), or, on loopback only,
/// `smtp+plain://host:port` (no TLS, for a local relay).
public struct SMTPSettings: Sendable, Equatable {
  public enum Security: Sendable, Equatable {
    /// Plain at first, then `STARTTLS` before anything else is said; refused if the server lacks it.
    case startTLS
    /// TLS from the first byte (port 465).
    case implicitTLS
    /// No TLS: allowed only to a loopback address.
    case none
  }

  public var host: String
  public var port: Int
  public var security: Security
  public var username: String?
  public var password: String?
  /// The name this server gives in `EHLO`.
  public var heloName: String
  /// Certificates to trust besides the system's (a test's own authority).
  public var extraTrustRoots: [NIOSSLCertificate]

  public init(
    host: String, port: Int, security: Security, username: String? = nil, password: String? = nil,
    heloName: String = "orchard.localhost", extraTrustRoots: [NIOSSLCertificate] = []
  ) {
    self.host = host
    self.port = port
    self.security = security
    self.username = username
    self.password = password
    self.heloName = heloName
    self.extraTrustRoots = extraTrustRoots
  }

  /// Settings from an `smtp://`, `smtps://` or `smtp+plain://` URL.
  public init(url text: String) throws(SMTPError) {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
      throw .badSettings("not an SMTP URL")
    }
    switch scheme {
    case "smtp": self.init(host: host, port: url.port ?? 587, security: .startTLS)
    case "smtps": self.init(host: host, port: url.port ?? 465, security: .implicitTLS)
    case "smtp+plain":
      guard ["127.0.0.1", "::1", "localhost"].contains(host) else {
        throw .badSettings("mail without TLS may only go to a loopback address")
      }
      self.init(host: host, port: url.port ?? 25, security: .none)
    default: throw .badSettings("the scheme must be smtp, smtps or smtp+plain")
    }
    username = url.user?.removingPercentEncoding
    password = url.password?.removingPercentEncoding
  }
}

/// Why mail could not be handed over. A 4xx reply is worth trying again; the outbox's job retries
/// every failure with backoff and gives up as a dead letter.
public enum SMTPError: Error, Equatable, CustomStringConvertible {
  case badSettings(String)
  case unexpectedReply(command: String, code: Int, text: String)
  case noStartTLS
  case connectionClosed

  public var description: String {
    switch self {
    case .badSettings(let reason): "SMTP settings: \(reason)"
    case .unexpectedReply(let command, let code, let text): "SMTP \(command): \(code) \(text)"
    case .noStartTLS: "the SMTP server does not offer STARTTLS"
    case .connectionClosed: "the SMTP server closed the connection"
    }
  }
}

/// Hands mail to an SMTP server (RFC 5321) over swift-nio: STARTTLS or implicit TLS through
/// swift-nio-ssl, `AUTH PLAIN` when credentials are set, one connection a message. Passwords and
/// message bodies never reach a log line.
public struct SMTPMailer: Mailer {
  public let settings: SMTPSettings
  let group: any EventLoopGroup

  public init(settings: SMTPSettings, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
    self.settings = settings
    self.group = group
  }

  public func send(_ message: MailMessage, id: String, at date: Date) async throws {
    let settings = settings
    let tls = try Self.tlsContext(settings)
    let channel = try await ClientBootstrap(group: group).connectTimeout(.seconds(10))
      .connect(host: settings.host, port: settings.port) { channel in
        channel.eventLoop.makeCompletedFuture {
          if settings.security == .implicitTLS {
            try channel.pipeline.syncOperations.addHandler(
              NIOSSLClientHandler(context: tls, serverHostname: Self.serverName(settings.host)))
          }
          try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineBasedFrameDecoder()))
          return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    try await channel.executeThenClose { inbound, outbound in
      var conversation = Conversation(lines: inbound.makeAsyncIterator(), outbound: outbound)
      try await conversation.expect("greeting", [220])
      var extensions = try await conversation.send("EHLO \(settings.heloName)", expecting: [250])
      if settings.security == .startTLS {
        guard extensions.contains(where: { $0.uppercased().hasPrefix("STARTTLS") }) else { throw SMTPError.noStartTLS }
        try await conversation.send("STARTTLS", expecting: [220])
        try await channel.channel.pipeline.addHandler(
          NIOSSLClientHandler(context: tls, serverHostname: Self.serverName(settings.host)), position: .first
        ).get()
        extensions = try await conversation.send("EHLO \(settings.heloName)", expecting: [250])
      }
      if let username = settings.username, let password = settings.password {
        let secret = Data(([0] + Array(username.utf8) + [0] + Array(password.utf8))).base64EncodedString()
        try await conversation.send("AUTH PLAIN \(secret)", expecting: [235], shown: "AUTH PLAIN ***")
      }
      try await conversation.send("MAIL FROM:<\(Self.address(in: message.from))>", expecting: [250])
      try await conversation.send("RCPT TO:<\(Self.address(in: message.to))>", expecting: [250, 251])
      try await conversation.send("DATA", expecting: [354])
      let text = message.rfc5322(id: id + "@" + settings.heloName, date: date, boundary: "orchard-" + id)
      try await conversation.send(Self.dotStuffed(text) + ".", expecting: [250], shown: "message")
      _ = try? await conversation.send("QUIT", expecting: [221])
    }
  }

  /// One SMTP dialogue: a command, then its (possibly multi-line) reply.
  struct Conversation {
    var lines: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    @discardableResult
    mutating func send(_ command: String, expecting codes: Set<Int>, shown: String? = nil) async throws -> [String] {
      try await outbound.write(ByteBuffer(string: command + "\r\n"))
      return try await expect(shown ?? String(command.prefix(while: { $0 != " " })), codes)
    }

    /// Reads one reply (`250-…` lines, then `250 …`); its text lines, or an error naming `command`.
    @discardableResult
    mutating func expect(_ command: String, _ codes: Set<Int>) async throws -> [String] {
      var texts: [String] = []
      while true {
        guard let buffer = try await lines.next() else { throw SMTPError.connectionClosed }
        let line = String(buffer: buffer)
        guard line.count >= 3, let code = Int(line.prefix(3)) else {
          throw SMTPError.unexpectedReply(command: command, code: 0, text: String(line.prefix(200)))
        }
        texts.append(String(line.dropFirst(4)))
        if line.count == 3 || line[line.index(line.startIndex, offsetBy: 3)] == " " {
          guard codes.contains(code) else {
            throw SMTPError.unexpectedReply(
              command: command, code: code, text: String(texts.joined(separator: " ").prefix(200)))
          }
          return texts
        }
      }
    }
  }

  /// `a@b` from `Name <a@b>` or `a@b`.
  static func address(in mailbox: String) -> String {
    guard let open = mailbox.lastIndex(of: "<"), let close = mailbox.lastIndex(of: ">"), open < close else {
      return mailbox.trimmingCharacters(in: .whitespaces)
    }
    return String(mailbox[mailbox.index(after: open)..<close])
  }

  /// The message with every line that starts with a dot given a second one (RFC 5321 §4.5.2).
  static func dotStuffed(_ text: String) -> String {
    text.components(separatedBy: "\r\n").map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n")
  }

  static func serverName(_ host: String) -> String? {
    host.allSatisfy({ $0.isNumber || $0 == "." || $0 == ":" }) ? nil : host
  }

  static func tlsContext(_ settings: SMTPSettings) throws -> NIOSSLContext {
    var configuration = TLSConfiguration.makeClientConfiguration()
    if !settings.extraTrustRoots.isEmpty {
      configuration.additionalTrustRoots = [.certificates(settings.extraTrustRoots)]
    }
    return try NIOSSLContext(configuration: configuration)
  }
}
