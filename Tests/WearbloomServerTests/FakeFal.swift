import Foundation
import Hummingbird
import NIOCore
import ServerKitTesting
import Synchronization

/// fal.ai's queue on loopback, answering as its documentation shows: a submission gets a
/// `request_id` with its `status_url` and `response_url`; the status is `IN_QUEUE`, then
/// `COMPLETED`; the result names a file on a media host (here, this server). Each test picks how
/// it misbehaves.
final class FakeFal: Sendable {
  enum Scenario: Sendable {
    case succeeds
    /// The first submission gets a 503; the next succeeds.
    case unavailableOnce
    /// Every submission is refused with 422, as fal answers an input the model rejects.
    case rejects
    /// The job never leaves `IN_PROGRESS`.
    case neverCompletes
    /// The result lacks the documented `image`.
    case malformedResult
    /// The result's file is on a host that is not fal's.
    case foreignResultURL
  }

  struct Seen: Sendable {
    var submissions = 0
    var authorization: [String] = []
    var imageURLs: [String] = []
    var polls = 0
  }

  /// What the fake saw, and its own port, shared with its routes.
  final class State: Sendable {
    let seen = Mutex(Seen())
    let port = Mutex(0)
  }

  let port: Int
  private let task: Task<Void, any Error>
  private let state: State

  var observed: Seen { state.seen.withLock { $0 } }

  static func start(_ scenario: Scenario, result png: [UInt8]) async throws -> FakeFal {
    let state = State()
    let router = Router()
    router.post("fal-ai/bria/background/remove") { request, _ -> Response in
      let body = try await request.body.collect(upTo: 16 << 20)
      let input = try JSONDecoder().decode([String: String].self, from: Data(buffer: body))
      let count = state.seen.withLock { seen in
        seen.submissions += 1
        seen.authorization.append(request.headers[.authorization] ?? "")
        seen.imageURLs.append(input["image_url"] ?? "")
        return seen.submissions
      }
      switch scenario {
      case .rejects:
        return json(
          #"{"detail":[{"loc":["body","image_url"],"msg":"unsupported image","type":"value_error"}]}"#,
          .unprocessableContent)
      case .unavailableOnce where count == 1:
        return json(#"{"detail":"runner unavailable"}"#, .serviceUnavailable)
      default:
        let base = "http://127.0.0.1:\(state.port.withLock { $0 })/fal-ai/bria/requests/job-\(count)"
        return json(
          #"{"request_id":"job-\#(count)","gateway_request_id":"job-\#(count)","status":"IN_QUEUE","queue_position":0,"#
            + #""response_url":"\#(base)","status_url":"\#(base)/status","cancel_url":"\#(base)/cancel"}"#, .ok)
      }
    }
    router.get("fal-ai/bria/requests/:id/status") { _, _ -> Response in
      let polls = state.seen.withLock { seen in
        seen.polls += 1
        return seen.polls
      }
      if scenario == .neverCompletes || polls == 1 {
        return json(#"{"status":"IN_PROGRESS","logs":[]}"#, .ok)
      }
      return json(#"{"status":"COMPLETED","logs":[],"metrics":{"inference_time":0.4}}"#, .ok)
    }
    router.get("fal-ai/bria/requests/:id") { _, _ -> Response in
      let port = state.port.withLock { $0 }
      switch scenario {
      case .malformedResult: return json(#"{"images":[]}"#, .ok)
      case .foreignResultURL:
        return json(#"{"image":{"url":"https://files.example.com/cutout.png","content_type":"image/png"}}"#, .ok)
      default:
        return json(
          #"{"image":{"url":"http://127.0.0.1:\#(port)/files/cutout.png","content_type":"image/png","#
            + #""file_name":"cutout.png","file_size":\#(png.count),"width":64,"height":64}}"#, .ok)
      }
    }
    router.get("files/cutout.png") { _, _ -> Response in
      Response(
        status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }
    let (port, task) = try await LoopbackServer.start(router)
    state.port.withLock { $0 = port }
    return FakeFal(port: port, task: task, state: state)
  }

  private init(port: Int, task: Task<Void, any Error>, state: State) {
    self.port = port
    self.task = task
    self.state = state
  }

  deinit { task.cancel() }

  private static func json(_ text: String, _ status: HTTPResponse.Status) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
