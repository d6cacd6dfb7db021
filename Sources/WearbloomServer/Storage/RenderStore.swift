import Foundation
import OrchardDatabase
import SQLKit
import ServerKit
import WearbloomCore

/// Each try-on's row: who asked, which garment, which provider, where it is, what it cost.
///
/// Every move of a render is a compare-and-set on its status (`… WHERE status IN ('pending',
/// 'processing')`), made in the same transaction as what it does to the render's credit. The job,
/// a webhook, a poll and the deadline may all try to finish one render; exactly one does, and only
/// its change touches the credit. Whoever comes second changes nothing and is told so.
public struct RenderStore: Sendable {
  public let database: any SQLDatabase
  let credits: CreditStore

  public init(database: any SQLDatabase, credits: CreditStore) {
    self.database = database
    self.credits = credits
  }

  static let renders = "wearbloom_renders"

  public static let migration = Migration("wearbloom-0003-renders") { database in
    try await database.create(table: renders)
      .column("id", type: .text, .primaryKey(autoIncrement: false))
      .column("owner", type: .text, .notNull)
      .column("garment", type: .text, .notNull)
      .column("category", type: .text, .notNull)
      .column("provider", type: .text, .notNull)
      .column("preview", type: .bigint, .notNull)
      .column("status", type: .text, .notNull)
      .column("error_code", type: .text)
      .column("result", type: .text)
      .column("late_result", type: .text)
      .column("charge", type: .text, .notNull)
      .column("provider_job", type: .text)
      .column("provider_state", type: .text)
      .column("feedback_rating", type: .text)
      .column("feedback_category", type: .text)
      .column("feedback_refunded", type: .bigint)
      .column("feedback_at", type: .epochSeconds)
      .column("created_at", type: .epochSeconds, .notNull)
      .column("updated_at", type: .epochSeconds, .notNull)
      .column("finished_at", type: .epochSeconds)
      .run()
    try await database.create(index: "wearbloom_renders_by_owner").on(renders).column("owner").column("created_at")
      .run()
    try await database.create(index: "wearbloom_renders_by_provider_job").on(renders).column("provider")
      .column("provider_job").run()
  }

  static let unfinished = [RenderStatus.pending.rawValue, RenderStatus.processing.rawValue]

  // MARK: Changes

  /// Writes a new render, inside the caller's transaction (with the credit it holds and its job).
  func insert(_ render: Render, on session: any SQLDatabase) async throws {
    try await session.insert(into: Self.renders)
      .columns(
        "id", "owner", "garment", "category", "provider", "preview", "status", "charge", "created_at", "updated_at"
      )
      .values(
        SQLBind(render.id), SQLBind(render.owner), SQLBind(render.garmentID), SQLBind(render.category.rawValue),
        SQLBind(render.provider), SQLBind(Int64(render.isPreview ? 1 : 0)), SQLBind(render.status.rawValue),
        SQLBind(render.charge.rawValue), SQLBind(render.createdAt.timeIntervalSince1970),
        SQLBind(render.updatedAt.timeIntervalSince1970)
      ).run()
  }

  /// `pending` → `processing`; false when the render had moved on already (a second run of its
  /// job finds it `processing` and carries on).
  @discardableResult
  func start(_ id: Render.ID, at now: Date) async throws -> Bool {
    let rows = try await database.update(Self.renders)
      .set("status", to: SQLBind(RenderStatus.processing.rawValue)).set(
        "updated_at", to: SQLBind(now.timeIntervalSince1970)
      )
      .where("id", .equal, SQLBind(id)).where("status", .equal, SQLBind(RenderStatus.pending.rawValue))
      .returning("id").all()
    return !rows.isEmpty
  }

  /// Records the provider's own id for the job and what it needs to follow it (fal's status and
  /// response URLs), once: a render is submitted to a provider at most once.
  func recordSubmission(_ id: Render.ID, job: String, state: String, at now: Date) async throws -> Bool {
    let rows = try await database.update(Self.renders)
      .set("provider_job", to: SQLBind(job)).set("provider_state", to: SQLBind(state))
      .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(id)).where("provider_job", .is, SQLLiteral.null)
      .returning("id").all()
    return !rows.isEmpty
  }

  /// Finishes an unfinished render as `completed` with `result`, or as `failed` with `failure`, and
  /// spends or gives back the credit it holds, together. Returns the render as finished now; nil
  /// when it had finished already (nothing changes).
  func finish(
    _ id: Render.ID, completedWith result: ImageReference?, failure: RenderFailure?, at now: Date
  ) async throws -> Render? {
    let status: RenderStatus = result == nil ? .failed : .completed
    return try await database.inTransaction { [credits] session in
      guard
        let row = try await session.update(Self.renders)
          .set("status", to: SQLBind(status.rawValue)).set("result", to: SQLBind(result?.value))
          .set("error_code", to: SQLBind(failure?.rawValue))
          .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
          .set("finished_at", to: SQLBind(now.timeIntervalSince1970))
          .where("id", .equal, SQLBind(id)).where("status", .in, SQLBind.group(Self.unfinished))
          .returning(RenderRow.columns.map { SQLColumn($0) }).first(decoding: RenderRow.self),
        var render = row.render
      else { return nil }
      let charge = RenderPolicy.charge(after: render.charge, finishing: status)
      if charge != render.charge {
        _ = try await credits.settle(render: id, of: render.owner, ending: status, on: session)
        try await session.update(Self.renders).set("charge", to: SQLBind(charge.rawValue))
          .where("id", .equal, SQLBind(id)).run()
        render.charge = charge
      }
      return render
    }
  }

  /// Keeps a result that arrived after its render had failed, once; it is never charged.
  func recordLateResult(_ id: Render.ID, _ image: ImageReference, at now: Date) async throws -> Bool {
    let rows = try await database.update(Self.renders)
      .set("late_result", to: SQLBind(image.value)).set("updated_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(id)).where("status", .equal, SQLBind(RenderStatus.failed.rawValue))
      .where("late_result", .is, SQLLiteral.null).returning("id").all()
    return !rows.isEmpty
  }

  /// Records `owner`'s feedback on a render and, when it asks for one and the credit policy
  /// allows, refunds its credit, together. Throws the core's refusal: `RENDER_NOT_FOUND`,
  /// `RENDER_NOT_COMPLETED`, `FEEDBACK_ALREADY_SUBMITTED`.
  func feedback(
    on id: Render.ID, owner: String, rating: FeedbackRating, category: FeedbackCategory?, at now: Date
  ) async throws -> RenderFeedback {
    try await database.inTransaction { [credits] session in
      guard let render = try await Self.render(id, on: session), render.owner == owner else {
        throw TryOnError.renderNotFound
      }
      try RenderPolicy.acceptsFeedback(on: render).get()
      let refunded =
        RenderPolicy.asksRefund(rating, on: render)
        ? try await credits.refund(for: owner, render: id, on: session) : false
      // The compare-and-set on "no feedback yet" makes two feedbacks at once one and a refusal.
      let rows = try await session.update(Self.renders)
        .set("feedback_rating", to: SQLBind(rating.rawValue)).set("feedback_category", to: SQLBind(category?.rawValue))
        .set("feedback_refunded", to: SQLBind(Int64(refunded ? 1 : 0)))
        .set("feedback_at", to: SQLBind(now.timeIntervalSince1970))
        .set("charge", to: SQLBind((refunded ? RenderCharge.refunded : render.charge).rawValue))
        .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
        .where("id", .equal, SQLBind(id)).where("feedback_rating", .is, SQLLiteral.null).returning("id").all()
      guard !rows.isEmpty else { throw TryOnError.feedbackAlreadySubmitted }
      return RenderFeedback(rating: rating, category: category, refunded: refunded, at: now)
    }
  }

  /// Every render of `owner`'s, for the account's deletion.
  /// Deletes one of `owner`'s finished renders; false when there is none (or it is still under
  /// way: the check is made again here, so a render that a job is drawing is never deleted).
  func delete(finished id: Render.ID, owner: String) async throws -> Bool {
    let finished = SQLBind.group(RenderStatus.allCases.filter(\.isFinished).map(\.rawValue))
    let rows = try await database.delete(from: Self.renders).where("id", .equal, SQLBind(id))
      .where("owner", .equal, SQLBind(owner)).where("status", .in, finished).returning("id").all()
    return !rows.isEmpty
  }

  func erase(_ owner: String) async throws {
    try await database.delete(from: Self.renders).where("owner", .equal, SQLBind(owner)).run()
  }

  // MARK: Reading

  func render(_ id: Render.ID) async throws -> Render? { try await Self.render(id, on: database) }

  static func render(_ id: Render.ID, on session: any SQLDatabase) async throws -> Render? {
    try await session.select().columns(RenderRow.columns).from(renders).where("id", .equal, SQLBind(id))
      .first(decoding: RenderRow.self)?.render
  }

  /// The render a provider knows by its own job id, with what was kept to follow it.
  func render(provider: String, job: String) async throws -> (Render, state: String?)? {
    let row = try await database.select().columns(RenderRow.columns).from(Self.renders)
      .where("provider", .equal, SQLBind(provider)).where("provider_job", .equal, SQLBind(job))
      .first(decoding: RenderRow.self)
    guard let row, let render = row.render else { return nil }
    return (render, row.provider_state)
  }

  /// What was kept to follow a render at its provider.
  func providerState(of id: Render.ID) async throws -> String? {
    struct Row: Decodable { let provider_state: String? }
    return try await database.select().column("provider_state").from(Self.renders).where("id", .equal, SQLBind(id))
      .first(decoding: Row.self)?.provider_state
  }

  /// `owner`'s newest render.
  func latest(of owner: String) async throws -> Render? {
    try await database.select().columns(RenderRow.columns).from(Self.renders)
      .where("owner", .equal, SQLBind(owner)).orderBy("created_at", .descending).orderBy("id", .descending)
      .limit(1).first(decoding: RenderRow.self)?.render
  }

  /// Every render of `owner`'s, newest first (for the account's export and its looks).
  func renders(of owner: String) async throws -> [Render] {
    try await database.select().columns(RenderRow.columns).from(Self.renders)
      .where("owner", .equal, SQLBind(owner)).orderBy("created_at", .descending)
      .all(decoding: RenderRow.self).compactMap(\.render)
  }
}

private struct RenderRow: Decodable {
  static let columns = [
    "id", "owner", "garment", "category", "provider", "preview", "status", "error_code", "result", "late_result",
    "charge", "provider_job", "provider_state", "feedback_rating", "feedback_category", "feedback_refunded",
    "feedback_at", "created_at", "updated_at", "finished_at",
  ]

  let id: String
  let owner: String
  let garment: String
  let category: String
  let provider: String
  let preview: Int
  let status: String
  let error_code: String?
  let result: String?
  let late_result: String?
  let charge: String
  let provider_job: String?
  let provider_state: String?
  let feedback_rating: String?
  let feedback_category: String?
  let feedback_refunded: Int?
  let feedback_at: Double?
  let created_at: Double
  let updated_at: Double
  let finished_at: Double?

  var render: Render? {
    guard let category = GarmentCategory(rawValue: category), let status = RenderStatus(rawValue: status),
      let charge = RenderCharge(rawValue: charge)
    else { return nil }
    let feedback = feedback_rating.flatMap(FeedbackRating.init(rawValue:)).map { rating in
      RenderFeedback(
        rating: rating, category: feedback_category.flatMap(FeedbackCategory.init(rawValue:)),
        refunded: feedback_refunded == 1, at: Date(timeIntervalSince1970: feedback_at ?? updated_at))
    }
    return Render(
      id: id, owner: owner, garmentID: garment, category: category, provider: provider, isPreview: preview != 0,
      status: status, failure: error_code.flatMap(RenderFailure.init(rawValue:)),
      result: result.flatMap(ImageReference.init(validating:)),
      lateResult: late_result.flatMap(ImageReference.init(validating:)), charge: charge, providerJob: provider_job,
      feedback: feedback, createdAt: Date(timeIntervalSince1970: created_at),
      updatedAt: Date(timeIntervalSince1970: updated_at), finishedAt: finished_at.map(Date.init(timeIntervalSince1970:))
    )
  }
}
