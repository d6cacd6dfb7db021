import Foundation
import OrchardDatabase
import SQLKit
import ServerKit
import WearbloomCore

/// Wearbloom's rows: garments, the images each account owns (their files are in the blob store),
/// and each account's body photo.
public struct WardrobeStore: Sendable {
  public let database: any SQLDatabase

  public init(database: any SQLDatabase) { self.database = database }

  static let garments = "wearbloom_garments"
  static let images = "wearbloom_images"
  static let bodies = "wearbloom_body_photos"

  public static let migrations = [
    Migration("wearbloom-0001-wardrobe") { database in
      try await database.create(table: images)
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("owner", type: .text, .notNull)
        .column("kind", type: .text, .notNull)
        .column("created_at", type: .epochSeconds, .notNull)
        .run()
      try await database.create(index: "wearbloom_images_by_owner").on(images).column("owner").run()
      try await database.create(table: garments)
        .column("id", type: .text, .primaryKey(autoIncrement: false))
        .column("owner", type: .text, .notNull)
        .column("category", type: .text, .notNull)
        .column("image", type: .text, .notNull)
        .column("cutout", type: .text)
        .column("removal", type: .text, .notNull)
        .column("created_at", type: .epochSeconds, .notNull)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
      try await database.create(index: "wearbloom_garments_by_owner").on(garments).column("owner")
        .column("created_at").run()
      try await database.create(table: bodies)
        .column("owner", type: .text, .primaryKey(autoIncrement: false))
        .column("image", type: .text)
        .column("stock_id", type: .text)
        .column("updated_at", type: .epochSeconds, .notNull)
        .run()
    },
    // A garment's own name, and the colour read from its photo for the guessed one.
    Migration("wearbloom-0007-garment-names") { database in
      try await database.alter(table: garments).column("name", type: .text).run()
      try await database.alter(table: garments).column("colour", type: .text).run()
    },
  ]

  // MARK: Images

  /// Records that `owner` owns `image`, once its files are stored.
  func insert(image: ImageReference, owner: String, kind: ImageKind, at now: Date) async throws {
    try await database.insert(into: Self.images).columns("id", "owner", "kind", "created_at")
      .values(SQLBind(image.value), SQLBind(owner), SQLBind(kind.rawValue), SQLBind(now.timeIntervalSince1970))
      .run()
  }

  /// The owner and kind of `image`, nil when it does not exist.
  func image(_ image: ImageReference) async throws -> StoredImage? {
    struct Row: Decodable {
      let owner: String
      let kind: String
    }
    let row = try await database.select().columns("owner", "kind").from(Self.images)
      .where("id", .equal, SQLBind(image.value)).first(decoding: Row.self)
    guard let row, let kind = ImageKind(rawValue: row.kind) else { return nil }
    return StoredImage(owner: row.owner, kind: kind)
  }

  /// Every image `owner` owns.
  func images(of owner: String) async throws -> [ImageReference] {
    struct Row: Decodable { let id: String }
    return try await database.select().column("id").from(Self.images).where("owner", .equal, SQLBind(owner))
      .all(decoding: Row.self).compactMap { ImageReference(validating: $0.id) }
  }

  func delete(images: [ImageReference]) async throws {
    guard !images.isEmpty else { return }
    try await database.delete(from: Self.images).where("id", .in, SQLBind.group(images.map(\.value))).run()
  }

  // MARK: Garments

  func insert(_ garment: Garment) async throws {
    try await database.insert(into: Self.garments)
      .columns(GarmentRow.columns)
      .values(
        SQLBind(garment.id), SQLBind(garment.owner ?? ""), SQLBind(garment.category.rawValue),
        SQLBind(garment.image.value), SQLBind(garment.cutout?.value), SQLBind(garment.removalStatus.rawValue),
        SQLBind(garment.name), SQLBind(garment.colour?.rawValue),
        SQLBind(garment.createdAt.timeIntervalSince1970), SQLBind(garment.updatedAt.timeIntervalSince1970)
      ).run()
  }

  /// Records a removal's outcome, unless the garment is gone or its removal already finished.
  /// Returns whether it was recorded.
  func finishRemoval(
    of id: Garment.ID, status: BackgroundRemovalStatus, cutout: ImageReference?, at now: Date
  ) async throws -> Bool {
    let rows = try await database.update(Self.garments)
      .set("removal", to: SQLBind(status.rawValue)).set("cutout", to: SQLBind(cutout?.value))
      .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(id)).where("removal", .equal, SQLBind(BackgroundRemovalStatus.pending.rawValue))
      .returning("id").all()
    return !rows.isEmpty
  }

  /// `owner`'s garments, all of them (the service remembers them, and the core picks a category
  /// and orders them).
  func garments(of owner: String) async throws -> [Garment] {
    try await database.select().columns(GarmentRow.columns).from(Self.garments)
      .where("owner", .equal, SQLBind(owner)).all(decoding: GarmentRow.self).compactMap(\.garment)
  }

  func garment(_ id: Garment.ID) async throws -> Garment? {
    try await database.select().columns(GarmentRow.columns).from(Self.garments)
      .where("id", .equal, SQLBind(id)).first(decoding: GarmentRow.self)?.garment
  }

  /// Files the garment under `category`; returns whether `owner` has such a garment.
  func setCategory(_ category: GarmentCategory, of id: Garment.ID, owner: String, at now: Date) async throws -> Bool {
    let rows = try await database.update(Self.garments).set("category", to: SQLBind(category.rawValue))
      .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(id)).where("owner", .equal, SQLBind(owner)).returning("id").all()
    return !rows.isEmpty
  }

  /// Gives the garment `name` (nil: back to the guess); returns whether `owner` has such a garment.
  func rename(_ id: Garment.ID, to name: String?, owner: String, at now: Date) async throws -> Bool {
    let rows = try await database.update(Self.garments).set("name", to: SQLBind(name))
      .set("updated_at", to: SQLBind(now.timeIntervalSince1970))
      .where("id", .equal, SQLBind(id)).where("owner", .equal, SQLBind(owner)).returning("id").all()
    return !rows.isEmpty
  }

  /// Deletes the garment's row; returns whether there was one.
  func delete(garment id: Garment.ID, owner: String) async throws -> Bool {
    let rows = try await database.delete(from: Self.garments).where("id", .equal, SQLBind(id))
      .where("owner", .equal, SQLBind(owner)).returning("id").all()
    return !rows.isEmpty
  }

  // MARK: Body photos

  func body(of owner: String) async throws -> BodyPhoto? {
    struct Row: Decodable {
      let image: String?
      let stock_id: String?
      let updated_at: Double
    }
    guard
      let row = try await database.select().columns("image", "stock_id", "updated_at").from(Self.bodies)
        .where("owner", .equal, SQLBind(owner)).first(decoding: Row.self)
    else { return nil }
    let updated = Date(timeIntervalSince1970: row.updated_at)
    if let image = row.image.flatMap(ImageReference.init(validating:)) {
      return BodyPhoto(owner: owner, source: .own(image), updatedAt: updated)
    }
    return row.stock_id.map { BodyPhoto(owner: owner, source: .stock($0), updatedAt: updated) }
  }

  func save(_ body: BodyPhoto) async throws {
    let stock: String? = if case .stock(let id) = body.source { id } else { nil }
    try await database.insert(into: Self.bodies).columns("owner", "image", "stock_id", "updated_at")
      .values(
        SQLBind(body.owner), SQLBind(body.ownImage?.value), SQLBind(stock),
        SQLBind(body.updatedAt.timeIntervalSince1970)
      )
      .onConflict(with: ["owner"]) {
        $0.set(excludedValueOf: "image").set(excludedValueOf: "stock_id").set(excludedValueOf: "updated_at")
      }.run()
  }

  func deleteBody(of owner: String) async throws {
    try await database.delete(from: Self.bodies).where("owner", .equal, SQLBind(owner)).run()
  }

  /// Every row of `owner`'s: garments, images, body photo.
  func erase(_ owner: String) async throws {
    try await database.inTransaction { database in
      for table in [Self.garments, Self.images] {
        try await database.delete(from: table).where("owner", .equal, SQLBind(owner)).run()
      }
      try await database.delete(from: Self.bodies).where("owner", .equal, SQLBind(owner)).run()
    }
  }

  /// How many rows of `owner`'s each table holds (for tests and the deletion check).
  func rowCounts(of owner: String) async throws -> [String: Int] {
    struct Count: Decodable { let count: Int }
    var counts: [String: Int] = [:]
    for table in [Self.garments, Self.images, Self.bodies] {
      let row = try await database.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
        .from(table).where("owner", .equal, SQLBind(owner)).first(decoding: Count.self)
      counts[table] = row?.count ?? 0
    }
    return counts
  }
}

private struct GarmentRow: Decodable {
  static let columns = [
    "id", "owner", "category", "image", "cutout", "removal", "name", "colour", "created_at", "updated_at",
  ]

  let id: String
  let owner: String
  let category: String
  let image: String
  let cutout: String?
  let removal: String
  let name: String?
  let colour: String?
  let created_at: Double
  let updated_at: Double

  var garment: Garment? {
    guard let category = GarmentCategory(rawValue: category), let image = ImageReference(validating: image),
      let removal = BackgroundRemovalStatus(rawValue: removal)
    else { return nil }
    return Garment(
      id: id, owner: owner, category: category, image: image, cutout: cutout.flatMap(ImageReference.init(validating:)),
      removalStatus: removal, name: name, colour: colour.flatMap(GarmentColour.init(rawValue:)),
      createdAt: Date(timeIntervalSince1970: created_at),
      updatedAt: Date(timeIntervalSince1970: updated_at))
  }
}
