import OrchardKit

/// Every sentence the identity layer shows, by key, in each language an account app speaks.
public enum IdentityText: String, TextKey {
  case emailMissing = "email.missing"
  case emailInvalid = "email.invalid"
  case emailTooLong = "email.too-long"
  case passwordMissing = "password.missing"
  case passwordTooShort = "password.too-short"
  case passwordTooLong = "password.too-long"
  case passwordCommon = "password.common"
  case passwordSameAsEmail = "password.same-as-email"
  case passwordsDontMatch = "password.mismatch"
  case invalidCredentials = "sign-in.invalid"
  case emailExists = "sign-up.email-exists"
  case lockedOut = "sign-in.locked"
  case rateLimited = "limits.rate"
  case sessionEnded = "session.ended"
  case emailLinkInvalid = "email-link.invalid"
  case currentPasswordRequired = "password.current-required"
  case currentPasswordWrong = "password.current-wrong"
  case samePassword = "password.same"
  case appleNotConfigured = "apple.not-configured"
  case resetSubject = "mail.reset.subject"
  case resetIntro = "mail.reset.intro"
  case resetAction = "mail.reset.action"
  case resetIgnore = "mail.reset.ignore"
  case emailChangeSubject = "mail.email-change.subject"
  case emailChangeIntro = "mail.email-change.intro"
  case emailChangeAction = "mail.email-change.action"
  case emailChangeIgnore = "mail.email-change.ignore"
}

/// The identity layer's catalogs: English, French, Japanese and Korean (Dangdai's four languages;
/// Wearbloom speaks English).
public enum IdentityTexts {
  public static let all = Texts<IdentityText>([english, french, japanese, korean])

  public static let english = Catalog<IdentityText>(
    .english,
    [
      .emailMissing: "Enter your email address.",
      .emailInvalid: "That doesn\u{2019}t look like an email address. Check it for typos.",
      .emailTooLong: "That email address is too long.",
      .passwordMissing: "Enter your password.",
      .passwordTooShort: "Use at least {minimum} characters.",
      .passwordTooLong: "Use at most {maximum} characters.",
      .passwordCommon: "This password is one of the most common, and the first one guessed. Choose another.",
      .passwordSameAsEmail: "Your password can\u{2019}t be your email address.",
      .passwordsDontMatch: "Passwords don\u{2019}t match.",
      .invalidCredentials: "That email and password don\u{2019}t match an account.",
      .emailExists: "An account with this email already exists. Sign in instead.",
      .lockedOut:
        "Too many wrong passwords. Try again in {seconds, plural, one {# second} other {# seconds}}.",
      .rateLimited: "Too many tries. Try again in {seconds, plural, one {# second} other {# seconds}}.",
      .sessionEnded: "You\u{2019}ve been signed out. Sign in again to continue.",
      .emailLinkInvalid: "This link has expired or has already been used. Ask for a new one.",
      .currentPasswordRequired: "Enter your current password to make this change.",
      .currentPasswordWrong: "That isn\u{2019}t your current password.",
      .samePassword: "That\u{2019}s your current password. Choose a new one.",
      .appleNotConfigured: "Sign in with Apple isn\u{2019}t available for {app} yet. Use your email instead.",
      .resetSubject: "Reset your {app} password",
      .resetIntro:
        "Someone asked to reset the password of your {app} account. If it was you, choose a new password within 30 minutes:",
      .resetAction: "Choose a new password",
      .resetIgnore: "If it wasn\u{2019}t you, ignore this email: your password stays as it is.",
      .emailChangeSubject: "Confirm your new email for {app}",
      .emailChangeIntro: "To sign in to {app} with this address from now on, confirm it within 30 minutes:",
      .emailChangeAction: "Confirm this email",
      .emailChangeIgnore: "If you didn\u{2019}t ask for this, ignore this email and nothing will change.",
    ])

  public static let french = Catalog<IdentityText>(
    .french,
    [
      .emailMissing: "Saisissez votre adresse e-mail.",
      .emailInvalid: "Cette adresse e-mail ne semble pas valide. Vérifiez qu\u{2019}elle ne contient pas de faute.",
      .emailTooLong: "Cette adresse e-mail est trop longue.",
      .passwordMissing: "Saisissez votre mot de passe.",
      .passwordTooShort: "Utilisez au moins {minimum} caractères.",
      .passwordTooLong: "Utilisez au plus {maximum} caractères.",
      .passwordCommon:
        "Ce mot de passe fait partie des plus courants : c\u{2019}est l\u{2019}un des premiers essayés. Choisissez-en un autre.",
      .passwordSameAsEmail: "Votre mot de passe ne peut pas être votre adresse e-mail.",
      .passwordsDontMatch: "Les mots de passe ne correspondent pas.",
      .invalidCredentials: "Cette adresse e-mail et ce mot de passe ne correspondent à aucun compte.",
      .emailExists: "Un compte existe déjà avec cette adresse. Connectez-vous plutôt.",
      .lockedOut:
        "Trop de mots de passe erronés. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.",
      .rateLimited: "Trop de tentatives. Réessayez dans {seconds, plural, one {# seconde} other {# secondes}}.",
      .sessionEnded: "Vous avez été déconnecté. Reconnectez-vous pour continuer.",
      .emailLinkInvalid: "Ce lien a expiré ou a déjà servi. Demandez-en un nouveau.",
      .currentPasswordRequired: "Saisissez votre mot de passe actuel pour faire ce changement.",
      .currentPasswordWrong: "Ce n\u{2019}est pas votre mot de passe actuel.",
      .samePassword: "C\u{2019}est votre mot de passe actuel. Choisissez-en un nouveau.",
      .appleNotConfigured:
        "La connexion avec Apple n\u{2019}est pas encore disponible pour {app}. Utilisez votre adresse e-mail.",
      .resetSubject: "Réinitialisez votre mot de passe {app}",
      .resetIntro:
        "Quelqu\u{2019}un a demandé à réinitialiser le mot de passe de votre compte {app}. Si c\u{2019}était vous, choisissez un nouveau mot de passe dans les 30 minutes :",
      .resetAction: "Choisir un nouveau mot de passe",
      .resetIgnore:
        "Si ce n\u{2019}était pas vous, ignorez cet e-mail : votre mot de passe reste le même.",
      .emailChangeSubject: "Confirmez votre nouvelle adresse pour {app}",
      .emailChangeIntro:
        "Pour vous connecter à {app} avec cette adresse désormais, confirmez-la dans les 30 minutes :",
      .emailChangeAction: "Confirmer cette adresse",
      .emailChangeIgnore: "Si vous n\u{2019}avez rien demandé, ignorez cet e-mail : rien ne changera.",
    ])

  public static let japanese = Catalog<IdentityText>(
    .japanese,
    [
      .emailMissing: "メールアドレスを入力してください。",
      .emailInvalid: "メールアドレスの形式が正しくないようです。入力内容をご確認ください。",
      .emailTooLong: "メールアドレスが長すぎます。",
      .passwordMissing: "パスワードを入力してください。",
      .passwordTooShort: "{minimum}文字以上にしてください。",
      .passwordTooLong: "{maximum}文字以内にしてください。",
      .passwordCommon: "このパスワードは非常によく使われており、真っ先に推測されます。別のパスワードを選んでください。",
      .passwordSameAsEmail: "メールアドレスをパスワードにすることはできません。",
      .passwordsDontMatch: "パスワードが一致しません。",
      .invalidCredentials: "メールアドレスまたはパスワードが正しくありません。",
      .emailExists: "このメールアドレスのアカウントはすでにあります。ログインしてください。",
      .lockedOut: "パスワードの誤りが続いたため、{seconds}秒後にもう一度お試しください。",
      .rateLimited: "試行回数が多すぎます。{seconds}秒後にもう一度お試しください。",
      .sessionEnded: "ログアウトされました。続けるには、もう一度ログインしてください。",
      .emailLinkInvalid: "このリンクは期限切れか、すでに使用されています。新しいリンクをリクエストしてください。",
      .currentPasswordRequired: "この変更には、現在のパスワードを入力してください。",
      .currentPasswordWrong: "現在のパスワードが正しくありません。",
      .samePassword: "現在と同じパスワードです。新しいパスワードを選んでください。",
      .appleNotConfigured: "{app}では、Appleでサインインはまだご利用いただけません。メールアドレスをお使いください。",
      .resetSubject: "{app}のパスワードの再設定",
      .resetIntro: "{app}アカウントのパスワード再設定のリクエストがありました。ご本人の場合は、30分以内に新しいパスワードを設定してください：",
      .resetAction: "新しいパスワードを設定する",
      .resetIgnore: "お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。",
      .emailChangeSubject: "{app}の新しいメールアドレスの確認",
      .emailChangeIntro: "今後このアドレスで{app}にログインするには、30分以内に確認してください：",
      .emailChangeAction: "このメールアドレスを確認する",
      .emailChangeIgnore: "お心当たりがない場合は、このメールを無視してください。何も変更されません。",
    ])

  public static let korean = Catalog<IdentityText>(
    .korean,
    [
      .emailMissing: "이메일 주소를 입력하세요.",
      .emailInvalid: "올바른 이메일 주소가 아닌 것 같아요. 오타가 없는지 확인해 주세요.",
      .emailTooLong: "이메일 주소가 너무 깁니다.",
      .passwordMissing: "비밀번호를 입력하세요.",
      .passwordTooShort: "{minimum}자 이상으로 입력하세요.",
      .passwordTooLong: "{maximum}자 이하로 입력하세요.",
      .passwordCommon: "가장 흔히 쓰이는 비밀번호라서 가장 먼저 추측됩니다. 다른 비밀번호를 선택하세요.",
      .passwordSameAsEmail: "이메일 주소를 비밀번호로 쓸 수 없습니다.",
      .passwordsDontMatch: "비밀번호가 일치하지 않습니다.",
      .invalidCredentials: "이메일 또는 비밀번호가 계정과 일치하지 않습니다.",
      .emailExists: "이 이메일로 만든 계정이 이미 있습니다. 로그인해 주세요.",
      .lockedOut: "비밀번호를 여러 번 잘못 입력했습니다. {seconds}초 후에 다시 시도하세요.",
      .rateLimited: "시도 횟수가 너무 많습니다. {seconds}초 후에 다시 시도하세요.",
      .sessionEnded: "로그아웃되었습니다. 계속하려면 다시 로그인하세요.",
      .emailLinkInvalid: "이 링크는 만료되었거나 이미 사용되었습니다. 새 링크를 요청하세요.",
      .currentPasswordRequired: "이 변경을 하려면 현재 비밀번호를 입력하세요.",
      .currentPasswordWrong: "현재 비밀번호가 맞지 않습니다.",
      .samePassword: "현재 비밀번호와 같습니다. 새 비밀번호를 선택하세요.",
      .appleNotConfigured: "{app}에서는 아직 Apple로 로그인을 사용할 수 없습니다. 이메일을 사용해 주세요.",
      .resetSubject: "{app} 비밀번호 재설정",
      .resetIntro: "{app} 계정의 비밀번호 재설정 요청이 있었습니다. 본인이라면 30분 안에 새 비밀번호를 설정하세요:",
      .resetAction: "새 비밀번호 설정",
      .resetIgnore: "본인이 요청하지 않았다면 이 이메일을 무시하세요. 비밀번호는 그대로 유지됩니다.",
      .emailChangeSubject: "{app} 새 이메일 주소 확인",
      .emailChangeIntro: "앞으로 이 주소로 {app}에 로그인하려면 30분 안에 확인하세요:",
      .emailChangeAction: "이 이메일 주소 확인",
      .emailChangeIgnore: "요청하지 않았다면 이 이메일을 무시하세요. 아무것도 바뀌지 않습니다.",
    ])
}
