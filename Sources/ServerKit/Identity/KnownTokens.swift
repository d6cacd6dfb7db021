import OrchardKit
import Synchronization

/// Token hashes and their devices, bounded: when full it starts over, and a forgotten token costs
/// one indexed read.
public final class KnownTokens: Sendable {
  private let devices = Mutex<[String: IdempotencyID]>([:])
  public let capacity: Int

  public init(capacity: Int) { self.capacity = capacity }

  public func device(_ tokenHash: String) -> IdempotencyID? { devices.withLock { $0[tokenHash] } }

  public func remember(_ device: IdempotencyID, tokenHash: String) {
    devices.withLock { devices in
      if devices.count >= capacity { devices.removeAll(keepingCapacity: true) }
      devices[tokenHash] = device
    }
  }
}
