import OrchardKit

/// The platform's own sentences: the page layout's and the errors every app shares, localised by
/// their stable code.
public enum PlatformText: String, TextKey {
  case skipLink = "layout.skip-link"
  case backToOrchard = "error.back"
  case notFoundTitle = "error.not-found.title"
  case notFoundDetail = "error.not-found.detail"
  case methodNotAllowedTitle = "error.method-not-allowed.title"
  case methodNotAllowedDetail = "error.method-not-allowed.detail"
  case crossSiteTitle = "error.cross-site.title"
  case crossSiteDetail = "error.cross-site.detail"
  case payloadTooLargeTitle = "error.payload-too-large.title"
  case payloadTooLargeDetail = "error.payload-too-large.detail"
  case internalErrorTitle = "error.internal.title"
  case internalErrorDetail = "error.internal.detail"
  case conflictTitle = "error.conflict.title"
  case conflictDetail = "error.conflict.detail"
  case badRequestTitle = "error.bad-request.title"
  case unauthorizedTitle = "error.unauthorized.title"
  case unsupportedMediaTypeTitle = "error.unsupported-media-type.title"
  case unsupportedMediaTypeDetail = "error.unsupported-media-type.detail"
  case controlCharacterTitle = "error.control-character.title"
  case controlCharacterDetail = "error.control-character.detail"
  case rateLimitedTitle = "error.rate-limited.title"
  case rateLimitedDetail = "error.rate-limited.detail"
}

/// The platform's catalogs: every language an app of the platform speaks.
public enum PlatformTexts {
  public static let all = Texts<PlatformText>([english, french, japanese, korean])

  public static let english = Catalog<PlatformText>(
    .english,
    [
      .skipLink: "Skip to content",
      .backToOrchard: "Back to Orchard",
      .notFoundTitle: "Page not found",
      .notFoundDetail: "There is nothing at this address. It may have moved, or the link may be mistyped.",
      .methodNotAllowedTitle: "Not available this way",
      .methodNotAllowedDetail: "This address does not accept that kind of request.",
      .crossSiteTitle: "Request refused",
      .crossSiteDetail:
        "This request came from another website, so nothing was changed. Go back and try again from Orchard itself.",
      .payloadTooLargeTitle: "Too much data",
      .payloadTooLargeDetail: "The request was larger than this address accepts.",
      .internalErrorTitle: "Something went wrong on our side",
      .internalErrorDetail:
        "We could not finish this request. Nothing you entered was lost; please try again in a moment.",
      .conflictTitle: "Please try again",
      .conflictDetail:
        "This was changed by another request at the same moment, and nothing of yours was lost. Try again.",
      .badRequestTitle: "Something in the request was not right",
      .unauthorizedTitle: "Not signed in",
      .unsupportedMediaTypeTitle: "Not a kind of data this address reads",
      .unsupportedMediaTypeDetail: "Send the body as JSON, with Content-Type: application/json.",
      .controlCharacterTitle: "Some text could not be read",
      .controlCharacterDetail:
        "Part of the text holds an invisible control character (such as NUL), so nothing was saved. Type or paste it again as plain text.",
      .rateLimitedTitle: "Please slow down",
      .rateLimitedDetail:
        "Too many requests came from here in a short time, so this one was not done. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
    ])

  public static let french = Catalog<PlatformText>(
    .french,
    [
      .skipLink: "Aller au contenu",
      .backToOrchard: "Retour à Orchard",
      .notFoundTitle: "Page introuvable",
      .notFoundDetail:
        "Il n\u{2019}y a rien à cette adresse. La page a peut-être changé de place, ou le lien contient une faute.",
      .methodNotAllowedTitle: "Pas disponible de cette façon",
      .methodNotAllowedDetail: "Cette adresse n\u{2019}accepte pas ce genre de requête.",
      .crossSiteTitle: "Requête refusée",
      .crossSiteDetail:
        "Cette requête venait d\u{2019}un autre site, donc rien n\u{2019}a changé. Revenez en arrière et réessayez depuis Orchard.",
      .payloadTooLargeTitle: "Trop de données",
      .payloadTooLargeDetail: "La requête dépassait ce que cette adresse accepte.",
      .internalErrorTitle: "Un problème est survenu de notre côté",
      .internalErrorDetail:
        "Nous n\u{2019}avons pas pu terminer cette requête. Rien de ce que vous avez saisi n\u{2019}est perdu\u{202F}; réessayez dans un instant.",
      .conflictTitle: "Réessayez, s\u{2019}il vous plaît",
      .conflictDetail:
        "Une autre requête a modifié ceci au même moment, et rien de ce qui est à vous n\u{2019}est perdu. Réessayez.",
      .badRequestTitle: "Quelque chose n\u{2019}allait pas dans la requête",
      .unauthorizedTitle: "Non connecté",
      .unsupportedMediaTypeTitle: "Un type de données que cette adresse ne lit pas",
      .unsupportedMediaTypeDetail: "Envoyez le corps en JSON, avec Content-Type: application/json.",
      .controlCharacterTitle: "Une partie du texte est illisible",
      .controlCharacterDetail:
        "Le texte contient un caractère de contrôle invisible (comme NUL), donc rien n\u{2019}a été enregistré. Tapez-le ou collez-le à nouveau en texte simple.",
      .rateLimitedTitle: "Un peu plus lentement",
      .rateLimitedDetail:
        "Trop de requêtes sont venues d\u{2019}ici en peu de temps, donc celle-ci n\u{2019}a pas été faite. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.",
    ])

  public static let japanese = Catalog<PlatformText>(
    .japanese,
    [
      .skipLink: "本文へ移動",
      .backToOrchard: "Orchard に戻る",
      .notFoundTitle: "ページが見つかりません",
      .notFoundDetail: "このアドレスには何もありません。移動したか、リンクが間違っているのかもしれません。",
      .methodNotAllowedTitle: "この方法では使えません",
      .methodNotAllowedDetail: "このアドレスはその種類のリクエストを受け付けません。",
      .crossSiteTitle: "リクエストを受け付けませんでした",
      .crossSiteDetail: "このリクエストは別のサイトから来たため、何も変更していません。戻って、Orchard からもう一度お試しください。",
      .payloadTooLargeTitle: "データが多すぎます",
      .payloadTooLargeDetail: "このアドレスが受け付ける大きさを超えていました。",
      .internalErrorTitle: "こちら側で問題が起きました",
      .internalErrorDetail: "このリクエストを完了できませんでした。入力した内容は失われていません。少ししてからもう一度お試しください。",
      .conflictTitle: "もう一度お試しください",
      .conflictDetail: "同時に別のリクエストがこれを変更しました。あなたの内容は失われていません。もう一度お試しください。",
      .badRequestTitle: "リクエストに正しくない所がありました",
      .unauthorizedTitle: "ログインしていません",
      .unsupportedMediaTypeTitle: "このアドレスが読めない種類のデータです",
      .unsupportedMediaTypeDetail: "本文は JSON で、Content-Type: application/json を付けて送ってください。",
      .controlCharacterTitle: "読めない文字がありました",
      .controlCharacterDetail: "テキストに目に見えない制御文字（NUL など）が含まれているため、保存しませんでした。普通のテキストとしてもう一度入力するか貼り付けてください。",
      .rateLimitedTitle: "少しゆっくりお願いします",
      .rateLimitedDetail: "短い時間にここからのリクエストが多すぎたため、これは実行しませんでした。{seconds} 秒後にもう一度お試しください。",
    ])

  public static let korean = Catalog<PlatformText>(
    .korean,
    [
      .skipLink: "본문으로 건너뛰기",
      .backToOrchard: "Orchard로 돌아가기",
      .notFoundTitle: "페이지를 찾을 수 없어요",
      .notFoundDetail: "이 주소에는 아무것도 없어요. 옮겨졌거나 링크가 잘못되었을 수 있어요.",
      .methodNotAllowedTitle: "이 방법으로는 쓸 수 없어요",
      .methodNotAllowedDetail: "이 주소는 그런 종류의 요청을 받지 않아요.",
      .crossSiteTitle: "요청을 거절했어요",
      .crossSiteDetail: "이 요청은 다른 웹사이트에서 왔기 때문에 아무것도 바꾸지 않았어요. 돌아가서 Orchard에서 다시 시도해 주세요.",
      .payloadTooLargeTitle: "데이터가 너무 많아요",
      .payloadTooLargeDetail: "이 주소가 받을 수 있는 크기를 넘었어요.",
      .internalErrorTitle: "저희 쪽에 문제가 생겼어요",
      .internalErrorDetail: "이 요청을 끝내지 못했어요. 입력한 내용은 사라지지 않았어요. 잠시 후 다시 시도해 주세요.",
      .conflictTitle: "다시 시도해 주세요",
      .conflictDetail: "같은 순간에 다른 요청이 이것을 바꿨어요. 내용은 사라지지 않았어요. 다시 시도해 주세요.",
      .badRequestTitle: "요청에 맞지 않는 부분이 있었어요",
      .unauthorizedTitle: "로그인하지 않았어요",
      .unsupportedMediaTypeTitle: "이 주소가 읽을 수 없는 종류의 데이터예요",
      .unsupportedMediaTypeDetail: "본문은 JSON으로, Content-Type: application/json과 함께 보내 주세요.",
      .controlCharacterTitle: "읽을 수 없는 글자가 있어요",
      .controlCharacterDetail: "텍스트에 보이지 않는 제어 문자(NUL 등)가 있어서 아무것도 저장하지 않았어요. 일반 텍스트로 다시 입력하거나 붙여 넣어 주세요.",
      .rateLimitedTitle: "조금 천천히 해 주세요",
      .rateLimitedDetail: "짧은 시간에 이곳에서 요청이 너무 많이 와서 이 요청은 처리하지 않았어요. {seconds}초 후에 다시 시도해 주세요.",
    ])

  /// The sentences of the errors the platform names, by code: the title and, for errors whose
  /// detail is the platform's own, the detail.
  static let byCode: [String: (title: PlatformText, detail: PlatformText?)] = [
    "NOT_FOUND": (.notFoundTitle, .notFoundDetail),
    "METHOD_NOT_ALLOWED": (.methodNotAllowedTitle, .methodNotAllowedDetail),
    "CROSS_SITE_REQUEST": (.crossSiteTitle, .crossSiteDetail),
    "PAYLOAD_TOO_LARGE": (.payloadTooLargeTitle, .payloadTooLargeDetail),
    "INTERNAL_ERROR": (.internalErrorTitle, .internalErrorDetail),
    "CONFLICT": (.conflictTitle, .conflictDetail),
    "BAD_REQUEST": (.badRequestTitle, nil),
    "UNSUPPORTED_MEDIA_TYPE": (.unsupportedMediaTypeTitle, .unsupportedMediaTypeDetail),
    "CONTROL_CHARACTER": (.controlCharacterTitle, .controlCharacterDetail),
    "RATE_LIMITED": (.rateLimitedTitle, .rateLimitedDetail),
    "UNAUTHORIZED": (.unauthorizedTitle, nil),
  ]

  /// `error` in `language`, for the errors the platform names; an app's own error was already
  /// written in the request's language by the app.
  public static func localize(_ error: OrchardError, in language: Language) -> OrchardError {
    guard let texts = byCode[error.code] else { return error }
    let text = all.localizer(language)
    var localized = OrchardError(
      status: error.status, code: error.code, title: text(texts.title),
      detail: texts.detail.map { text($0, error.values) } ?? error.detail)
    localized.headers = error.headers
    localized.problems = error.problems
    localized.values = error.values
    return localized
  }
}
