import Crypto
import OrchardKit

extension Hex {
  /// A digest, whole.
  public static func lowercase(_ digest: some Digest) -> String { digest.withUnsafeBytes { lowercase($0) } }
}
