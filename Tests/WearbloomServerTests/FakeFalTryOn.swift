import Crypto
import Foundation
import Hummingbird
import NIOCore
import ServerKitTesting
import Synchronization

/// fal.ai on loopback for try-on, as its documentation shows it: FASHN at
/// `fal-ai/fashn/tryon/v1.6` and Nano Banana at `fal-ai/nano-banana/edit`, each followed at its
/// model's `requests/{id}` (the subpath dropped), the result a file on a media host (here, this
/// server), and fal's key set at `/.well-known/jwks.json`. Each test picks how it misbehaves.
final class FakeFalTryOn: Sendable {
  enum Scenario: Sendable, Equatable {
    case succeeds
    /// The first submission gets a 503; the next succeeds.
    case unavailableOnce
    /// Every submission is refused with 422.
    case rejects
    /// The job never leaves `IN_PROGRESS` (only a webhook can finish it).
    case neverCompletes
    /// The result lacks the documented `images`.
    case malformedResult
    /// The result's file is on a host that is not fal's.
    case foreignResultURL
  }

  struct Seen: Sendable {
    struct Submission: Sendable {
      let path: String
      /// The submitted JSON, as sent.
      let body: String
      let webhook: String?
      let authorization: String

      var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    }
    var submissions: [Submission] = []
    var polls = 0
    var downloads = 0
  }

  final class State: Sendable {
    let seen = Mutex<Seen>(Seen())
    let port = Mutex(0)
    let scenario: Mutex<Scenario>
    init(_ scenario: Scenario) { self.scenario = Mutex(scenario) }
  }

  let port: Int
  let signer: FalSigner
  private let task: Task<Void, any Error>
  private let state: State

  var observed: Seen { state.seen.withLock { $0 } }
  var submissions: Int { observed.submissions.count }
  var base: String { "http://127.0.0.1:\(port)" }
  func set(_ scenario: Scenario) { state.scenario.withLock { $0 = scenario } }

  /// The environment that points a server's fal provider here.
  func environment(_ model: String = "fal-fashn", webhook: String? = nil) -> [String: String] {
    var environment = [
      "ORCHARD_WEARBLOOM_TRYON_PROVIDER": model, "ORCHARD_FAL_KEY": "test-key", "ORCHARD_FAL_QUEUE_URL": base,
      "ORCHARD_FAL_MEDIA_HOSTS": "127.0.0.1", "ORCHARD_FAL_ALLOW_LOOPBACK": "1",
      "ORCHARD_FAL_JWKS_URL": base + "/.well-known/jwks.json", "ORCHARD_FAL_USER_ID": "fal-user",
      "ORCHARD_FAL_POLL_MS": "40",
    ]
    if let webhook { environment["ORCHARD_FAL_WEBHOOK_URL"] = webhook }
    return environment
  }

  static func start(_ scenario: Scenario, result jpeg: [UInt8]) async throws -> FakeFalTryOn {
    let state = State(scenario)
    let signer = FalSigner()
    let router = Router()
    for (submit, family) in [
      ("fal-ai/fashn/tryon/v1.6", "fal-ai/fashn"), ("fal-ai/nano-banana/edit", "fal-ai/nano-banana"),
    ] {
      router.post(RouterPath(stringLiteral: submit)) { request, _ -> Response in
        let body = try await request.body.collect(upTo: 32 << 20)
        let webhook = request.uri.queryParameters["fal_webhook"].map(String.init)
        let count = state.seen.withLock { seen in
          seen.submissions.append(
            .init(
              path: submit, body: String(buffer: body), webhook: webhook,
              authorization: request.headers[.authorization] ?? ""))
          return seen.submissions.count
        }
        switch state.scenario.withLock({ $0 }) {
        case .rejects:
          return json(
            #"{"detail":[{"loc":["body","model_image"],"msg":"image moderated","type":"value_error"}]}"#,
            .unprocessableContent)
        case .unavailableOnce where count == 1:
          return json(#"{"detail":"runner unavailable"}"#, .serviceUnavailable)
        default:
          let port = state.port.withLock { $0 }
          let url = "http://127.0.0.1:\(port)/\(family)/requests/job-\(count)"
          return json(
            #"{"request_id":"job-\#(count)","gateway_request_id":"job-\#(count)","status":"IN_QUEUE","queue_position":0,"#
              + #""response_url":"\#(url)","status_url":"\#(url)/status","cancel_url":"\#(url)/cancel"}"#, .ok)
        }
      }
      router.get(RouterPath(stringLiteral: family + "/requests/:id/status")) { _, _ -> Response in
        let polls = state.seen.withLock { seen in
          seen.polls += 1
          return seen.polls
        }
        if state.scenario.withLock({ $0 }) == .neverCompletes || polls == 1 {
          return json(#"{"status":"IN_PROGRESS","logs":[]}"#, .ok)
        }
        return json(#"{"status":"COMPLETED","logs":[],"metrics":{"inference_time":0.2}}"#, .ok)
      }
      router.get(RouterPath(stringLiteral: family + "/requests/:id")) { _, _ -> Response in
        json(output(state.scenario.withLock { $0 }, port: state.port.withLock { $0 }, size: jpeg.count), .ok)
      }
    }
    router.get("files/result.jpg") { _, _ -> Response in
      state.seen.withLock { $0.downloads += 1 }
      return Response(
        status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: jpeg)))
    }
    router.get(".well-known/jwks.json") { _, _ -> Response in
      Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(bytes: FalSigner.jwks([signer.key]))))
    }
    let (port, task) = try await LoopbackServer.start(router)
    state.port.withLock { $0 = port }
    return FakeFalTryOn(port: port, task: task, state: state, signer: signer)
  }

  private init(port: Int, task: Task<Void, any Error>, state: State, signer: FalSigner) {
    self.port = port
    self.task = task
    self.state = state
    self.signer = signer
  }

  deinit { task.cancel() }

  /// The model's output as the result (or a webhook's payload) carries it.
  static func output(_ scenario: Scenario, port: Int, size: Int) -> String {
    switch scenario {
    case .malformedResult: return #"{"image":{"url":"http://127.0.0.1:\#(port)/files/result.jpg"}}"#
    case .foreignResultURL:
      return #"{"images":[{"url":"https://files.example.com/result.jpg","content_type":"image/jpeg"}]}"#
    default:
      return #"{"images":[{"url":"http://127.0.0.1:\#(port)/files/result.jpg","content_type":"image/jpeg","#
        + #""file_name":"result.jpg","file_size":\#(size),"width":864,"height":1296}]}"#
    }
  }

  /// A webhook as fal posts it when job `request` ends: its body and signed headers.
  func webhook(
    _ request: String, ok: Bool = true, scenario: Scenario = .succeeds, at timestamp: Date
  ) throws -> (body: [UInt8], headers: [String: String]) {
    let body =
      ok
      ? #"{"request_id":"\#(request)","gateway_request_id":"\#(request)","status":"OK","payload":\#(Self.output(scenario, port: port, size: 1))}"#
      : #"{"request_id":"\#(request)","gateway_request_id":"\#(request)","status":"ERROR","error":"Invalid status code: 422","payload":{"detail":[{"loc":["body","model_image"],"msg":"field required","type":"value_error.missing"}]}}"#
    let bytes = Array(body.utf8)
    return (bytes, try signer.headers(body: bytes, request: request, timestamp: timestamp))
  }

  private static func json(_ text: String, _ status: HTTPResponse.Status) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
