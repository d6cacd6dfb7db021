import Crypto
import Foundation

/// A Web Push message's body, encrypted for one subscription as RFC 8291 says (`aes128gcm`, the
/// content coding of RFC 8188, in a single record): only the browser that subscribed, which holds
/// the private half of the subscription's `p256dh` key and its `auth` secret, can read it; the
/// push service that carries it cannot.
public enum WebPushPayload {
  /// The record size written in the header: one record holds the whole message.
  public static let recordSize = 4096
  /// The most a message may say: the record, less its padding delimiter and its 16-byte tag.
  /// (Push services take bodies of at most 4,096 bytes, the 86-byte header included, so a
  /// message is kept to what fits in that.)
  public static let maximumLength = recordSize - 86 - 1 - 16

  public enum Failure: Error, Equatable, Sendable {
    /// The subscription's `p256dh` is not an uncompressed P-256 point, or its `auth` is not 16 bytes.
    case badSubscriptionKeys
    case tooLong(Int)
  }

  /// `message` encrypted to the subscriber's keys with a sender key pair and a salt used for this
  /// message alone (``WebPushSender`` draws them afresh; tests pass RFC 8291's own).
  public static func encrypt(
    _ message: [UInt8], p256dh: [UInt8], auth: [UInt8], senderKey: P256.KeyAgreement.PrivateKey, salt: [UInt8]
  ) throws(Failure) -> [UInt8] {
    guard message.count <= maximumLength else { throw .tooLong(message.count) }
    guard auth.count == 16, salt.count == 16,
      let subscriber = try? P256.KeyAgreement.PublicKey(x963Representation: p256dh),
      let shared = try? senderKey.sharedSecretFromKeyAgreement(with: subscriber)
    else { throw .badSubscriptionKeys }
    let receiverPublic = subscriber.x963Representation
    let senderPublic = senderKey.publicKey.x963Representation
    // The input keying material mixes the shared secret with the subscription's auth secret and
    // both public keys (RFC 8291 §3.3–3.4).
    let keyInfo = Array("WebPush: info".utf8) + [0] + receiverPublic + senderPublic
    let keyingMaterial = shared.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
    // The content key and nonce come from it and the salt (RFC 8188 §2.2–2.3).
    let contentKey = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: keyingMaterial, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
      outputByteCount: 16)
    let nonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: keyingMaterial, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0],
      outputByteCount: 12
    ).withUnsafeBytes { Array($0) }
    // The last (and only) record ends with the delimiter 2 and no padding.
    guard
      let sealed = try? AES.GCM.seal(message + [2], using: contentKey, nonce: AES.GCM.Nonce(data: nonce))
    else { throw .badSubscriptionKeys }
    let size = UInt32(recordSize)
    let header =
      salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
      + [UInt8(senderPublic.count)] + senderPublic
    return header + sealed.ciphertext + sealed.tag
  }
}
