import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request the HTTP parser could not read (a broken request line, a header too large,
/// a bad chunk) as the server answers everything else: with the security headers and a problem
/// document, code `MALFORMED_REQUEST`, before closing the connection. Without it the framework would
/// send a bare 400.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let strictTransportSecurity: Bool
  /// A response is under way: its head is written and its end is not.
  private var responding = false
  private var answered = false

  init(strictTransportSecurity: Bool) { self.strictTransportSecurity = strictTransportSecurity }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head: responding = true
    case .body: break
    case .end: responding = false
    }
    context.write(data, promise: promise)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard error is HTTPParserError, !answered else {
      context.fireErrorCaught(error)
      return
    }
    answered = true
    // Half a response already went out: another head would corrupt it, so only close.
    guard !responding else {
      context.close(promise: nil)
      return
    }
    let body = ByteBuffer(data: Self.problem)
    var headers: HTTPFields = [
      .contentType: "application/problem+json", .contentLength: String(body.readableBytes),
      .cacheControl: "no-store", .connection: "close",
    ]
    SecurityHeadersMiddleware<AppRequestContext>.apply(to: &headers, strictTransportSecurity: strictTransportSecurity)
    context.write(wrapOutboundOut(.head(HTTPResponse(status: .badRequest, headerFields: headers))), promise: nil)
    context.write(wrapOutboundOut(.body(body)), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }

  /// The problem document, the same for every malformed request.
  static let problem: Data = {
    let error = OrchardError.malformedRequest
    let document = ProblemDocument(
      type: "about:blank", title: error.title, status: error.status.code, detail: error.detail, code: error.code,
      problems: nil)
    return (try? JSONEncoder().encode(document)) ?? Data()
  }()
}
