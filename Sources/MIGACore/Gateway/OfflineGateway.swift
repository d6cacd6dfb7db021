import OrchardKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The pause on a device with no connection: what the device is told ahead (how long to pause,
/// which quotes come next), and how the steps it took there become events once it is back.
///
/// Offline, the device runs the pause by itself and queues each step (the open, Read Next, Exit,
/// Proceed) with an id of its own. Back online, the steps are replayed here through ``Gateway``,
/// pause by pause, so an offline pause records exactly the events an online one would, stamped
/// with the times the steps happened. Each event's id comes from its step's id, so a step sent
/// twice (a lost answer, two tabs) records nothing the second time.
public enum OfflineGateway {
  /// How many upcoming quotes a device keeps: a pause and several Read Next.
  public static let quoteCount = 8
  /// The most steps one upload may carry.
  public static let batchLimit = 200
  /// How far ahead of the server's clock a step may be dated (a phone's clock drifts).
  public static let clockSlack: TimeInterval = 10 * 60

  /// What a device keeps for pausing offline.
  public struct Plan: Sendable, Equatable {
    /// The pause length, in seconds.
    public let seconds: Int
    /// The quotes the pause and each Read Next show, in order.
    public let quotes: [ContentItem]
  }

  /// The device's offline pause. Its length is the chosen one, which the adaptive pause also
  /// gives a second reach: offline the device cannot see the log the adaptation counts. Its
  /// quotes are the next ones the device's rotation would bring, without moving the rotation.
  public static func plan<G: RandomNumberGenerator>(
    for state: MIGAState, library: [ContentItem], using generator: inout G
  ) -> Plan {
    var rotation = state.rotation
    let quotes = (0..<quoteCount).compactMap { _ in
      rotation.next(from: library, preferences: state.settings.categories, kinds: [.quote], using: &generator)?.item
    }
    return Plan(seconds: state.settings.pause.seconds, quotes: quotes)
  }

  /// One step a device took in an offline pause.
  public struct Step: Sendable, Equatable {
    /// What the step was.
    public enum Outcome: String, Sendable, CaseIterable {
      /// The pause opened in front of an app.
      case open
      /// Read Next: the next quote, and the countdown again.
      case next
      /// Exit to Focus.
      case exit
      /// Proceed to the app.
      case proceed
    }

    /// The step's own id, from the device.
    public let id: IdempotencyID
    /// The pause the step belongs to, from the device.
    public let pause: IdempotencyID
    public let appID: String
    public let outcome: Outcome
    /// When it happened, on the device's clock.
    public let at: Date
    /// The reading put on screen (open, Read Next).
    public let contentID: String?
    /// The pause length shown (open).
    public let seconds: Int?
    /// What the person said Proceed was for.
    public let intention: Intention?

    /// Creates a step.
    public init(
      id: IdempotencyID, pause: IdempotencyID, appID: String, outcome: Outcome, at: Date, contentID: String? = nil,
      seconds: Int? = nil, intention: Intention? = nil
    ) {
      self.id = id
      self.pause = pause
      self.appID = appID
      self.outcome = outcome
      self.at = at
      self.contentID = contentID
      self.seconds = seconds
      self.intention = intention
    }
  }

  /// Why a step records nothing, for good: the device drops it.
  public enum Refusal: String, Error, Sendable, CaseIterable {
    /// The app is not in the hub (any more).
    case unknownApp = "UNKNOWN_APP"
    /// The reading is not in the library (any more).
    case unknownContent = "UNKNOWN_CONTENT"
    /// The pause length is not one a pause can have.
    case badPauseLength = "BAD_PAUSE_LENGTH"
    /// The pause's open is missing or was refused, or the pause opened twice.
    case notOpened = "PAUSE_NOT_OPENED"
    /// The pause had already ended with Exit or Proceed.
    case closed = "PAUSE_CLOSED"
    /// Proceed before the countdown reached zero.
    case stillCounting = "STILL_COUNTING"
    /// Dated before the pause's previous step, or after the server's now.
    case outOfOrder = "STEP_OUT_OF_ORDER"
    /// An event the step would record breaks an event rule (a pause longer than a day).
    case invalidEvent = "INVALID_EVENT"
  }

  /// What became of one step.
  public enum Result: Sendable, Equatable {
    /// Recorded: the events appended to the log now (none when an earlier upload recorded them).
    case recorded([MIGAEvent])
    case refused(Refusal)
  }

  /// Replays `steps` (in the order the device took them) pause by pause, appending the events
  /// each records to `log`. Returns what became of each step, in the order given.
  public static func record(
    _ steps: [Step], state: MIGAState, library: [ContentItem], now: Date, log: inout EventLog
  ) throws -> [(step: Step, result: Result)] {
    let boundary = try state.settings.boundary()
    let items = Dictionary(library.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var pauses: [IdempotencyID: Replay] = [:]
    return steps.map { step in
      var replay = pauses[step.pause] ?? Replay()
      let result = replay.take(step, state: state, items: items, now: now, boundary: boundary, log: &log)
      pauses[step.pause] = replay
      return (step, result)
    }
  }

  /// One pause as its steps arrive.
  struct Replay {
    var gateway: Gateway?
    var refused = false
    var last: Date?

    mutating func take(
      _ step: Step, state: MIGAState, items: [String: ContentItem], now: Date, boundary: DayBoundary,
      log: inout EventLog
    ) -> Result {
      guard !refused else { return .refused(.notOpened) }
      if let last, step.at < last { return .refused(.outOfOrder) }
      guard step.at <= now.addingTimeInterval(clockSlack) else { return .refused(.outOfOrder) }
      var next = gateway
      let pending: [PendingEvent]
      switch Self.pending(for: step, gateway: &next, state: state, items: items) {
      case .success(let events): pending = events
      case .failure(let refusal):
        if step.outcome == .open { refused = true }
        return .refused(refusal)
      }
      let recorder = EventRecorder(clock: FixedClock(step.at), boundary: boundary)
      let planned = pending.enumerated().map { index, event in
        (event, SeededRandomNumberGenerator(seed: OfflineGateway.seed(step.id, index)))
      }
      // Every event is checked before any is kept: a step is recorded whole or not at all.
      for (event, generator) in planned {
        var probe = generator
        do { try recorder.event(event.kind, metadata: event.metadata, using: &probe).validate() } catch {
          return .refused(.invalidEvent)
        }
      }
      gateway = next
      last = step.at
      var recorded: [MIGAEvent] = []
      for (event, generator) in planned {
        var probe = generator
        guard !log.contains(recorder.event(event.kind, metadata: event.metadata, using: &probe).id) else { continue }
        var stamping = generator
        recorded += recorder.record(event.kind, metadata: event.metadata, in: &log, using: &stamping)
      }
      return .recorded(recorded)
    }

    /// The events the step asks for, moving `gateway` as the online pause would move.
    static func pending(
      for step: Step, gateway: inout Gateway?, state: MIGAState, items: [String: ContentItem]
    ) -> Swift.Result<[PendingEvent], Refusal> {
      if step.outcome == .open {
        guard gateway == nil else { return .failure(.notOpened) }
        guard let app = state.hub?.app(id: step.appID) else { return .failure(.unknownApp) }
        guard let seconds = step.seconds, PauseSettings.range.contains(seconds) else {
          return .failure(.badPauseLength)
        }
        guard let pick = pick(step, state: state, items: items) else { return .failure(.unknownContent) }
        let (opened, events) = Gateway.open(app, seconds: seconds, content: pick, at: step.at)
        gateway = opened
        return .success(events)
      }
      guard var open = gateway else { return .failure(.notOpened) }
      guard open.app.id == step.appID else { return .failure(.unknownApp) }
      do throws(GatewayError) {
        let events: [PendingEvent]
        switch step.outcome {
        case .open: return .failure(.notOpened)
        case .next:
          guard let pick = pick(step, state: state, items: items) else { return .failure(.unknownContent) }
          events = try open.readNext(pick, at: step.at)
        case .exit: events = try open.exit(at: step.at)
        case .proceed: events = try open.proceed(at: step.at, intention: step.intention)
        }
        gateway = open
        return .success(events)
      } catch {
        switch error {
        case .closed: return .failure(.closed)
        case .stillCounting: return .failure(.stillCounting)
        }
      }
    }

    static func pick(_ step: Step, state: MIGAState, items: [String: ContentItem]) -> ContentRotation.Pick? {
      guard let id = step.contentID, let item = items[id] else { return nil }
      return ContentRotation.Pick(item: item, isReread: state.rotation.everShown.contains(id))
    }
  }

  /// The seed of the `index`th event of a step: the same step always stamps the same ids.
  static func seed(_ step: IdempotencyID, _ index: Int) -> UInt64 {
    let text = step.description
    let high = UInt64(text.prefix(16), radix: 16) ?? 0
    let low = UInt64(text.suffix(16), radix: 16) ?? 0
    return high ^ (low << 1 | low >> 63) ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
  }
}
