import Foundation
import OrchardKit
import WalkWorthyCore

/// What the server keeps for one WalkWorthy install.
public struct WalkWorthyDevice: Sendable, Equatable {
  /// Stored only while the student has opted in to personalisation.
  public var profile: ProfileUpload?
  /// The spec's `USE_FAKE_CANVAS`, on for a new device.
  public var useFakeCanvas: Bool
  /// The IANA zone that decides the student's today.
  public var timeZone: String
  public var selection: SelectionState
  /// The linked calendar feed and when it was last fetched.
  public var calendar: CalendarLink?

  public init(
    profile: ProfileUpload? = nil, useFakeCanvas: Bool = true, timeZone: String = "UTC",
    selection: SelectionState = SelectionState(), calendar: CalendarLink? = nil
  ) {
    self.profile = profile
    self.useFakeCanvas = useFakeCanvas
    self.timeZone = timeZone
    self.selection = selection
    self.calendar = calendar
  }
}

/// A linked feed: where it is and when it was last read successfully.
public struct CalendarLink: Sendable, Equatable {
  public let url: String
  public let fetchedAt: Date

  public init(url: String, fetchedAt: Date) {
    self.url = url
    self.fetchedAt = fetchedAt
  }
}
