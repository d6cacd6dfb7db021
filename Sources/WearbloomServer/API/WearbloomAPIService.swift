import Foundation
import NIOCore
import OpenAPIRuntime
import OrchardIdentity
import ServerKit
import WearbloomAPI
import WearbloomCore

/// Wearbloom's JSON API: each operation reads the signed-in account, asks ``WardrobeService`` and
/// writes its answer in the document's shapes. The core's refusals become problems with their
/// codes (``WearbloomProblem``).
struct WearbloomAPIService: APIProtocol {
  let service: WardrobeService
  /// Renders, feedback, credits and the subscription.
  let tryOn: TryOnService
  /// Apple's purchases and notifications.
  let purchases: PurchaseService
  /// Devices on their first try-on.
  let onboarding: OnboardingService

  static let noStore = "private, no-store"
  /// A list the client keeps, but revalidates before each use.
  static let revalidate = "private, no-cache"
  /// An image never changes (a new photo is a new id), so its owner's client keeps it a year.
  static let imagesPath = "/wearbloom/api/v1/images/"

  /// The caller: a signed-in account, or a device on its first try-on (its onboarding owner).
  func account() throws -> String { try CallerAuthentication.device ?? AccountAuthentication.caller().account.id }

  /// The signed-in account, for calls a device without one may not make.
  func signedInAccount() throws -> String { try AccountAuthentication.caller().account.id }

  /// Runs `body`, answering the core's refusals as the API's problems.
  func refusing<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch {
      throw WearbloomProblem.refusal(error) ?? error
    }
  }

  // MARK: Garments

  func listGarments(_ input: Operations.listGarments.Input) async throws -> Operations.listGarments.Output {
    let owner = try account()
    let category = input.query.category.flatMap { GarmentCategory(rawValue: $0.rawValue) }
    let garments = try await service.garments(of: owner, category: category)
    let etag = WardrobeService.etag(of: garments)
    if EntityTag.matches(input.headers.If_hyphen_None_hyphen_Match, etag) {
      return .notModified(.init(headers: .init(ETag: etag)))
    }
    return .ok(
      .init(headers: .init(Cache_hyphen_Control: Self.revalidate, ETag: etag), body: .json(Self.wire(garments))))
  }

  func addGarment(_ input: Operations.addGarment.Input) async throws -> Operations.addGarment.Output {
    let owner = try account()
    guard case .multipartForm(let parts) = input.body else { throw OrchardError.unsupportedMediaType }
    return try await refusing {
      let upload = try await Upload.read(parts) { part in
        switch part {
        case .photo(let photo): .photo(photo.payload.body, declaredType: photo.payload.headers.Content_hyphen_Type)
        case .category(let category): .category(category.payload.body)
        case .undocumented(let other): .other(other.body)
        }
      }
      let garment = try await service.addGarment(
        owner: owner, photo: upload.photo, declaredType: upload.declaredType, category: upload.category)
      return .created(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.wire(garment))))
    }
  }

  func getGarment(_ input: Operations.getGarment.Input) async throws -> Operations.getGarment.Output {
    let owner = try account()
    return try await refusing {
      let garment = try await service.garment(input.path.garment_id, owner: owner)
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.wire(garment))))
    }
  }

  func renameGarment(_ input: Operations.renameGarment.Input) async throws -> Operations.renameGarment.Output {
    let owner = try account()
    guard case .json(let request) = input.body else { throw OrchardError.unsupportedMediaType }
    return try await refusing {
      let garment = try await service.rename(input.path.garment_id, to: request.name, owner: owner)
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(Self.wire(garment))))
    }
  }

  func deleteGarment(_ input: Operations.deleteGarment.Input) async throws -> Operations.deleteGarment.Output {
    let owner = try account()
    return try await refusing {
      try await service.deleteGarment(input.path.garment_id, owner: owner)
      return .noContent(.init())
    }
  }

  // MARK: The body photo

  func getBodyPhoto(_ input: Operations.getBodyPhoto.Input) async throws -> Operations.getBodyPhoto.Output {
    let owner = try account()
    return try await refusing {
      guard let body = try await service.body(of: owner) else { throw WardrobeError.noBodyPhoto }
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(try Self.wire(body))))
    }
  }

  func putBodyPhoto(_ input: Operations.putBodyPhoto.Input) async throws -> Operations.putBodyPhoto.Output {
    let owner = try account()
    return try await refusing {
      let body: BodyPhoto
      switch input.body {
      case .json(let choice):
        body = try await service.setBody(owner: owner, stockID: choice.stockId)
      case .multipartForm(let parts):
        let upload = try await Upload.read(parts) { part in
          switch part {
          case .photo(let photo): .photo(photo.payload.body, declaredType: photo.payload.headers.Content_hyphen_Type)
          case .undocumented(let other): .other(other.body)
          }
        }
        body = try await service.setBody(owner: owner, photo: upload.photo, declaredType: upload.declaredType)
      }
      return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(try Self.wire(body))))
    }
  }

  func deleteBodyPhoto(_ input: Operations.deleteBodyPhoto.Input) async throws -> Operations.deleteBodyPhoto.Output {
    let owner = try account()
    return try await refusing {
      try await service.deleteBody(of: owner)
      return .noContent(.init())
    }
  }

  // MARK: Categories and stock

  func listCategories(_ input: Operations.listCategories.Input) async throws -> Operations.listCategories.Output {
    _ = try account()
    let categories = tryOn.support.availability.map {
      Components.Schemas.Category(id: Self.wire($0.category), tryOn: $0.tryOn)
    }
    return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(.init(categories: categories))))
  }

  func listStock(_ input: Operations.listStock.Input) async throws -> Operations.listStock.Output {
    _ = try account()
    let items = StockCatalog.all.map { item in
      let links = Self.links(item.image)
      return Components.Schemas.StockItem(
        id: item.id, kind: item.kind == .garment ? .garment : .body, category: item.category.map(Self.wire),
        label: item.label, imageUrl: links.full, image: links)
    }
    return .ok(.init(headers: .init(Cache_hyphen_Control: Self.noStore), body: .json(.init(items: items))))
  }

  // MARK: Images

  func getImage(_ input: Operations.getImage.Input) async throws -> Operations.getImage.Output {
    let owner = try account()
    let answer = try await service.image(
      input.path.image_id, owner: owner, variant: input.query.variant.map(\.rawValue),
      accept: input.headers.accept.map(\.contentType.rawValue), ifNoneMatch: input.headers.If_hyphen_None_hyphen_Match)
    switch answer {
    case .notFound: throw WearbloomProblem.imageNotFound
    case .notAcceptable: throw OrchardError.status(.notAcceptable)
    case .notModified(let etag): return .notModified(.init(headers: .init(ETag: etag)))
    case .image(let bytes, let form, let etag):
      let body = HTTPBody(bytes.readableBytesView, length: .known(Int64(bytes.readableBytes)))
      let content: Operations.getImage.Output.Ok.Body =
        switch form.format {
        case .jpeg: .jpeg(body)
        case .png: .png(body)
        case .webp: .image_webp(body)
        }
      return .ok(
        .init(
          headers: .init(Cache_hyphen_Control: ImageAnswer.cacheControl, ETag: etag, Vary: ImageAnswer.vary),
          body: content))
    }
  }

  // MARK: Wire shapes

  /// Where one image's forms are served.
  static func links(_ image: ImageReference) -> Components.Schemas.ImageLinks {
    let full = imagesPath + image.value
    return .init(
      id: image.value, full: full, thumbnailSmall: full + "?variant=" + ImageVariant.thumbnailSmall.rawValue,
      thumbnailLarge: full + "?variant=" + ImageVariant.thumbnailLarge.rawValue)
  }

  static func wire(_ category: GarmentCategory) -> Components.Schemas.GarmentCategory {
    Components.Schemas.GarmentCategory(rawValue: category.rawValue)!
  }

  static func wire(_ garments: [Garment]) -> Components.Schemas.Wardrobe { .init(garments: garments.map(wire)) }

  static func wire(_ garment: Garment) -> Components.Schemas.Garment {
    Components.Schemas.Garment(
      id: garment.id, category: wire(garment.category), stock: garment.isStock,
      label: garment.isStock ? StockCatalog.item(garment.id)?.label : nil, name: garment.name,
      colour: garment.colour.map { Components.Schemas.GarmentColour(rawValue: $0.rawValue)! },
      backgroundRemoval: Components.Schemas.BackgroundRemoval(rawValue: garment.removalStatus.rawValue)!,
      image: links(garment.displayImage), photo: links(garment.image), createdAt: garment.createdAt,
      updatedAt: garment.updatedAt)
  }

  static func wire(_ body: BodyPhoto) throws -> Components.Schemas.BodyPhoto {
    guard let image = body.image else { throw WardrobeError.noBodyPhoto }
    let stockID: String? = if case .stock(let id) = body.source { id } else { nil }
    return Components.Schemas.BodyPhoto(
      source: stockID == nil ? .own : .stock, stockId: stockID, image: links(image), updatedAt: body.updatedAt)
  }
}

/// The parts of an upload as they stream in: the photo (with the type its part declares) and the
/// category. A photo over ``UploadPolicy/maximumBytes`` stops being read at once; a part the call
/// does not take is read past (the route's body limit bounds it).
struct Upload {
  var photo: [UInt8] = []
  var declaredType: String?
  var category: String?

  /// One part, as the upload reads it.
  enum Part {
    case photo(HTTPBody, declaredType: String?)
    case category(HTTPBody)
    case other(HTTPBody)
  }

  /// Longer than any category's name: more is not a category, and is not read.
  static let categoryBytes = 64

  static let malformed = OrchardError.badRequest(
    "The body is not a well-formed multipart/form-data form: each part needs its headers, a blank line and its "
      + "content, between the boundaries its Content-Type names.")

  /// Reads `parts` in order, each named by `part`. A form that breaks off or is not well formed is
  /// 400 `BAD_REQUEST`; a body over the route's limit stays 413.
  static func read<Parts: AsyncSequence>(_ parts: Parts, _ part: (Parts.Element) -> Part) async throws -> Upload {
    var upload = Upload()
    do {
      for try await element in parts {
        switch part(element) {
        case .photo(let body, let declaredType):
          guard let bytes = try await collect(body, upTo: UploadPolicy.maximumBytes) else {
            throw WardrobeError.imageTooLarge
          }
          upload.photo = bytes
          upload.declaredType = declaredType
        case .category(let body):
          guard let bytes = try await collect(body, upTo: categoryBytes) else { throw WardrobeError.invalidCategory }
          upload.category = String(decoding: bytes, as: UTF8.self)
        case .other(let body):
          for try await _ in body {}
        }
      }
    } catch let error as WardrobeError {
      throw error
    } catch {
      throw limit(in: error) ?? malformed
    }
    return upload
  }

  /// The body's bytes, or nil as soon as there are more than `limit`.
  static func collect(_ body: HTTPBody, upTo limit: Int) async throws -> [UInt8]? {
    var bytes: [UInt8] = []
    for try await chunk in body {
      guard bytes.count + chunk.count <= limit else { return nil }
      bytes += chunk
    }
    return bytes
  }

  /// The body limit's refusal behind `error`, however the multipart reader wrapped it.
  static func limit(in error: any Error) -> OrchardError? {
    var current: (any Error)? = error
    for _ in 0..<4 {
      guard let error = current else { return nil }
      if let refusal = error as? OrchardError { return refusal }
      current = Mirror(reflecting: error).children.lazy.compactMap { $0.value as? any Error }.first
    }
    return nil
  }
}
