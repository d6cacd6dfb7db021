import Hummingbird
import NIOCore
import Prometheus

/// `/healthz` and `/metrics`.
public enum OperationalRoutes {
  public static func add(to router: Router<AppRequestContext>, registry: PrometheusCollectorRegistry) {
    router.get("/healthz") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(staticString: "ok\n")))
    }
    router.get("/metrics") { _, _ in
      Response(
        status: .ok,
        headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
    }
  }
}
