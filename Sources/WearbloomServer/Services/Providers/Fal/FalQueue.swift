import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ServerKit

/// fal.ai's queue, as its documentation describes it: a job is submitted with
/// `POST {queue}/{model}`, which answers with the job's `request_id`, `status_url` and
/// `response_url`; the status goes `IN_QUEUE` → `IN_PROGRESS` → `COMPLETED`; the result is read
/// from the response URL. The URLs fal returns are kept and used as they are (a model id's subpath
/// is not part of them). Results are files on fal's media hosts, downloaded through the server's
/// SSRF-guarded client.
struct FalQueue: Sendable {
  let settings: FalSettings
  let client: HTTPClient
  let downloads: PublicHTTPClient

  init(settings: FalSettings, client: HTTPClient = .shared, downloads: PublicHTTPClient? = nil) {
    self.settings = settings
    self.client = client
    self.downloads = downloads ?? settings.downloads
  }

  /// A submitted job's addresses.
  struct Submission: Codable, Sendable, Equatable {
    let requestID: String
    let statusURL: URL
    let responseURL: URL

    enum CodingKeys: String, CodingKey {
      case requestID = "request_id"
      case statusURL = "status_url"
      case responseURL = "response_url"
    }
  }

  /// Submits `input` to `model`, polls until it completes, and decodes its result; all within
  /// `budget`. A 5xx on submission is tried once more (no job exists yet, so nothing is paid
  /// twice); a 4xx is final.
  func run<Output: Decodable & Sendable>(
    _ model: String, input: some Encodable & Sendable, budget: Duration, as: Output.Type = Output.self
  ) async throws(FalError) -> Output {
    let deadline = ContinuousClock.now + budget
    let submission = try await submit(model, input: input)
    while try await status(of: submission) != "COMPLETED" {
      guard ContinuousClock.now + settings.pollInterval < deadline else { throw .timedOut }
      try? await Task.sleep(for: settings.pollInterval)
    }
    return try await result(of: submission)
  }

  /// Submits `input` to `model`, with fal posting the outcome to `webhook` when given. A 5xx is
  /// tried once more (no job exists yet, so nothing is paid twice); a 4xx is final.
  func submit(
    _ model: String, input: some Encodable & Sendable, webhook: URL? = nil
  ) async throws(FalError) -> Submission {
    do {
      return try await submitOnce(model, input: input, webhook: webhook)
    } catch .unavailable {
      return try await submitOnce(model, input: input, webhook: webhook)
    }
  }

  /// The job's result, decoded.
  func result<Output: Decodable & Sendable>(
    of submission: Submission, as: Output.Type = Output.self
  ) async throws(FalError) -> Output {
    let body = try await send(.GET, submission.responseURL)
    do {
      return try JSONDecoder().decode(Output.self, from: Data(body))
    } catch {
      throw .malformedResult
    }
  }

  /// The bytes of a result file, if its URL is on an allowed media host.
  func download(_ url: URL, byteLimit: Int) async throws(FalError) -> [UInt8] {
    guard settings.allows(url) else { throw .untrustedResultURL(url.absoluteString) }
    do {
      return try await downloads.fetchBytes(url, accept: "image/*", timeout: .seconds(20), byteLimit: byteLimit)
    } catch .tooLarge {
      throw .resultTooLarge
    } catch .timeout {
      throw .timedOut
    } catch {
      throw .unavailable(status: nil)
    }
  }

  private func submitOnce(_ model: String, input: some Encodable, webhook: URL?) async throws(FalError) -> Submission {
    let body: Data
    do { body = try JSONEncoder().encode(input) } catch { throw .malformedResult }
    var url = settings.queueURL.appendingPathComponent(model)
    if let webhook { url.append(queryItems: [URLQueryItem(name: "fal_webhook", value: webhook.absoluteString)]) }
    let answer = try await send(.POST, url, body: Array(body))
    do {
      return try JSONDecoder().decode(Submission.self, from: Data(answer))
    } catch {
      throw .malformedResult
    }
  }

  /// The job's status (`IN_QUEUE`, `IN_PROGRESS`, `COMPLETED`); `UNKNOWN` when the poll itself
  /// failed, to be asked again.
  func status(of submission: Submission) async throws(FalError) -> String {
    struct Status: Decodable { let status: String }
    let body: [UInt8]
    do {
      body = try await send(.GET, submission.statusURL)
    } catch .unavailable {
      return "UNKNOWN"  // a failed poll is asked again at the next one
    }
    guard let status = try? JSONDecoder().decode(Status.self, from: Data(body)) else { throw .malformedResult }
    return status.status
  }

  private func send(_ method: HTTPMethod, _ url: URL, body: [UInt8]? = nil) async throws(FalError) -> [UInt8] {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = method
    request.headers.add(name: "Authorization", value: "Key \(settings.key)")
    request.headers.add(name: "Accept", value: "application/json")
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(bytes: body))
    }
    let response: HTTPClientResponse
    let bytes: ByteBuffer
    do {
      response = try await client.execute(request, timeout: .seconds(15))
      bytes = try await response.body.collect(upTo: 4 << 20)
    } catch {
      throw .unavailable(status: nil)
    }
    switch response.status.code {
    case 200..<300: return Array(buffer: bytes)
    case 400..<500: throw .rejected(status: Int(response.status.code), detail: String(buffer: bytes))
    default: throw .unavailable(status: Int(response.status.code))
    }
  }
}

/// Why a fal job gave no result.
enum FalError: Error, Equatable, Sendable {
  /// fal refused the request (4xx): bad input, a moderated image. Not retried.
  case rejected(status: Int, detail: String)
  /// fal or the network failed (5xx, no answer) even after the retry.
  case unavailable(status: Int?)
  /// The job did not complete within its budget.
  case timedOut
  /// An answer that is not what fal documents.
  case malformedResult
  /// A result file outside the allowed media hosts; never fetched.
  case untrustedResultURL(String)
  /// A result file larger than allowed.
  case resultTooLarge
}
