/// A try-on configuration the server cannot start with.
public enum TryOnConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A name that is not one of ``GarmentCategory``'s raw values.
  case unknownCategory(String)

  public var description: String {
    switch self {
    case .unknownCategory(let name):
      "\"\(name)\" is not a garment category; use any of "
        + GarmentCategory.allCases.map(\.rawValue).joined(separator: ", ")
    }
  }
}
