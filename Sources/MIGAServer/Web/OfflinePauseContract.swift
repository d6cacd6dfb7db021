import Foundation
import MIGACore
import OrchardKit
import ServerKit

/// What the page script sends once the connection is back, `{"steps": [...]}`: each step of a
/// pause taken offline, with its own id, its pause's id, the app, the outcome and when it
/// happened. A body that is not that is refused whole (400) and nothing is recorded; a step that
/// is well formed but cannot be true (an app no longer in the hub) is refused in the receipt.
enum OfflinePauseContract {
  struct Body: Decodable {
    let steps: [WireStep]
  }

  struct WireStep: Decodable {
    let id: String
    let pause: String
    let app: String
    let outcome: String
    let at: String
    let content: String?
    let seconds: Int?
    let intention: String?
  }

  /// The steps in the order sent; an id repeated in the batch counts once, as its first copy.
  static func steps(_ data: Data, _ t: Localizer<MIGAText>) throws(OrchardError) -> [OfflineGateway.Step] {
    let malformed = OrchardError.badRequest(t(.offlineStepsShape), code: "BAD_OFFLINE_STEPS")
    guard let body = try? JSONDecoder().decode(Body.self, from: data) else { throw malformed }
    let limit = 1...OfflineGateway.batchLimit
    guard limit.contains(body.steps.count) else {
      throw .badRequest(
        t(.offlineStepsTooMany, ["min": limit.lowerBound, "max": limit.upperBound]), code: "OFFLINE_STEPS_COUNT")
    }
    var seen = Set<IdempotencyID>()
    var steps: [OfflineGateway.Step] = []
    for wire in body.steps {
      guard let step = step(wire) else { throw malformed }
      if seen.insert(step.id).inserted { steps.append(step) }
    }
    return steps
  }

  static func step(_ wire: WireStep) -> OfflineGateway.Step? {
    guard let id = IdempotencyID(wire.id), let pause = IdempotencyID(wire.pause),
      let outcome = OfflineGateway.Step.Outcome(rawValue: wire.outcome),
      case .value(let at) = WireTimestamp.instant(wire.at)
    else { return nil }
    let intention = wire.intention.map(Intention.init(rawValue:))
    guard intention != .some(nil) else { return nil }
    return OfflineGateway.Step(
      id: id, pause: pause, appID: wire.app, outcome: outcome, at: at, contentID: wire.content,
      seconds: wire.seconds, intention: intention ?? nil)
  }

  /// The answer, step by step: recorded now, recorded before (delivered all the same), or refused
  /// for good. The page script forgets all three.
  struct Receipt: Encodable, Equatable {
    struct Rejection: Encodable, Equatable {
      let id: String
      let code: String
    }

    var accepted: [String] = []
    var duplicates: [String] = []
    var rejected: [Rejection] = []

    init(_ results: [(step: OfflineGateway.Step, result: OfflineGateway.Result)], stored: Set<IdempotencyID>) {
      for (step, result) in results {
        switch result {
        case .recorded(let events) where events.contains { stored.contains($0.id) }:
          accepted.append(step.id.description)
        case .recorded: duplicates.append(step.id.description)
        case .refused(let refusal): rejected.append(Rejection(id: step.id.description, code: refusal.rawValue))
        }
      }
    }
  }
}
