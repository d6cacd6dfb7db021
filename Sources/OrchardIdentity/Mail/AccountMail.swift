import Foundation
import IdentityCore
import OrchardKit
import ServerKit

/// The two messages accounts send, in the account's language: a password-reset link and an
/// email-change confirmation. Plain text and HTML say the same words; the link is the only thing
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

  static func message(
    to address: String, link: String, realm: Realm, language: Language, from: String,
    texts: (subject: IdentityText, intro: IdentityText, action: IdentityText, ignore: IdentityText)
  ) -> MailMessage {
    let text = IdentityTexts.all.localizer(realm.languages.contains(language) ? language : .english)
    let values: [String: any Sendable] = ["app": realm.name]
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
