import ServerKit

extension OrchardError {
  /// MIGA's 401: where its apps get a token.
  static let unauthorized = OrchardError.unauthorized(
    realm: "miga", detail: "Send the device token from POST /miga/api/v1/devices as Authorization: Bearer <token>.")
}
