import Crypto
import Hummingbird
import NIOCore
import Prometheus

/// The server's metrics: recorded through swift-metrics, kept in one Prometheus registry that
/// `/metrics` serves.
public enum ServerMetrics {
  /// The swift-metrics factory over `registry`, with the request timer's buckets
  /// (``RequestMetrics/buckets``).
  public static func factory(_ registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.durationHistogramBuckets[RequestMetrics.duration] = RequestMetrics.buckets
    return factory
  }
}

/// `/healthz`, open to all, and `/metrics`, which says how busy the server is and so is for its
/// operators only: on a loopback port of its own, or behind a bearer token on the public port.
public enum OperationalRoutes {
  public static func add(to router: Router<AppRequestContext>, registry: PrometheusCollectorRegistry, token: String?) {
    router.get("/healthz") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(staticString: "ok\n")))
    }
    guard let token else { return }
    router.get("/metrics") { request, _ in
      guard let given = request.headers.bearerToken(maxLength: 256), Self.same(given, token) else {
        throw OrchardError.notFound
      }
      return metrics(registry)
    }
  }

  /// The router of the operators' own port: `/metrics` and nothing else.
  public static func metricsRouter(registry: PrometheusCollectorRegistry) -> Router<BasicRequestContext> {
    let router = Router()
    router.get("/metrics") { _, _ in metrics(registry) }
    return router
  }

  static func metrics(_ registry: PrometheusCollectorRegistry) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
  }

  /// Compares digests, so the time taken says nothing about how much of a guess was right.
  static func same(_ given: String, _ token: String) -> Bool {
    SHA256.hash(data: Array(given.utf8)) == SHA256.hash(data: Array(token.utf8))
  }
}
