import HTTPTypes
import Hummingbird

/// The most bytes a request body may have on the routes behind it: a form, a JSON batch and (later)
/// a photo each get their own limit instead of one for everything.
///
/// A body announced (`Content-Length`) over the limit is refused before any of it is read; one
/// that is not announced is counted as it streams in and refused the moment it passes the limit.
/// Either way the answer is 413 `PAYLOAD_TOO_LARGE`, and nothing of the request is kept.
public struct BodyLimit: RouterMiddleware {
  public typealias Context = AppRequestContext

  public let bytes: Int

  public init(bytes: Int) {
    precondition(bytes > 0, "a body limit is a positive number of bytes")
    self.bytes = bytes
  }

  /// URL-encoded forms: a few fields of text.
  public static let form = BodyLimit(bytes: 16 * 1024)
  /// JSON documents of the APIs: the largest is a batch of 500 events.
  public static let json = BodyLimit(bytes: 1024 * 1024)

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let announced = request.headers[.contentLength].flatMap(Int.init), announced > bytes {
      throw OrchardError.payloadTooLarge
    }
    var context = context
    context.maxUploadSize = bytes
    var request = request
    request.body = RequestBody(asyncSequence: LimitedBody(base: request.body, limit: bytes))
    return try await next(request, context)
  }
}

/// A request body that fails with `PAYLOAD_TOO_LARGE` once more than `limit` bytes have arrived.
struct LimitedBody: AsyncSequence, Sendable {
  typealias Element = ByteBuffer

  let base: RequestBody
  let limit: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: RequestBody.AsyncIterator
    let limit: Int
    var seen = 0

    mutating func next() async throws -> ByteBuffer? {
      guard let chunk = try await base.next() else { return nil }
      seen += chunk.readableBytes
      guard seen <= limit else { throw OrchardError.payloadTooLarge }
      return chunk
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), limit: limit) }
}
