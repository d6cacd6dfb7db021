import Foundation
import MIGAAPI
import MIGACore
import OpenAPIRuntime
import OrchardKit
import ServerKit

/// MIGA's JSON API (`openapi.yaml` in MIGAAPI): the handlers the generated protocol asks for, each
/// turning the contract's types into a call of ``MIGAService`` and back. The device of every call
/// but `createDevice` comes from ``BearerAuthentication``, never from the request's fields.
struct MIGAAPIService: APIProtocol {
  let service: MIGAService
  let content: any MIGAContentStore
  let contentState: ContentStateCache
  let config: RemoteConfig

  func createDevice(_ input: Operations.createDevice.Input) async throws -> Operations.createDevice.Output {
    let install = try await service.register()
    let credentials = Components.Schemas.DeviceCredentials(
      device_id: install.device.description, token: install.token.value)
    return .created(.init(headers: .init(Cache_hyphen_Control: CachePolicy.personal), body: .json(credentials)))
  }

  func deleteDevice(_ input: Operations.deleteDevice.Input) async throws -> Operations.deleteDevice.Output {
    try await service.erase(try BearerAuthentication.device(or: .unauthorized))
    return .noContent(.init(headers: .init(Cache_hyphen_Control: CachePolicy.personal)))
  }

  func getContent(_ input: Operations.getContent.Input) async throws -> Operations.getContent.Output {
    _ = try BearerAuthentication.device(or: .unauthorized)
    let since = try input.query.since.map { try Self.cursor($0) }
    let state = try await contentState.state()
    let etag = Self.contentETag(state, since: since)
    let cacheControl = Self.contentCacheControl
    if EntityTag.matches(input.headers.If_hyphen_None_hyphen_Match, etag) {
      return .notModified(.init(headers: .init(ETag: etag, Cache_hyphen_Control: cacheControl)))
    }
    // A cursor older than the last tombstone purge may have missed a retirement, and one ahead of
    // this server's history came from another database: both start again from the whole library.
    let resync = since.map { $0.seq < state.purgedSeq || $0.seq > state.lastSeq } ?? true
    // A client at the latest position, the most common sync of all, needs no read.
    let upToDate = !resync && since?.seq == state.lastSeq
    let changes =
      upToDate
      ? ContentChanges(items: [], tombstones: [])
      : try await content.changes(since: resync ? nil : since?.seq, upTo: state)
    let body = Components.Schemas.ContentDelta(
      items: changes.items.map(Self.wire),
      tombstones: changes.tombstones.map { .init(id: $0.id, retired_at: $0.retiredAt) },
      cursor: SyncCursor(seq: state.lastSeq).description, full_resync: resync)
    return .ok(.init(headers: .init(ETag: etag, Cache_hyphen_Control: cacheControl), body: .json(body)))
  }

  func uploadEvents(_ input: Operations.uploadEvents.Input) async throws -> Operations.uploadEvents.Output {
    let device = try BearerAuthentication.device(or: .unauthorized)
    guard case .json(let batch) = input.body else { throw OrchardError.badRequest("The body must be JSON.") }
    let checked = try EventContract.check(batch.events)
    let stored = try await service.store(checked.events, for: device)
    let receipt = Components.Schemas.UploadReceipt(
      accepted: checked.events.filter { stored.contains($0.id) }.map(\.id.description),
      duplicates: checked.events.filter { !stored.contains($0.id) }.map(\.id.description),
      rejected: checked.rejected)
    return .ok(.init(headers: .init(Cache_hyphen_Control: CachePolicy.personal), body: .json(receipt)))
  }

  func listEvents(_ input: Operations.listEvents.Input) async throws -> Operations.listEvents.Output {
    let device = try BearerAuthentication.device(or: .unauthorized)
    let after = try input.query.after.map { text throws(OrchardError) in
      guard let cursor = EventCursor(text) else { throw EventCursor.unknown }
      return cursor
    }
    let limit = input.query.limit ?? 500
    guard (1...1000).contains(limit) else {
      throw OrchardError.badRequest("limit must be between 1 and 1000.", code: "INVALID_LIMIT")
    }
    let (page, next) = try await service.events(of: device, after: after ?? .start, limit: limit)
    let body = Components.Schemas.EventPage(
      events: page.events.map(Self.wire), cursor: next.description, has_more: page.hasMore)
    return .ok(.init(headers: .init(Cache_hyphen_Control: CachePolicy.personal), body: .json(body)))
  }

  func getConfig(_ input: Operations.getConfig.Input) async throws -> Operations.getConfig.Output {
    _ = try BearerAuthentication.device(or: .unauthorized)
    let cacheControl = "public, max-age=300"
    if EntityTag.matches(input.headers.If_hyphen_None_hyphen_Match, config.etag) {
      return .notModified(.init(headers: .init(ETag: config.etag, Cache_hyphen_Control: cacheControl)))
    }
    return .ok(.init(headers: .init(ETag: config.etag, Cache_hyphen_Control: cacheControl), body: .json(config.body)))
  }

  /// The content answer's ETag: the library's position and the cursor asked from, so an unchanged
  /// library answers 304 without reading a row.
  static func contentETag(_ state: ContentState, since: SyncCursor?) -> String {
    "\"c.\(state.lastSeq).\(state.purgedSeq).\(since.map { String($0.seq) } ?? "all")\""
  }

  static let contentCacheControl = "private, no-cache"

  // MARK: - Wire forms

  static func cursor(_ text: String) throws(OrchardError) -> SyncCursor {
    guard let cursor = SyncCursor(text) else {
      throw .badRequest("The cursor is not one this server gave out; start again without it.", code: "BAD_CURSOR")
    }
    return cursor
  }

  static func wire(_ item: ContentItem) -> Components.Schemas.ContentItem {
    Components.Schemas.ContentItem(
      id: item.id, kind: item.kind == .quote ? .quote : .article, text: item.text, author: item.author,
      work: item.work, locus: item.locus, translator: item.translator, year: item.year, licence: item.licence,
      source: item.source, category: Components.Schemas.ContentCategory(rawValue: item.category.rawValue)!,
      words: item.words)
  }

  static func wire(_ event: MIGAEvent) -> Components.Schemas.Event {
    Components.Schemas.Event(
      event_id: event.id.description, kind: .init(rawValue: event.kind.rawValue)!,
      occurred_at: WireTimestamp.format(event.occurredAt), time_zone: event.timeZone,
      local_day: event.localDay.description,
      metadata: .init(
        app_id: event.metadata.appID, content_id: event.metadata.contentID,
        content_category: event.metadata.contentCategory.flatMap { .init(rawValue: $0.rawValue) },
        timer_length: event.metadata.timerLength, session_duration: event.metadata.sessionDuration,
        intention: event.metadata.intention.flatMap { .init(rawValue: $0.rawValue) }))
  }
}
