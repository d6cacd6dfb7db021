#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a device has been offered, kept between calls so the rotation survives: the ids offered in
/// each moment's current cycle, and the encouragement handed out last.
public struct SelectionState: Codable, Sendable, Equatable {
  /// Ids offered since their moment's cycle last started, oldest first.
  public var offered: [String]
  public var current: CurrentEncouragement?
  /// How many encouragements this device has been handed in all; numbers each one.
  public var handedOut: Int

  public init(offered: [String] = [], current: CurrentEncouragement? = nil, handedOut: Int = 0) {
    self.offered = offered
    self.current = current
    self.handedOut = handedOut
  }
}

/// The encouragement a device holds: which one, the moment it was chosen for, when it expires,
/// and its number among those the device was handed.
public struct CurrentEncouragement: Codable, Sendable, Equatable {
  public let id: String
  public let moment: Moment
  public let expiresAt: Date
  public let serial: Int

  public init(id: String, moment: Moment, expiresAt: Date, serial: Int) {
    self.id = id
    self.moment = moment
    self.expiresAt = expiresAt
    self.serial = serial
  }

  /// The payload's `id`: the entry's id and the serial ("ww-isaiah-41-13.7"). Apps remember the
  /// ids they notified and never notify one twice, so the same passage offered again in a later
  /// cycle needs an id of its own.
  public var payloadID: String { "\(id).\(serial)" }

  /// Still the right one at `now` for a day whose signals call for `moment`.
  public func holds(at now: Date, for moment: Moment) -> Bool {
    self.moment == moment && expiresAt > now
  }
}
