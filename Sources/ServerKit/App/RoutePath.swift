import Hummingbird

/// One address of an app, written once: the pattern its route is registered with and the links
/// its pages render come from the same text, so they cannot drift apart.
///
/// ```swift
/// static let verse = RoutePath(app: "/faith-jar", "/verse/:emotion")
/// group.get(verse.pattern, use: showVerse)   // registers /verse/:emotion under the app's group
/// verse.link("anxiety")                      // "/faith-jar/verse/anxiety"
/// ```
public struct RoutePath: Sendable, Equatable {
  /// The app's prefix, e.g. `/faith-jar`.
  public let app: String
  /// The route inside the app, with `:name` parameters, e.g. `/verse/:emotion`.
  public let route: String

  public init(app: String, _ route: String) {
    self.app = app
    self.route = route
  }

  /// What the app's route group registers.
  public var pattern: RouterPath { RouterPath(route) }

  /// The full address with each `:parameter` replaced by the next value, in order. A path without
  /// parameters is its own link.
  public func link(_ values: String...) -> String {
    var values = values[...]
    let parts = route.split(separator: "/", omittingEmptySubsequences: false).map { part -> Substring in
      guard part.hasPrefix(":") else { return part }
      guard let value = values.popFirst() else { preconditionFailure("\(route) needs a value for \(part)") }
      return Substring(value)
    }
    precondition(values.isEmpty, "\(route) takes fewer values than given")
    let path = parts.joined(separator: "/")
    return app + (path == "/" ? "/" : path)
  }

  /// The full address of a route without parameters.
  public var path: String { link() }
}
