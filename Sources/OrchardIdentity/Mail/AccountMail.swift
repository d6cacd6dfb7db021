import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// The messages accounts send, in the account's language: a password-reset link, an email-change
/// confirmation, and notices without a link. Plain text and HTML say the same words; the link is the only thing
/// that matters in either, and it appears whole in both.
public enum AccountMail {
  public static func reset(
    to address: String, link: String, realm: Realm, language: Language, from: String
  )
    -> MailMessage
  {
    message(
      to: address, link: link, realm: realm, language: language, from: from,
      texts: (.resetSubject, .resetIntro, .resetAction, .resetIgnore))
  }

  public static func emailChange(
    to address: String, link: String, realm: Realm, language: Language, from: String
  )
    -> MailMessage
  {
    message(
      to: address, link: link, realm: realm, language: language, from: from,
      texts: (.emailChangeSubject, .emailChangeIntro, .emailChangeAction, .emailChangeIgnore))
  }

  /// The link that confirms a new account's address, working for `hours`.
  public static func signUp(
    to address: String, link: String, hours: Int, realm: Realm, language: Language, from: String
  ) -> MailMessage {
    message(
      to: address, link: link, realm: realm, language: language, from: from,
      texts: (.signUpSubject, .signUpIntro, .signUpMailAction, .signUpIgnore), values: ["hours": hours])
  }

  /// The answer to a sign-up with an address that already has an account: no link that does
  /// anything, only the ways to sign in and to a new password (the person signing up is told the
  /// same as for a free address).
  public static func accountExists(
    to address: String, signIn: String, forgot: String, realm: Realm, language: Language, from: String
  ) -> MailMessage {
    message(
      to: address, link: signIn, realm: realm, language: language, from: from,
      texts: (.accountExistsSubject, .accountExistsIntro, .accountExistsAction, .accountExistsIgnore),
      values: ["forgot": forgot])
  }

  /// The answer to an email change towards an address that already has an account: no link,
  /// only that it has one (the person asking is told the same as for a free address).
  public static func emailTaken(to address: String, realm: Realm, language: Language, from: String) -> MailMessage {
    notice(
      to: address, realm: realm, language: language, from: from,
      texts: (.emailTakenSubject, [.emailTakenIntro, .emailTakenIgnore]))
  }

  /// "Was this you?" to the account's address after its password changed.
  public static func passwordChanged(to address: String, realm: Realm, language: Language, from: String) -> MailMessage
  {
    notice(
      to: address, realm: realm, language: language, from: from,
      texts: (.passwordNoticeSubject, [.passwordNoticeIntro, .passwordNoticeWarning]))
  }

  /// "Was this you?" to the old address after the account moved to `newAddress`, with the link
  /// that puts the old address back (working for `days`).
  public static func emailChanged(
    to address: String, newAddress: String, link: String, days: Int, realm: Realm, language: Language,
    from: String
  ) -> MailMessage {
    message(
      to: address, link: link, realm: realm, language: language, from: from,
      texts: (.addressNoticeSubject, .addressNoticeIntro, .addressNoticeAction, .addressNoticeWarning),
      values: ["email": newAddress, "days": days])
  }

  /// A message of a few sentences and no link.
  static func notice(
    to address: String, realm: Realm, language: Language, from: String,
    texts: (subject: IdentityText, paragraphs: [IdentityText]), values extra: [String: any Sendable] = [:]
  ) -> MailMessage {
    let text = IdentityTexts.all.localizer(realm.languages.contains(language) ? language : .english)
    let values = extra.merging(["app": realm.name]) { _, app in app }
    let subject = text(texts.subject, values)
    let paragraphs = texts.paragraphs.map { text($0, values) }
    let plain = paragraphs.joined(separator: "\n\n") + "\n\n— \(realm.name)\n"
    let body = paragraphs.map { paragraph -> HTML in "<p>\(paragraph)</p>" }
    let html: HTML = """
      <!doctype html><html lang="\(text.language.rawValue)"><head><meta charset="utf-8"><title>\(subject)</title></head>\
      <body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 34rem; margin: 0 auto; padding: 1.5rem;">\
      \(body)<p>— \(realm.name)</p></body></html>
      """
    return MailMessage(from: from, to: address, subject: subject, text: plain, html: html.rendered)
  }

  static func message(
    to address: String, link: String, realm: Realm, language: Language, from: String,
    texts: (subject: IdentityText, intro: IdentityText, action: IdentityText, ignore: IdentityText),
    values extra: [String: any Sendable] = [:]
  ) -> MailMessage {
    let text = IdentityTexts.all.localizer(realm.languages.contains(language) ? language : .english)
    let values = extra.merging(["app": realm.name]) { _, app in app }
    let (subject, intro, action, ignore) = (
      text(texts.subject, values), text(texts.intro, values), text(texts.action, values), text(texts.ignore, values)
    )
    let plain = "\(intro)\n\n\(link)\n\n\(ignore)\n\n— \(realm.name)\n"
    let html: HTML = """
      <!doctype html><html lang="\(text.language.rawValue)"><head><meta charset="utf-8"><title>\(subject)</title></head>\
      <body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 34rem; margin: 0 auto; padding: 1.5rem;">\
      <p>\(intro)</p>\
      <p><a href="\(link)" style="display: inline-block; padding: 0.75rem 1.25rem; border-radius: 0.75rem; \
      background: #1f4d3a; color: #ffffff; text-decoration: none; font-weight: 600;">\(action)</a></p>\
      <p style="word-break: break-all; font-size: 0.875rem;">\(link)</p>\
      <p>\(ignore)</p><p>— \(realm.name)</p></body></html>
      """
    return MailMessage(from: from, to: address, subject: subject, text: plain, html: html.rendered)
  }
}
