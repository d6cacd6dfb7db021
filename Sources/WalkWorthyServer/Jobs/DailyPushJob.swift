import OrchardJobs
import OrchardKit
import ServerKit

extension WalkWorthyPush {
  /// The daily push as a job: one device's message at a time in each process, a push service's
  /// `Retry-After` followed (``RetryLater``), its row gone once done so a day's plan can recur.
  var kind: JobKind {
    JobKind(Self.job, timeout: .seconds(30), firstRetry: WebPushSender.defaultRetry, forgetsWhenDone: true) { job in
      guard let id = IdempotencyID(try job.decode(Due.self).device) else { return }
      try await run(id)
    }
  }
}
