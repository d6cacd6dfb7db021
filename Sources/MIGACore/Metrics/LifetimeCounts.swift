/// Totals since the first event, for "Control Reclaimed" style counters.
public struct LifetimeCounts: Sendable, Hashable {
  /// Exits (E): the hero number.
  public internal(set) var exits = 0
  /// Pauses that ran to the end (C).
  public internal(set) var completions = 0
  /// First reads of a piece of content (R).
  public internal(set) var reads = 0
  /// Repeat reads (RR), reported apart from reads.
  public internal(set) var rereads = 0
  /// Hub taps that named an app (A).
  public internal(set) var attempts = 0
  /// Proceeds that opened an app (P).
  public internal(set) var proceeds = 0

  /// All zero.
  public init() {}

  mutating func add(_ event: MIGAEvent) {
    switch event.kind {
    case .exitSelected: exits += 1
    case .gatewayCompleted: completions += 1
    case .contentRead: reads += 1
    case .contentReread: rereads += 1
    case .sessionStart where event.metadata.appID != nil: attempts += 1
    case .openSelected: proceeds += 1
    default: break
    }
  }
}
