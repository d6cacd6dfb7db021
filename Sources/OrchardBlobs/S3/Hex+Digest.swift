import Crypto
import OrchardKit

extension Hex {
  /// A digest, whole (what a signature's hashes and a payload's checksum are written as).
  static func lowercase(_ digest: some Digest) -> String { digest.withUnsafeBytes { lowercase($0) } }
}
