/// What a photo upload (a garment or a body photo) must be, and what the server makes of it.
///
/// Checks come in the order the server can make them: the category and the declared type with the
/// first bytes, the byte count as the body streams in, the pixel size once the header is decoded.
/// Each answers with a ``WardrobeError`` code.
public enum UploadPolicy {
  /// 10 MiB. The app uploads photos already scaled to about 1200 px, a few hundred kilobytes; the
  /// limit leaves room for an unscaled camera photo from the web while bounding what one request
  /// can make the server store and read.
  public static let maximumBytes = 10 * 1024 * 1024

  /// 50 megapixels. Decoding is where a small file turns into large memory: a 20,000 × 20,000 JPEG
  /// can weigh a few hundred kilobytes and decode to 1.6 GB. 50 MP bounds one decode near 200 MB of
  /// RGBA and still takes the largest photos phones make: an iPhone's 48 MP (8064 × 6048) and a
  /// 50 MP Android sensor's (8160 × 6120).
  public static let maximumPixels = 50_000_000

  /// 256 px on the shorter side. Background removal and try-on models work at about 1024 px; below
  /// a quarter of that there is too little garment or body to cut out or render. Every camera photo
  /// is far above it; an icon or a 1 × 1 pixel is refused.
  public static let minimumSide = 256

  /// The long edge, in pixels, of the image the server keeps (the spec's ~1200 px): enough for the
  /// garment's detail on a 3x phone, and what the app scales to before uploading.
  public static let longEdge = 1200

  /// The category a garment added on the web is filed under until its review says what it is.
  public static let provisionalCategory = GarmentCategory.tops

  /// Uploads one account may make per minute. A person adding garments one by one makes about
  /// four (the add flow aims at under 15 seconds each); twenty leaves room for a queue of offline
  /// uploads sent on reconnecting, and stops a script filling the disk.
  public static let uploadsPerMinute = 20

  /// The category sent with a garment: one of ``GarmentCategory``'s raw values, else
  /// `INVALID_CATEGORY`.
  public static func check(category: String?) -> Result<GarmentCategory, WardrobeError> {
    guard let category = category.flatMap(GarmentCategory.init(rawValue:)) else {
      return .failure(.invalidCategory)
    }
    return .success(category)
  }

  /// The format of an upload from its declared MIME type and its first bytes (pass at least
  /// ``ImageType/sniffLength`` when the file has them). No bytes: `MISSING_PHOTO`. A declared type
  /// that is missing or unsupported, or bytes that show another format or none of ours (a PNG
  /// declared as JPEG): `INVALID_IMAGE_TYPE`.
  public static func check(declared: String?, magicBytes: some Collection<UInt8>) -> Result<ImageType, WardrobeError> {
    guard !magicBytes.isEmpty else { return .failure(.missingPhoto) }
    guard let type = declared.flatMap(ImageType.init(mimeType:)), ImageType(magicBytes: magicBytes) == type else {
      return .failure(.invalidImageType)
    }
    return .success(type)
  }

  /// The upload's size: none is `MISSING_PHOTO`, over ``maximumBytes`` is `IMAGE_TOO_LARGE`.
  public static func check(byteCount: Int) -> Result<Void, WardrobeError> {
    if byteCount <= 0 { return .failure(.missingPhoto) }
    if byteCount > maximumBytes { return .failure(.imageTooLarge) }
    return .success(())
  }

  /// The decoded size: no area is `IMAGE_UNREADABLE` (a header that gives none is broken), over
  /// ``maximumPixels`` is `IMAGE_TOO_LARGE`, a side under ``minimumSide`` is `IMAGE_TOO_SMALL`.
  public static func check(width: Int, height: Int) -> Result<Void, WardrobeError> {
    guard width > 0, height > 0 else { return .failure(.imageUnreadable) }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || pixels > maximumPixels { return .failure(.imageTooLarge) }
    if min(width, height) < minimumSide { return .failure(.imageTooSmall) }
    return .success(())
  }
}
