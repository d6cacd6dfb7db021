import Crypto
import Foundation
import OrchardKit

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it: the push service's
/// endpoint for this one browser, and the keys its messages are sealed to (base64url).
public struct WebPushSubscription: Codable, Sendable, Equatable {
  public let endpoint: String
  public let p256dh: String
  public let auth: String

  /// The longest endpoint taken (push services' run to a few hundred characters).
  public static let maximumEndpoint = 2_048

  /// Why a subscription cannot be kept: each a stable code the API and the page say.
  public enum Problem: String, Error, Sendable, Equatable {
    /// Not an absolute `https:` address (or, on a test server, an `http:` one on loopback).
    case endpointInvalid = "PUSH_ENDPOINT_INVALID"
    /// An address on a private, loopback or link-local network: never posted to.
    case endpointNotPublic = "PUSH_ENDPOINT_NOT_PUBLIC"
    /// `p256dh` is not a P-256 public key, or `auth` not 16 bytes.
    case keysInvalid = "PUSH_KEYS_INVALID"
  }

  /// A subscription whose endpoint and keys could be sent to. A name's addresses are checked
  /// again at every send (``PublicHTTPClient``); a literal address is refused here already.
  public init(endpoint: String, p256dh: String, auth: String, allowsLoopback: Bool = false) throws(Problem) {
    guard endpoint.count <= Self.maximumEndpoint, let url = URL(string: endpoint), let host = url.host,
      !host.isEmpty, url.user == nil, url.password == nil, let scheme = url.scheme?.lowercased()
    else { throw .endpointInvalid }
    let literal = PublicAddress.literal(host)
    let loopback = literal?.isLoopback ?? (host.lowercased() == "localhost")
    switch scheme {
    case "https": break
    case "http" where allowsLoopback && loopback: break
    default: throw .endpointInvalid
    }
    if let literal, !literal.isPublic, !(allowsLoopback && literal.isLoopback) { throw .endpointNotPublic }
    if host.lowercased() == "localhost", !allowsLoopback { throw .endpointNotPublic }
    guard let key = Data(base64URL: p256dh), (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil,
      let secret = Data(base64URL: auth), secret.count == 16
    else { throw .keysInvalid }
    self.endpoint = endpoint
    self.p256dh = p256dh
    self.auth = auth
  }
}

/// Sends Web Push messages (RFC 8030): each sealed for its subscription (``WebPushPayload``),
/// signed by the server's VAPID key, posted to the subscription's push service through the
/// guarded outbound client, and judged by the answer.
public struct WebPushSender: Sendable {
  public let key: VAPIDKey
  let client: PublicHTTPClient
  let clock: any WallClock
  /// Each message's own key pair and salt are drawn from it.
  let random: RandomSource

  /// How long a push service may take to answer.
  public static let timeout: Duration = .seconds(10)
  /// The wait before trying again when a busy push service names none.
  public static let defaultRetry: TimeInterval = 60
  /// The longest wait a push service's `Retry-After` is followed for.
  public static let longestRetry: TimeInterval = 6 * 60 * 60

  public init(key: VAPIDKey, client: PublicHTTPClient, clock: any WallClock, random: RandomSource) {
    self.key = key
    self.client = client
    self.clock = clock
    self.random = random
  }

  /// How soon the push service should deliver (RFC 8030 §5.3).
  public enum Urgency: String, Sendable {
    case veryLow = "very-low", low, normal, high
  }

  /// What came of a message.
  public enum Outcome: Sendable, Equatable {
    /// The push service took it (201).
    case accepted
    /// The subscription is gone (404, 410): it is forgotten.
    case gone
    /// The push service is busy or failing (429, 5xx): try again after this many seconds.
    case retry(after: TimeInterval)
    /// Any other answer: the message was refused and trying again would not help.
    case refused(status: Int)
    /// No answer, or an address that is not public: tried again later like a busy service.
    case unreachable(OutboundFetchError)
  }

  /// Sends `message` to `subscription`, kept by the push service for `ttl` seconds while the
  /// browser is away.
  public func send(
    _ message: [UInt8], to subscription: WebPushSubscription, ttl: Int, urgency: Urgency = .normal
  ) async throws -> Outcome {
    guard let endpoint = URL(string: subscription.endpoint), let p256dh = Data(base64URL: subscription.p256dh),
      let auth = Data(base64URL: subscription.auth)
    else { throw WebPushSubscription.Problem.endpointInvalid }
    let body = try WebPushPayload.encrypt(
      message, p256dh: [UInt8](p256dh), auth: [UInt8](auth),
      senderKey: random.privateKey(P256.KeyAgreement.PrivateKey.init(rawRepresentation:)), salt: random.bytes(16))
    let headers = [
      ("Authorization", try await key.authorization(for: endpoint, now: clock.now)),
      ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"),
      ("TTL", String(max(0, ttl))), ("Urgency", urgency.rawValue),
    ]
    let answer: PublicHTTPClient.Answer
    do {
      answer = try await client.post(endpoint, headers: headers, body: body, timeout: Self.timeout)
    } catch {
      return .unreachable(error)
    }
    switch answer.status {
    case 200..<300: return .accepted
    case 404, 410: return .gone
    case 429, 500..<600: return .retry(after: retryAfter(answer.headers["retry-after"]))
    default: return .refused(status: answer.status)
    }
  }

  /// A `Retry-After` in seconds or as an HTTP date, within reason; none, ``defaultRetry``.
  func retryAfter(_ value: String?) -> TimeInterval {
    guard let value = value?.trimmingCharacters(in: .whitespaces) else { return Self.defaultRetry }
    if let seconds = TimeInterval(value), seconds >= 0 { return min(seconds, Self.longestRetry) }
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "GMT")
    format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = format.date(from: value) else { return Self.defaultRetry }
    return min(max(0, date.timeIntervalSince(clock.now)), Self.longestRetry)
  }
}

extension RandomSource {
  /// A P-256 private key drawn from this source: 32 bytes, drawn again in the rare case they are
  /// not a valid scalar (zero, or at least the group's order).
  func privateKey<Key>(_ make: ([UInt8]) throws -> Key) -> Key {
    while true {
      if let key = try? make(bytes(32)) { return key }
    }
  }
}
