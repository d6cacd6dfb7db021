import Foundation
import SQLKit
import WearbloomCore

/// What the image sweep reads from the database: every image row, and every column that names an
/// image. Which of them are orphans is ``OrphanImages``' to decide.
extension WardrobeStore {
  /// Every image row: its id, owner and when it was written.
  func imageRows() async throws -> [OrphanImages.Row] {
    struct Row: Decodable {
      let id: String
      let owner: String
      let created_at: Double
    }
    let rows: [Row] = try await database.select().columns("id", "owner", "created_at").from(Self.images)
      .all(decoding: Row.self)
    return rows.compactMap { row in
      ImageReference(validating: row.id).map {
        OrphanImages.Row(image: $0, owner: row.owner, createdAt: Date(timeIntervalSince1970: row.created_at))
      }
    }
  }

  /// Every image a garment, a body photo or a render names.
  func imageReferences() async throws -> OrphanImages.References {
    var references = OrphanImages.References()
    references.garmentPhotos = try await column("image", of: Self.garments)
    references.garmentCutouts = try await column("cutout", of: Self.garments)
    references.bodyPhotos = try await column("image", of: Self.bodies)
    references.renderResults = try await column("result", of: RenderStore.renders)
    references.lateResults = try await column("late_result", of: RenderStore.renders)
    return references
  }

  private func column(_ name: String, of table: String) async throws -> [ImageReference?] {
    struct Row: Decodable { let value: String? }
    let rows: [Row] = try await database.select().column(SQLColumn(name), as: "value").from(table)
      .where(SQLColumn(name), .isNot, SQLLiteral.null).all(decoding: Row.self)
    return rows.map { $0.value.flatMap(ImageReference.init(validating:)) }
  }
}
