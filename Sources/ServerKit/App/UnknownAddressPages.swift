import Hummingbird
import Synchronization

/// Each app's answer to an address under its path that no route takes, for the addresses the
/// app's catch-all (``AppRoutes/answerUnknownAddresses(with:)``) never sees: the router does not
/// fall back from a partial match, so `/miga/welcome` (under `/miga/welcome/:step`) comes back from
/// the router as its own not-found. ``UnknownAddressMiddleware`` gives those to the app.
public final class UnknownAddressPages: Sendable {
  public typealias Answer = @Sendable (Request, AppRequestContext) async throws -> Response

  private let answers = Mutex<[(prefix: String, answer: Answer)]>([])

  public init() {}

  /// `answer` takes every unknown address under `prefix` but its API's.
  public func add(prefix: String, _ answer: @escaping Answer) {
    answers.withLock { $0.append((prefix, answer)) }
  }

  /// The answer of the app whose path holds `path`, unless `path` is under that app's API.
  func answer(for path: String) -> Answer? {
    answers.withLock { answers in
      answers.first { entry in
        (path == entry.prefix || path.hasPrefix(entry.prefix + "/")) && !path.hasPrefix(entry.prefix + "/api/")
      }?.answer
    }
  }
}

/// Gives the router's own not-found (no route at all) to the app whose path the address is under,
/// so it is the app's page; other addresses keep the server's answer.
struct UnknownAddressMiddleware: RouterMiddleware {
  typealias Context = AppRequestContext
  let pages: UnknownAddressPages

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      guard let answer = pages.answer(for: request.uri.path) else { throw error }
      return try await answer(request, context)
    }
  }
}
