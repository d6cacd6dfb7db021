import OrchardJobs
import Synchronization

/// An app's services, made once per environment: the server calls `mount`, `jobs` and `prepare`
/// on one app value with one environment, and the routes and the jobs must share one graph (one
/// device cache, one image processor, one job bell). The graph is made on the first call and kept
/// for that environment (known by its job bell); another environment (a test's second worker)
/// gets a graph of its own.
public final class ServiceGraph<Services: Sendable>: Sendable {
  private let graph = Mutex<(bell: JobBell, services: Services)?>(nil)

  public init() {}

  /// The graph made last, if any.
  public var made: Services? { graph.withLock { $0?.services } }

  public func services(for environment: AppEnvironment, make: () throws -> Services) throws -> Services {
    try graph.withLock { graph in
      if let graph, graph.bell === environment.jobBell { return graph.services }
      let services = try make()
      graph = (environment.jobBell, services)
      return services
    }
  }
}
