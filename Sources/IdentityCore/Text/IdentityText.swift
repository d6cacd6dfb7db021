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
  case appleRefused = "apple.refused"
  case appleUnavailable = "apple.unavailable"
  case appleCancelled = "apple.cancelled"
  case appleExpired = "apple.expired"
  case appleAction = "action.apple"
  case orDivider = "prompt.or"
  case resetSubject = "mail.reset.subject"
  case resetIntro = "mail.reset.intro"
  case resetAction = "mail.reset.action"
  case resetIgnore = "mail.reset.ignore"
  case emailChangeSubject = "mail.email-change.subject"
  case emailChangeIntro = "mail.email-change.intro"
  case emailChangeAction = "mail.email-change.action"
  case emailChangeIgnore = "mail.email-change.ignore"
  case emailTakenSubject = "mail.email-taken.subject"
  case emailTakenIntro = "mail.email-taken.intro"
  case emailTakenIgnore = "mail.email-taken.ignore"
  case passwordNoticeSubject = "mail.password-changed.subject"
  case passwordNoticeIntro = "mail.password-changed.intro"
  case passwordNoticeWarning = "mail.password-changed.warning"
  case addressNoticeSubject = "mail.email-changed.subject"
  case addressNoticeIntro = "mail.email-changed.intro"
  case addressNoticeWarning = "mail.email-changed.warning"
  case addressNoticeAction = "mail.email-changed.action"
  case restoreEmailTitle = "page.restore-email.title"
  case restoreEmailIntro = "prompt.restore-email"
  case signUpSubject = "mail.sign-up.subject"
  case signUpIntro = "mail.sign-up.intro"
  case signUpMailAction = "mail.sign-up.action"
  case signUpIgnore = "mail.sign-up.ignore"
  case accountExistsSubject = "mail.account-exists.subject"
  case accountExistsIntro = "mail.account-exists.intro"
  case accountExistsAction = "mail.account-exists.action"
  case accountExistsIgnore = "mail.account-exists.ignore"
  case emailNotConfirmed = "sign-in.not-confirmed"
  case checkInboxTitle = "page.check-inbox.title"
  case checkInbox = "notice.check-inbox"
  case confirmSignUpTitle = "page.confirm-sign-up.title"
  case confirmSignUpIntro = "prompt.confirm-sign-up"
  case confirmSignUpAction = "action.confirm-sign-up"
  case signUpTitle = "page.sign-up.title"
  case signInTitle = "page.sign-in.title"
  case forgotTitle = "page.forgot.title"
  case resetTitle = "page.reset.title"
  case accountTitle = "page.account.title"
  case confirmEmailTitle = "page.confirm-email.title"
  case deleteTitle = "page.delete.title"
  case deletedTitle = "page.deleted.title"
  case emailLabel = "field.email"
  case passwordLabel = "field.password"
  case newPasswordLabel = "field.new-password"
  case confirmPasswordLabel = "field.confirm-password"
  case currentPasswordLabel = "field.current-password"
  case newEmailLabel = "field.new-email"
  case passwordHint = "field.password-hint"
  case signUpAction = "action.sign-up"
  case signInAction = "action.sign-in"
  case sendLinkAction = "action.send-link"
  case savePasswordAction = "action.save-password"
  case changePasswordAction = "action.change-password"
  case changeEmailAction = "action.change-email"
  case signOutAction = "action.sign-out"
  case signOutEverywhereAction = "action.sign-out-everywhere"
  case exportAction = "action.export"
  case deleteAction = "action.delete"
  case deleteConfirmAction = "action.delete-confirm"
  case keepAccountAction = "action.keep-account"
  case haveAccount = "prompt.have-account"
  case noAccount = "prompt.no-account"
  case forgotLink = "prompt.forgot"
  case forgotIntro = "prompt.forgot-intro"
  case linkSent = "notice.link-sent"
  case passwordReset = "notice.password-reset"
  case passwordChanged = "notice.password-changed"
  case emailChangeSent = "notice.email-change-sent"
  case emailChanged = "notice.email-changed"
  case signedOutEverywhere = "notice.signed-out-everywhere"
  case signedOut = "notice.signed-out"
  case deleteWarning = "notice.delete-warning"
  case deleted = "notice.deleted"
  case signedInAs = "notice.signed-in-as"
  case pendingEmail = "notice.pending-email"
  case backToApp = "action.back-to-app"
  case exportIntro = "prompt.export"
  case exportIntroArchive = "prompt.export-archive"
  case securityHeading = "heading.security"
  case dangerHeading = "heading.danger"
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
      .emailTakenSubject: "This address already has a {app} account",
      .emailTakenIntro:
        "Someone asked to move another {app} account to this address. This address already has its own {app} account, so nothing has changed.",
      .emailTakenIgnore:
        "If it was you, sign in with this address instead. If it wasn\u{2019}t, you can ignore this email.",
      .passwordNoticeSubject: "Your {app} password was changed",
      .passwordNoticeIntro:
        "The password of your {app} account was just changed. If that was you, all is well and there\u{2019}s nothing more to do.",
      .passwordNoticeWarning:
        "If it wasn\u{2019}t you, someone may be using your account. Choose a new password now with \u{201C}Forgot password?\u{201D} on the sign-in page.",
      .addressNoticeSubject: "Your {app} email was changed",
      .signUpTitle: "Create your {app} account",
      .signInTitle: "Sign in to {app}",
      .forgotTitle: "Forgot your password?",
      .resetTitle: "Choose a new password",
      .accountTitle: "Your account",
      .confirmEmailTitle: "Confirm your new email",
      .deleteTitle: "Delete your account?",
      .deletedTitle: "Your account is deleted",
      .emailLabel: "Email",
      .passwordLabel: "Password",
      .newPasswordLabel: "New password",
      .confirmPasswordLabel: "Confirm password",
      .currentPasswordLabel: "Current password",
      .newEmailLabel: "New email",
      .passwordHint: "At least 8 characters. A phrase you\u{2019}ll remember works well.",
      .signUpAction: "Create account",
      .signInAction: "Sign in",
      .sendLinkAction: "Send reset link",
      .savePasswordAction: "Save new password",
      .changePasswordAction: "Change password",
      .changeEmailAction: "Change email",
      .signOutAction: "Sign out",
      .signOutEverywhereAction: "Sign out everywhere else",
      .exportAction: "Download my data",
      .deleteAction: "Delete account",
      .deleteConfirmAction: "Delete my account for good",
      .keepAccountAction: "Keep my account",
      .haveAccount: "Already have an account?",
      .noAccount: "New to {app}?",
      .forgotLink: "Forgot password?",
      .forgotIntro: "Enter the email of your account, and we\u{2019}ll send a link to choose a new password.",
      .linkSent: "If an account uses {email}, a link to reset its password is on its way. It works for 30 minutes.",
      .passwordReset: "Your password is changed, and every device was signed out. Sign in with your new password.",
      .passwordChanged: "Password changed. Your other devices were signed out.",
      .emailChangeSent: "We sent a link to {email}. Open it within 30 minutes to start using that address.",
      .emailChanged: "Your email is now {email}.",
      .signedOutEverywhere: "Every other device is signed out.",
      .signedOut: "You\u{2019}re signed out.",
      .deleteWarning: "This deletes your account and everything {app} keeps for it. It can\u{2019}t be undone.",
      .deleted: "Everything {app} kept for it is being removed now. Thank you for trying {app}.",
      .signedInAs: "Signed in as {email}",
      .pendingEmail: "Waiting for you to confirm {email}.",
      .backToApp: "Back to {app}",
      .exportIntro: "Everything {app} keeps about you, as a JSON file.",
      .exportIntroArchive:
        "Everything {app} keeps about you: your photos in full, in a zip with a JSON file that describes them.",
      .securityHeading: "Sign-in and security",
      .dangerHeading: "Leave {app}",
      .appleRefused: "Apple couldn\u{2019}t confirm this sign-in. Try again.",
      .appleUnavailable: "Apple can\u{2019}t be reached right now. Try again in a moment.",
      .appleCancelled: "Sign in with Apple was cancelled. You can try again, or use your email.",
      .appleExpired: "This sign-in took too long or began in another browser. Start again here.",
      .appleAction: "Continue with Apple",
      .orDivider: "or",
      .signUpSubject: "Confirm your email for {app}",
      .signUpIntro:
        "Welcome to {app}! To finish creating your account, confirm this address within {hours, plural, one {# hour} other {# hours}}:",
      .signUpMailAction: "Confirm my email",
      .signUpIgnore:
        "If you didn\u{2019}t sign up for {app}, ignore this email: without your confirmation, no account uses this address.",
      .accountExistsSubject: "You already have a {app} account",
      .accountExistsIntro:
        "Someone just tried to create a {app} account with this address, but it already has one. If it was you, sign in instead:",
      .accountExistsAction: "Sign in to {app}",
      .accountExistsIgnore:
        "Forgot your password? Choose a new one at {forgot}. If it wasn\u{2019}t you, ignore this email: nothing has changed.",
      .emailNotConfirmed:
        "Confirm your email first: open the link we emailed you. We\u{2019}ve sent a new one in case the first went astray.",
      .checkInboxTitle: "Check your email",
      .checkInbox:
        "We\u{2019}ve sent an email to {email}. Open it to finish signing up. If it isn\u{2019}t there in a few minutes, look in your spam folder.",
      .confirmSignUpTitle: "Confirm your email",
      .confirmSignUpIntro: "One last step: confirm this address, and your {app} account is ready.",
      .confirmSignUpAction: "Confirm and sign in",
      .addressNoticeIntro:
        "Your {app} account now uses {email} instead of this address. If that was you, all is well and there\u{2019}s nothing more to do. If it wasn\u{2019}t, someone may have your password: this button puts your address back, signs every device out and lets you choose a new password.",
      .addressNoticeAction: "Put my address back",
      .addressNoticeWarning: "The button works once, for {days, plural, one {# day} other {# days}}.",
      .restoreEmailTitle: "Take your account back",
      .restoreEmailIntro:
        "Your {app} account will use {email} again, and every device will be signed out. Choose a new password: the old one may be known to someone else.",
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
      .emailTakenSubject: "Cette adresse a déjà un compte {app}",
      .emailTakenIntro:
        "Quelqu\u{2019}un a demandé à utiliser cette adresse pour un autre compte {app}. Elle a déjà son propre compte {app} : rien n\u{2019}a changé.",
      .emailTakenIgnore:
        "Si c\u{2019}était vous, connectez-vous plutôt avec cette adresse. Sinon, vous pouvez ignorer cet e-mail.",
      .passwordNoticeSubject: "Votre mot de passe {app} a été modifié",
      .passwordNoticeIntro:
        "Le mot de passe de votre compte {app} vient d\u{2019}être modifié. Si c\u{2019}était vous, tout va bien : vous n\u{2019}avez rien d\u{2019}autre à faire.",
      .passwordNoticeWarning:
        "Si ce n\u{2019}était pas vous, quelqu\u{2019}un utilise peut-être votre compte. Choisissez dès maintenant un nouveau mot de passe avec \u{AB}\u{A0}Mot de passe oublié ?\u{A0}\u{BB} sur la page de connexion.",
      .addressNoticeSubject: "Votre adresse e-mail {app} a été modifiée",
      .signUpTitle: "Créez votre compte {app}",
      .signInTitle: "Connexion à {app}",
      .forgotTitle: "Mot de passe oublié ?",
      .resetTitle: "Choisissez un nouveau mot de passe",
      .accountTitle: "Votre compte",
      .confirmEmailTitle: "Confirmez votre nouvelle adresse",
      .deleteTitle: "Supprimer votre compte ?",
      .deletedTitle: "Votre compte est supprimé",
      .emailLabel: "E-mail",
      .passwordLabel: "Mot de passe",
      .newPasswordLabel: "Nouveau mot de passe",
      .confirmPasswordLabel: "Confirmez le mot de passe",
      .currentPasswordLabel: "Mot de passe actuel",
      .newEmailLabel: "Nouvelle adresse e-mail",
      .passwordHint: "Au moins 8 caractères. Une phrase dont vous vous souviendrez fait très bien l\u{2019}affaire.",
      .signUpAction: "Créer le compte",
      .signInAction: "Se connecter",
      .sendLinkAction: "Envoyer le lien",
      .savePasswordAction: "Enregistrer le mot de passe",
      .changePasswordAction: "Changer le mot de passe",
      .changeEmailAction: "Changer d\u{2019}adresse",
      .signOutAction: "Se déconnecter",
      .signOutEverywhereAction: "Déconnecter les autres appareils",
      .exportAction: "Télécharger mes données",
      .deleteAction: "Supprimer le compte",
      .deleteConfirmAction: "Supprimer définitivement mon compte",
      .keepAccountAction: "Garder mon compte",
      .haveAccount: "Vous avez déjà un compte ?",
      .noAccount: "Nouveau sur {app} ?",
      .forgotLink: "Mot de passe oublié ?",
      .forgotIntro:
        "Saisissez l\u{2019}adresse de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
      .linkSent:
        "Si un compte utilise {email}, un lien pour réinitialiser son mot de passe est en route. Il fonctionne pendant 30 minutes.",
      .passwordReset:
        "Votre mot de passe est changé et tous vos appareils ont été déconnectés. Connectez-vous avec le nouveau.",
      .passwordChanged: "Mot de passe changé. Vos autres appareils ont été déconnectés.",
      .emailChangeSent:
        "Nous avons envoyé un lien à {email}. Ouvrez-le dans les 30 minutes pour utiliser cette adresse.",
      .emailChanged: "Votre adresse est désormais {email}.",
      .signedOutEverywhere: "Tous vos autres appareils sont déconnectés.",
      .signedOut: "Vous êtes déconnecté.",
      .deleteWarning: "Cela supprime votre compte et tout ce que {app} conserve pour lui. C\u{2019}est irréversible.",
      .deleted: "Tout ce que {app} conservait pour lui est en cours de suppression. Merci d\u{2019}avoir essayé {app}.",
      .signedInAs: "Connecté en tant que {email}",
      .pendingEmail: "En attente de la confirmation de {email}.",
      .backToApp: "Retour à {app}",
      .exportIntro: "Tout ce que {app} conserve sur vous, dans un fichier JSON.",
      .exportIntroArchive:
        "Tout ce que {app} conserve sur vous : vos photos en taille réelle, dans un fichier zip avec un fichier JSON qui les décrit.",
      .securityHeading: "Connexion et sécurité",
      .dangerHeading: "Quitter {app}",
      .appleRefused: "Apple n\u{2019}a pas pu confirmer cette connexion. Réessayez.",
      .appleUnavailable: "Apple est injoignable pour le moment. Réessayez dans un instant.",
      .appleCancelled: "La connexion avec Apple a été annulée. Vous pouvez réessayer ou utiliser votre adresse e-mail.",
      .appleExpired: "Cette connexion a pris trop de temps ou a commencé dans un autre navigateur. Recommencez ici.",
      .appleAction: "Continuer avec Apple",
      .orDivider: "ou",
      .signUpSubject: "Confirmez votre adresse pour {app}",
      .signUpIntro:
        "Bienvenue sur {app} ! Pour terminer la création de votre compte, confirmez cette adresse dans les {hours, plural, one {# heure} other {# heures}} :",
      .signUpMailAction: "Confirmer mon adresse",
      .signUpIgnore:
        "Si vous ne vous êtes pas inscrit à {app}, ignorez cet e-mail : sans votre confirmation, aucun compte n\u{2019}utilise cette adresse.",
      .accountExistsSubject: "Vous avez déjà un compte {app}",
      .accountExistsIntro:
        "Quelqu\u{2019}un vient d\u{2019}essayer de créer un compte {app} avec cette adresse, mais elle en a déjà un. Si c\u{2019}était vous, connectez-vous plutôt :",
      .accountExistsAction: "Se connecter à {app}",
      .accountExistsIgnore:
        "Mot de passe oublié ? Choisissez-en un nouveau sur {forgot}. Si ce n\u{2019}était pas vous, ignorez cet e-mail : rien n\u{2019}a changé.",
      .emailNotConfirmed:
        "Confirmez d\u{2019}abord votre adresse : ouvrez le lien que nous vous avons envoyé. Nous venons d\u{2019}en envoyer un nouveau, au cas où le premier se serait égaré.",
      .checkInboxTitle: "Consultez vos e-mails",
      .checkInbox:
        "Nous avons envoyé un e-mail à {email}. Ouvrez-le pour terminer votre inscription. S\u{2019}il n\u{2019}est pas arrivé d\u{2019}ici quelques minutes, regardez dans vos courriers indésirables.",
      .confirmSignUpTitle: "Confirmez votre adresse",
      .confirmSignUpIntro: "Dernière étape : confirmez cette adresse, et votre compte {app} est prêt.",
      .confirmSignUpAction: "Confirmer et se connecter",
      .addressNoticeIntro:
        "Votre compte {app} utilise désormais {email} au lieu de cette adresse. Si c\u{2019}était vous, tout va bien et vous n\u{2019}avez rien d\u{2019}autre à faire. Sinon, quelqu\u{2019}un connaît peut-être votre mot de passe : ce bouton remet votre adresse, déconnecte tous les appareils et vous laisse choisir un nouveau mot de passe.",
      .addressNoticeAction: "Remettre mon adresse",
      .addressNoticeWarning: "Le bouton fonctionne une fois, pendant {days, plural, one {# jour} other {# jours}}.",
      .restoreEmailTitle: "Reprenez votre compte",
      .restoreEmailIntro:
        "Votre compte {app} utilisera de nouveau {email}, et tous les appareils seront déconnectés. Choisissez un nouveau mot de passe : l\u{2019}ancien est peut-être connu de quelqu\u{2019}un d\u{2019}autre.",
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
      .emailTakenSubject: "このアドレスにはすでに{app}アカウントがあります",
      .emailTakenIntro: "別の{app}アカウントのメールアドレスをこのアドレスに変更するリクエストがありました。このアドレスにはすでに{app}アカウントがあるため、何も変更されていません。",
      .emailTakenIgnore: "ご本人の場合は、このアドレスでログインしてください。お心当たりがない場合は、このメールを無視してください。",
      .passwordNoticeSubject: "{app}のパスワードが変更されました",
      .passwordNoticeIntro: "{app}アカウントのパスワードが変更されました。ご本人による変更であれば、このままで大丈夫です。",
      .passwordNoticeWarning: "お心当たりがない場合は、第三者がアカウントを使っているおそれがあります。ログイン画面の「パスワードをお忘れですか？」から、すぐに新しいパスワードを設定してください。",
      .addressNoticeSubject: "{app}のメールアドレスが変更されました",
      .signUpTitle: "{app}のアカウントを作成",
      .signInTitle: "{app}にログイン",
      .forgotTitle: "パスワードをお忘れですか？",
      .resetTitle: "新しいパスワードを設定",
      .accountTitle: "アカウント",
      .confirmEmailTitle: "新しいメールアドレスの確認",
      .deleteTitle: "アカウントを削除しますか？",
      .deletedTitle: "アカウントを削除しました",
      .emailLabel: "メールアドレス",
      .passwordLabel: "パスワード",
      .newPasswordLabel: "新しいパスワード",
      .confirmPasswordLabel: "パスワード（確認）",
      .currentPasswordLabel: "現在のパスワード",
      .newEmailLabel: "新しいメールアドレス",
      .passwordHint: "8文字以上。覚えやすいフレーズがおすすめです。",
      .signUpAction: "アカウントを作成",
      .signInAction: "ログイン",
      .sendLinkAction: "リンクを送信",
      .savePasswordAction: "新しいパスワードを保存",
      .changePasswordAction: "パスワードを変更",
      .changeEmailAction: "メールアドレスを変更",
      .signOutAction: "ログアウト",
      .signOutEverywhereAction: "ほかの端末をすべてログアウト",
      .exportAction: "データをダウンロード",
      .deleteAction: "アカウントを削除",
      .deleteConfirmAction: "アカウントを完全に削除する",
      .keepAccountAction: "アカウントを残す",
      .haveAccount: "すでにアカウントをお持ちですか？",
      .noAccount: "{app}は初めてですか？",
      .forgotLink: "パスワードをお忘れですか？",
      .forgotIntro: "アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。",
      .linkSent: "{email}のアカウントがある場合は、パスワード再設定用のリンクをお送りしました。リンクの有効期間は30分です。",
      .passwordReset: "パスワードを変更し、すべての端末をログアウトしました。新しいパスワードでログインしてください。",
      .passwordChanged: "パスワードを変更しました。ほかの端末はログアウトされました。",
      .emailChangeSent: "{email}にリンクを送信しました。30分以内に開くと、このアドレスに切り替わります。",
      .emailChanged: "メールアドレスを{email}に変更しました。",
      .signedOutEverywhere: "ほかの端末をすべてログアウトしました。",
      .signedOut: "ログアウトしました。",
      .deleteWarning: "アカウントと、{app}が保存しているすべてのデータを削除します。元に戻すことはできません。",
      .deleted: "{app}が保存していたデータを削除しています。{app}をお試しいただき、ありがとうございました。",
      .signedInAs: "{email}でログイン中",
      .pendingEmail: "{email}の確認をお待ちしています。",
      .backToApp: "{app}に戻る",
      .exportIntro: "{app}が保存しているあなたのデータを、JSONファイルでダウンロードできます。",
      .exportIntroArchive: "{app}が保存しているあなたのデータを、元のサイズの写真とその内容を記したJSONファイルをまとめたZIPでダウンロードできます。",
      .securityHeading: "ログインとセキュリティ",
      .dangerHeading: "{app}の利用をやめる",
      .appleRefused: "Appleでこのサインインを確認できませんでした。もう一度お試しください。",
      .appleUnavailable: "現在Appleに接続できません。しばらくしてからもう一度お試しください。",
      .appleCancelled: "Appleでサインインがキャンセルされました。もう一度お試しいただくか、メールアドレスをお使いください。",
      .appleExpired: "このサインインは時間がかかりすぎたか、別のブラウザで始められました。ここからやり直してください。",
      .appleAction: "Appleで続ける",
      .orDivider: "または",
      .signUpSubject: "{app}のメールアドレスを確認してください",
      .signUpIntro: "{app}へようこそ！アカウントの作成を完了するには、{hours}時間以内にこのアドレスを確認してください：",
      .signUpMailAction: "メールアドレスを確認する",
      .signUpIgnore: "{app}に登録した覚えがない場合は、このメールを無視してください。確認されない限り、このアドレスのアカウントは使えません。",
      .accountExistsSubject: "{app}のアカウントはすでにあります",
      .accountExistsIntro: "このアドレスで{app}のアカウントを作成しようとした人がいますが、このアドレスのアカウントはすでにあります。ご本人の場合は、ログインしてください：",
      .accountExistsAction: "{app}にログイン",
      .accountExistsIgnore: "パスワードをお忘れの場合は、{forgot} で新しいパスワードを設定できます。お心当たりがない場合は、このメールを無視してください。何も変更されていません。",
      .emailNotConfirmed: "先にメールアドレスを確認してください。お送りしたメールのリンクを開いてください。最初のメールが見つからない場合に備えて、新しいリンクをお送りしました。",
      .checkInboxTitle: "メールをご確認ください",
      .checkInbox: "{email}にメールをお送りしました。メールを開いて登録を完了してください。数分たっても届かない場合は、迷惑メールフォルダをご確認ください。",
      .confirmSignUpTitle: "メールアドレスの確認",
      .confirmSignUpIntro: "最後のステップです。このアドレスを確認すると、{app}のアカウントをすぐに使えます。",
      .confirmSignUpAction: "確認してログイン",
      .addressNoticeIntro:
        "{app}アカウントのメールアドレスが、このアドレスから{email}に変更されました。ご本人による変更であれば、このままで大丈夫です。お心当たりがない場合は、第三者がパスワードを知っているおそれがあります。このボタンでアドレスを元に戻し、すべての端末をログアウトさせて、新しいパスワードを設定できます。",
      .addressNoticeAction: "アドレスを元に戻す",
      .addressNoticeWarning: "このボタンは{days}日間、一度だけ使えます。",
      .restoreEmailTitle: "アカウントを取り戻す",
      .restoreEmailIntro:
        "{app}アカウントのメールアドレスを{email}に戻し、すべての端末をログアウトさせます。以前のパスワードは第三者に知られているおそれがあるため、新しいパスワードを設定してください。",
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
      .emailTakenSubject: "이 주소에는 이미 {app} 계정이 있습니다",
      .emailTakenIntro: "다른 {app} 계정의 이메일을 이 주소로 바꾸려는 요청이 있었습니다. 이 주소에는 이미 {app} 계정이 있어서 아무것도 바뀌지 않았습니다.",
      .emailTakenIgnore: "본인이라면 이 주소로 로그인하세요. 요청하지 않았다면 이 이메일은 무시하셔도 됩니다.",
      .passwordNoticeSubject: "{app} 비밀번호가 변경되었습니다",
      .passwordNoticeIntro: "{app} 계정의 비밀번호가 방금 변경되었습니다. 본인이 변경했다면 더 하실 일은 없습니다.",
      .passwordNoticeWarning:
        "본인이 아니라면 다른 사람이 계정을 쓰고 있을 수 있습니다. 로그인 화면의 \u{2018}비밀번호를 잊으셨나요?\u{2019}에서 지금 새 비밀번호를 설정하세요.",
      .addressNoticeSubject: "{app} 이메일 주소가 변경되었습니다",
      .signUpTitle: "{app} 계정 만들기",
      .signInTitle: "{app}에 로그인",
      .forgotTitle: "비밀번호를 잊으셨나요?",
      .resetTitle: "새 비밀번호 설정",
      .accountTitle: "내 계정",
      .confirmEmailTitle: "새 이메일 주소 확인",
      .deleteTitle: "계정을 삭제할까요?",
      .deletedTitle: "계정이 삭제되었습니다",
      .emailLabel: "이메일",
      .passwordLabel: "비밀번호",
      .newPasswordLabel: "새 비밀번호",
      .confirmPasswordLabel: "비밀번호 확인",
      .currentPasswordLabel: "현재 비밀번호",
      .newEmailLabel: "새 이메일",
      .passwordHint: "8자 이상. 기억하기 쉬운 문장도 좋습니다.",
      .signUpAction: "계정 만들기",
      .signInAction: "로그인",
      .sendLinkAction: "재설정 링크 보내기",
      .savePasswordAction: "새 비밀번호 저장",
      .changePasswordAction: "비밀번호 변경",
      .changeEmailAction: "이메일 변경",
      .signOutAction: "로그아웃",
      .signOutEverywhereAction: "다른 기기 모두 로그아웃",
      .exportAction: "내 데이터 다운로드",
      .deleteAction: "계정 삭제",
      .deleteConfirmAction: "계정을 영구적으로 삭제",
      .keepAccountAction: "계정 유지",
      .haveAccount: "이미 계정이 있으신가요?",
      .noAccount: "{app} 처음이신가요?",
      .forgotLink: "비밀번호를 잊으셨나요?",
      .forgotIntro: "계정의 이메일을 입력하시면 새 비밀번호를 설정할 수 있는 링크를 보내드립니다.",
      .linkSent: "{email}을(를) 사용하는 계정이 있다면 비밀번호 재설정 링크를 보내드렸습니다. 링크는 30분 동안 유효합니다.",
      .passwordReset: "비밀번호가 변경되었고 모든 기기에서 로그아웃되었습니다. 새 비밀번호로 로그인하세요.",
      .passwordChanged: "비밀번호가 변경되었습니다. 다른 기기에서는 로그아웃되었습니다.",
      .emailChangeSent: "{email}(으)로 링크를 보냈습니다. 30분 안에 열면 이 주소로 바뀝니다.",
      .emailChanged: "이메일이 {email}(으)로 변경되었습니다.",
      .signedOutEverywhere: "다른 모든 기기에서 로그아웃되었습니다.",
      .signedOut: "로그아웃되었습니다.",
      .deleteWarning: "계정과 {app}에 보관된 모든 데이터가 삭제됩니다. 되돌릴 수 없습니다.",
      .deleted: "{app}에 보관되어 있던 데이터를 지금 삭제하고 있습니다. {app}을(를) 이용해 주셔서 감사합니다.",
      .signedInAs: "{email}(으)로 로그인됨",
      .pendingEmail: "{email} 확인을 기다리고 있습니다.",
      .backToApp: "{app}(으)로 돌아가기",
      .exportIntro: "{app}에 보관된 내 데이터를 JSON 파일로 받습니다.",
      .exportIntroArchive: "{app}에 보관된 내 데이터를 원본 크기의 사진과 그 내용을 담은 JSON 파일을 묶은 ZIP 파일로 받습니다.",
      .securityHeading: "로그인 및 보안",
      .dangerHeading: "{app} 떠나기",
      .appleRefused: "Apple에서 이 로그인을 확인하지 못했습니다. 다시 시도하세요.",
      .appleUnavailable: "지금은 Apple에 연결할 수 없습니다. 잠시 후 다시 시도하세요.",
      .appleCancelled: "Apple로 로그인이 취소되었습니다. 다시 시도하거나 이메일을 사용하세요.",
      .appleExpired: "이 로그인은 시간이 너무 오래 걸렸거나 다른 브라우저에서 시작되었습니다. 여기에서 다시 시작하세요.",
      .appleAction: "Apple로 계속하기",
      .orDivider: "또는",
      .signUpSubject: "{app} 이메일 주소를 확인해 주세요",
      .signUpIntro: "{app}에 오신 것을 환영합니다! 계정 만들기를 마치려면 {hours}시간 안에 이 주소를 확인해 주세요:",
      .signUpMailAction: "이메일 확인하기",
      .signUpIgnore: "{app}에 가입한 적이 없다면 이 이메일을 무시하세요. 확인하지 않으면 이 주소로 된 계정은 쓸 수 없습니다.",
      .accountExistsSubject: "이미 {app} 계정이 있습니다",
      .accountExistsIntro: "누군가 이 주소로 {app} 계정을 만들려고 했지만, 이 주소에는 이미 계정이 있습니다. 본인이라면 로그인하세요:",
      .accountExistsAction: "{app}에 로그인",
      .accountExistsIgnore: "비밀번호를 잊으셨다면 {forgot} 에서 새 비밀번호를 정할 수 있습니다. 본인이 아니라면 이 이메일을 무시하세요. 아무것도 바뀌지 않았습니다.",
      .emailNotConfirmed: "먼저 이메일 주소를 확인해 주세요. 보내 드린 이메일의 링크를 여세요. 첫 이메일을 찾지 못할 때를 대비해 새 링크를 보냈습니다.",
      .checkInboxTitle: "이메일을 확인하세요",
      .checkInbox: "{email}(으)로 이메일을 보냈습니다. 이메일을 열어 가입을 마치세요. 몇 분이 지나도 오지 않으면 스팸함을 확인하세요.",
      .confirmSignUpTitle: "이메일 확인",
      .confirmSignUpIntro: "마지막 단계입니다. 이 주소를 확인하면 {app} 계정을 바로 쓸 수 있습니다.",
      .confirmSignUpAction: "확인하고 로그인",
      .addressNoticeIntro:
        "{app} 계정이 이제 이 주소 대신 {email}을(를) 사용합니다. 본인이 변경했다면 더 하실 일은 없습니다. 본인이 아니라면 다른 사람이 비밀번호를 알고 있을 수 있습니다. 이 버튼을 누르면 주소를 되돌리고 모든 기기에서 로그아웃한 뒤 새 비밀번호를 정할 수 있습니다.",
      .addressNoticeAction: "내 주소로 되돌리기",
      .addressNoticeWarning: "이 버튼은 {days}일 동안 한 번만 쓸 수 있습니다.",
      .restoreEmailTitle: "계정 되찾기",
      .restoreEmailIntro: "{app} 계정이 다시 {email}을(를) 사용하고, 모든 기기에서 로그아웃됩니다. 이전 비밀번호는 다른 사람이 알고 있을 수 있으니 새 비밀번호를 정하세요.",
    ])
}
