import Foundation
import OpenAPIRuntime
import OrchardKit

/// Dates in an API's JSON as UTC ISO 8601, written field by field (``WireTimestamp``) instead of
/// through the runtime's default, a locked ICU date formatter that costs about a tenth of a small
/// answer's time. An instant on a whole second is written `2026-11-17T19:00:00Z`, any other with
/// milliseconds, `2026-11-17T19:00:00.250Z`. Reading takes either spelling field by field and any
/// other ISO 8601 date-time (an offset, another fraction) through Foundation's parser.
public struct WireDateTranscoder: DateTranscoder {
  public init() {}

  public func encode(_ date: Date) throws -> String {
    let seconds = date.timeIntervalSince1970
    return WireTimestamp.format(date, precision: seconds.rounded(.down) == seconds ? .seconds : .milliseconds)
  }

  public func decode(_ text: String) throws -> Date {
    for precision in [WireTimestamp.Precision.seconds, .milliseconds] {
      switch WireTimestamp.instant(text, precision: precision) {
      case .value(let date): return date
      // Foundation's parser would roll 30 February over into March.
      case .impossible: throw Self.refusal(text)
      case .malformed: continue
      }
    }
    guard let date = try? Date(text, strategy: .iso8601) else { throw Self.refusal(text) }
    return date
  }

  private static func refusal(_ text: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: [], debugDescription: "expected an ISO 8601 date-time, got \"\(text)\""))
  }
}
