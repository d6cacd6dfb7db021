import Foundation
import HTTPTypes
import SQLKit

/// Signing up as a person does: sign-up mails a link that confirms the address (the answer never
/// says whether the address had an account), and the link's token, sent to `verify`, signs in.
extension JSONAPIClient {
  /// Signs up at the accounts API under `auth` (such as `/wearbloom/api/v1/auth`), reads the link
  /// mailed to `email` from the outbox in `database`, and confirms it: `verify`'s answer (a
  /// session), or sign-up's own answer when it refused.
  public func signUpConfirmed(
    at auth: String, email: String, password: String, outbox database: any SQLDatabase,
    extra: [String: String] = [:]
  ) async throws -> Answer {
    let asked = try await send(
      .post, auth + "/signup", json: extra.merging(["email": email, "password": password]) { _, new in new })
    guard asked.status == .ok else { return asked }
    let app = auth.split(separator: "/").first.map(String.init)
    let token = try await Self.mailedToken(to: email.lowercased(), app: app, in: database) ?? ""
    return try await send(.post, auth + "/verify", json: ["type": "signup", "token": token])
  }

  /// The token of the newest link mailed to `address` (normalised) by `app` (any app when nil),
  /// if any mail to it holds one. Mail made at one instant has no order: a test that sends two
  /// links to one address moves its clock between them.
  public static func mailedToken(
    to address: String, app: String? = nil, in database: any SQLDatabase
  ) async throws -> String? {
    var query = database.select().columns("text_body").from("email_outbox")
      .where("to_address", .equal, SQLBind(address))
    if let app { query = query.where("app", .equal, SQLBind(app)) }
    let rows = try await query.orderBy("created_at", .descending).all()
    for row in rows {
      let text = try row.decode(column: "text_body", as: String.self)
      for word in text.split(whereSeparator: \.isWhitespace) {
        if let token = URLComponents(string: String(word))?.queryItems?.first(where: { $0.name == "token" })?.value {
          return token
        }
      }
    }
    return nil
  }
}

extension Visitor {
  /// Fills in `app`'s sign-up form with `form`, then opens the link mailed to `email` (read from the
  /// outbox in `database`) and presses its button, as a person does: the button's answer, or the
  /// form's when it was refused.
  public mutating func signUp(
    _ app: String, form: String, email: String, outbox database: any SQLDatabase
  ) async throws -> (status: HTTPResponse.Status, location: String?, body: String) {
    let asked = try await post("/\(app)/account/sign-up", form: form)
    guard asked.status == .ok,
      let token = try await JSONAPIClient.mailedToken(to: email.lowercased(), app: app, in: database)
    else { return asked }
    _ = try await get("/\(app)/account/confirm-sign-up?token=\(token)")
    return try await post("/\(app)/account/confirm-sign-up", form: "token=\(token)")
  }
}
