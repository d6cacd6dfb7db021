import HTTPTypes
import Hummingbird

extension Router where Context == AppRequestContext {
  /// Methods a client may try on any address (QUERY is the proposed safe method with a body).
  static var answeredMethods: [HTTPRequest.Method] {
    [.get, .head, .post, .put, .patch, .delete, .options, .trace, HTTPRequest.Method("QUERY")!]
  }

  /// Makes every known address answer 405 with an `Allow` header, rather than 404, when asked with
  /// a method it does not take. Call it after every route is registered.
  public func addMethodNotAllowedResponses() {
    var byPath: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
    for route in routes {
      byPath[route.path.description, default: (route.path, [])].methods.insert(route.method)
    }
    for (path, methods) in byPath.values {
      // HEAD is answered wherever GET is (the router derives it).
      let allowed = methods.contains(.get) ? methods.union([.head]) : methods
      let allow = Self.answeredMethods.filter(allowed.contains).map(\.rawValue).joined(separator: ", ")
      for method in Self.answeredMethods where !allowed.contains(method) {
        on(path, method: method) { _, _ -> Response in throw OrchardError.methodNotAllowed(allow: allow) }
      }
    }
  }
}
