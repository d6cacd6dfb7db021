import Foundation
import OrchardKit

/// How this server sends Web Push, read once at start: its VAPID key and contact, and (test
/// servers only) whether a push service on this machine may be posted to.
public struct PushSettings: Sendable {
  /// A PEM file with the VAPID private key every server process signs with; unset, the key made
  /// at first start in the data directory (one machine only).
  public static let keyFileSetting = "ORCHARD_VAPID_PRIVATE_KEY_FILE"
  /// The contact push services may write to: a `mailto:` or `https:` address.
  public static let subjectSetting = "ORCHARD_VAPID_SUBJECT"
  /// `1` lets a subscription's endpoint be on loopback (a fake push service in tests), and no
  /// other private address.
  public static let loopbackSetting = "ORCHARD_PUSH_ALLOW_LOOPBACK"

  public let key: VAPIDKey
  public let allowsLoopback: Bool

  public init(key: VAPIDKey, allowsLoopback: Bool = false) {
    self.key = key
    self.allowsLoopback = allowsLoopback
  }

  /// The settings of `environment`, the key read from its file or kept in `dataDirectory`.
  public init(environment: Settings, dataDirectory: String, publicOrigin: WebOrigin?, random: RandomSource) throws {
    let subject = environment.string(Self.subjectSetting) ?? publicOrigin.map { "\($0)" } ?? "mailto:webpush@localhost"
    guard subject.hasPrefix("mailto:") || subject.hasPrefix("https://") else {
      throw ConfigurationError(variable: Self.subjectSetting, value: subject, expected: "a mailto: or https: address")
    }
    if let file = environment.string(Self.keyFileSetting) {
      do {
        key = try VAPIDKey.load(file: URL(fileURLWithPath: file), subject: subject)
      } catch {
        throw ConfigurationError(
          variable: Self.keyFileSetting, value: file, expected: "a readable PEM file with a P-256 private key")
      }
    } else {
      key = try VAPIDKey.loadOrMake(in: URL(fileURLWithPath: dataDirectory), subject: subject, random: random)
    }
    allowsLoopback = try environment.flag(Self.loopbackSetting) ?? false
  }

  /// A sender over the guarded outbound client (public addresses only, loopback if allowed).
  public func sender(clock: any WallClock, random: RandomSource) -> WebPushSender {
    WebPushSender(key: key, client: PublicHTTPClient(allowsLoopback: allowsLoopback), clock: clock, random: random)
  }
}
