import Foundation
import OpenAPIRuntime
import OrchardKit

/// Dates in an API's JSON as UTC ISO 8601, written field by field (``WireTimestamp``) instead of
/// through the runtime's default, a locked ICU date formatter that costs about a tenth of a small
/// answer's time. An instant on a whole second is written `2026-11-17T19:00:00Z`, any other with
/// milliseconds, `2026-11-17T19:00:00.250Z`. Reading is ``WireTimestamp/parse(_:)``.
public struct WireDateTranscoder: DateTranscoder {
  public init() {}

  public func encode(_ date: Date) throws -> String {
    let seconds = date.timeIntervalSince1970
    return WireTimestamp.format(date, precision: seconds.rounded(.down) == seconds ? .seconds : .milliseconds)
  }

  public func decode(_ text: String) throws -> Date {
    guard let date = WireTimestamp.parse(text) else { throw Self.refusal(text) }
    return date
  }

  private static func refusal(_ text: String) -> DecodingError {
    .dataCorrupted(.init(codingPath: [], debugDescription: "expected an ISO 8601 date-time, got \"\(text)\""))
  }
}
