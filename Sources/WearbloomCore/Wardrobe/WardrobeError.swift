/// Why a wardrobe request was refused. The raw value is the stable code the API sends; the
/// sentence a user reads belongs to the app, never to this core.
public enum WardrobeError: String, Error, CaseIterable, Codable, Sendable, Hashable {
  /// No photo was sent, or it was empty.
  case missingPhoto = "MISSING_PHOTO"
  /// The category is missing, not one of ``GarmentCategory``, or not offered for try-on.
  case invalidCategory = "INVALID_CATEGORY"
  /// The declared type is missing or unsupported, or the bytes are not what it declares.
  case invalidImageType = "INVALID_IMAGE_TYPE"
  /// More bytes than ``UploadPolicy/maximumBytes`` or more pixels than ``UploadPolicy/maximumPixels``.
  case imageTooLarge = "IMAGE_TOO_LARGE"
  /// A side shorter than ``UploadPolicy/minimumSide``.
  case imageTooSmall = "IMAGE_TOO_SMALL"
  /// The bytes start like a supported image but it cannot be decoded (no size, or a zero one).
  case imageUnreadable = "IMAGE_UNREADABLE"
  /// No garment with that id that the account may reach.
  case garmentNotFound = "GARMENT_NOT_FOUND"
  /// A try-on needs a body photo, and the account has none.
  case noBodyPhoto = "NO_BODY_PHOTO"
  /// The try-on provider lays a garment's cutout on the body, and this garment has none: its
  /// photo could not be cut out cleanly (or is still being cut out).
  case garmentNotCutOut = "GARMENT_NOT_CUT_OUT"
  /// No stock figure with that id.
  case stockItemNotFound = "STOCK_ITEM_NOT_FOUND"
  /// A garment's name longer than ``GarmentName/maximumLength`` or holding a control character.
  case invalidName = "INVALID_NAME"
}
