import Hummingbird
import Logging
import Metrics
import Synchronization

/// Writes one log line per request (method, path, status, duration) and records the request through
/// swift-metrics: a counter by route, method and status, and a timer by route and method (on the
/// server's Prometheus factory, a latency histogram in ``RequestMetrics/buckets``).
///
/// Routes are labelled by their pattern (`/faith-jar/verse/{emotion}`), never the raw path, so a
/// crawler trying random addresses cannot create unbounded metric series.
public struct RequestObservationMiddleware<Context: RequestContext>: RouterMiddleware {
  let factory: any MetricsFactory
  private let cache = SeriesCache()

  public init(factory: any MetricsFactory) { self.factory = factory }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let watch = Stopwatch()
    let response: Response
    do {
      response = try await next(request, context)
    } catch {
      // The error middleware sits inside this one, so only a failure of that layer lands here.
      record(request: request, context: context, status: 500, elapsed: watch.elapsed)
      throw error
    }
    record(request: request, context: context, status: response.status.code, elapsed: watch.elapsed)
    return response
  }

  private func record(request: Request, context: Context, status: Int, elapsed: Duration) {
    let route = context.endpointPath ?? "NotFound"
    let method = request.method.rawValue
    let series = cache.series(for: SeriesKey(route: route, method: method, status: status), factory: factory)
    series.requests.increment()
    series.duration.record(duration: elapsed)
    let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
    context.logger.info(
      "request",
      metadata: [
        "method": "\(method)", "path": "\(request.uri.path)", "status": "\(status)",
        "duration_ms": "\((milliseconds * 1000).rounded() / 1000)",
      ])
  }
}

struct SeriesKey: Hashable {
  /// Hummingbird labels requests that matched no route "NotFound".
  let route: String
  let method: String
  let status: Int
}

/// The counter and timer of each (route, method, status), made once and then kept: making one
/// builds label arrays and takes the registry's lock.
final class SeriesCache: Sendable {
  struct Series: Sendable {
    let requests: Counter
    let duration: Metrics.Timer
  }

  private let series = Mutex<[SeriesKey: Series]>([:])

  func series(for key: SeriesKey, factory: any MetricsFactory) -> Series {
    if let found = series.withLock({ $0[key] }) { return found }
    let made = Series(
      requests: Counter(
        label: RequestMetrics.requests,
        dimensions: [("route", key.route), ("method", key.method), ("status", String(key.status))], factory: factory),
      duration: Metrics.Timer(
        label: RequestMetrics.duration, dimensions: [("route", key.route), ("method", key.method)], factory: factory))
    series.withLock { $0[key] = made }
    return made
  }
}

/// The metric names and buckets every request is recorded under.
enum RequestMetrics {
  /// Buckets from 0.5 ms to 5 s: our pages answer in well under a millisecond on a warm server.
  static var buckets: [Duration] {
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5].map { .nanoseconds(Int64($0 * 1e9)) }
  }

  static let requests = "http_requests_total"

  static let duration = "http_request_duration_seconds"
}
