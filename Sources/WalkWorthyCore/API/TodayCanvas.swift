import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Today's Canvas: `{"assignmentsToday": [...], "examsToday": [...]}`, both required.
public struct TodayCanvas: Codable, Sendable, Equatable {
  public let assignmentsToday: [Assignment]
  public let examsToday: [Exam]

  public init(assignmentsToday: [Assignment], examsToday: [Exam]) {
    self.assignmentsToday = assignmentsToday
    self.examsToday = examsToday
  }
}

/// An assignment due today: `title`, `due_at` (ISO 8601) and `points` (may be null or absent).
public struct Assignment: Codable, Sendable, Hashable {
  public let title: String
  /// Named as the spec and the wire name it.
  public let due_at: String
  public let points: Int?

  public init(title: String, due_at: String, points: Int?) {
    self.title = title
    self.due_at = due_at
    self.points = points
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    due_at = try container.decodeTimestamp(forKey: .due_at)
    points = try container.decodeIfPresent(Int.self, forKey: .points)
  }

  /// `due_at` as an instant; nil only for a hand-made value with an unreadable date.
  public var dueDate: Date? { WireTimestamp.parse(due_at) }
}

/// An exam today: `title` and `when` (ISO 8601).
public struct Exam: Codable, Sendable, Hashable {
  public let title: String
  public let when: String

  public init(title: String, when: String) {
    self.title = title
    self.when = when
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    when = try container.decodeTimestamp(forKey: .when)
  }

  /// `when` as an instant; nil only for a hand-made value with an unreadable date.
  public var date: Date? { WireTimestamp.parse(when) }
}
