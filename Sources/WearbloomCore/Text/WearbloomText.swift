import OrchardKit

/// Every sentence Wearbloom's screens show, by key (see ``WearbloomTexts``).
public enum WearbloomText: String, TextKey {
  case appDescription = "app.description"
  // Consent and privacy
  case consentTitle = "consent.title"
  case consentLead = "consent.lead"
  case consentStored = "consent.stored"
  case consentSent = "consent.sent"
  case consentDeleted = "consent.deleted"
  case consentPolicyLink = "consent.policy-link"
  case consentAccept = "consent.accept"
  case privacyTitle = "privacy.title"
  case privacyUpdated = "privacy.updated"
  case privacyIntro = "privacy.intro"
  case privacyWhatHeading = "privacy.what.heading"
  case privacyWhatAccount = "privacy.what.account"
  case privacyWhatPhotos = "privacy.what.photos"
  case privacyWhatPurchases = "privacy.what.purchases"
  case privacyWhatSecurity = "privacy.what.security"
  case privacyWhatCookies = "privacy.what.cookies"
  case privacyWhereHeading = "privacy.where.heading"
  case privacyWhere = "privacy.where"
  case privacyWhoHeading = "privacy.who.heading"
  case privacyWho = "privacy.who"
  case privacyHowLongHeading = "privacy.how-long.heading"
  case privacyHowLong = "privacy.how-long"
  case privacyDeleteHeading = "privacy.delete.heading"
  case privacyDelete = "privacy.delete"
  case privacyRightsHeading = "privacy.rights.heading"
  case privacyRights = "privacy.rights"
  case privacyNeverHeading = "privacy.never.heading"
  case privacyNever = "privacy.never"
  case privacyBack = "privacy.back"
  // Onboarding
  case stepLabel = "onboarding.step"
  case photoTitle = "onboarding.photo.title"
  case photoLead = "onboarding.photo.lead"
  case photoExample = "onboarding.photo.example"
  case useExample = "onboarding.photo.use-example"
  case takePhoto = "photo.take"
  case choosePhoto = "photo.choose"
  case garmentTitle = "onboarding.garment.title"
  case garmentLead = "onboarding.garment.lead"
  case garmentExample = "onboarding.garment.example"
  case photographOwn = "onboarding.garment.own"
  case createAccount = "onboarding.create-account"
  case createAccountReason = "onboarding.create-account.reason"
  case tryAnother = "onboarding.try-another"
  case haveAccount = "onboarding.have-account"
  case acceptAndSignIn = "consent.accept-sign-in"
  case onboardingOver = "onboarding.over"
  // Wardrobe
  case wardrobeTitle = "wardrobe.title"
  case categoriesLabel = "wardrobe.categories"
  case categoryAll = "category.all"
  case categoryTops = "category.tops"
  case categoryBottoms = "category.bottoms"
  case categoryDresses = "category.dresses"
  case categoryShoes = "category.shoes"
  case categoryOuterwear = "category.outerwear"
  // A garment's guessed name: "{colour} {noun}" ("Navy top").
  case garmentGuess = "garment.guess"
  case nounTops = "noun.tops"
  case nounBottoms = "noun.bottoms"
  case nounDresses = "noun.dresses"
  case nounShoes = "noun.shoes"
  case nounOuterwear = "noun.outerwear"
  case colourBlack = "colour.black"
  case colourWhite = "colour.white"
  case colourGrey = "colour.grey"
  case colourBeige = "colour.beige"
  case colourBrown = "colour.brown"
  case colourRed = "colour.red"
  case colourPink = "colour.pink"
  case colourOrange = "colour.orange"
  case colourYellow = "colour.yellow"
  case colourGreen = "colour.green"
  case colourBlue = "colour.blue"
  case colourNavy = "colour.navy"
  case colourPurple = "colour.purple"
  case nameLabel = "garment.name.label"
  case rename = "garment.rename"
  case nameHint = "garment.name.hint"
  case nameSave = "garment.name.save"
  case nameSaved = "garment.name.saved"
  case emptyTitle = "wardrobe.empty.title"
  case emptyAction = "wardrobe.empty.action"
  case emptyCategory = "wardrobe.empty.category"
  case stockBadge = "wardrobe.stock"
  case refreshing = "wardrobe.refreshing"
  case offlineCopy = "wardrobe.offline-copy"
  // Adding a garment
  case addTitle = "add.title"
  case addLead = "add.lead"
  case addExample = "add.example"
  case uploading = "add.uploading"
  case cutoutTitle = "add.cutout.title"
  case cutoutWorking = "add.cutout.working"
  case cutoutFailed = "add.cutout.failed"
  case cutoutFailedRetake = "add.cutout.failed-retake"
  case retake = "add.retake"
  case whatIsIt = "add.category"
  case saveToWardrobe = "add.save"
  case savedToast = "add.saved"
  case addAnother = "add.another"
  case browseWardrobe = "add.browse"
  case queuedOffline = "add.queued"
  case backOnline = "network.back-online"
  // Garment sheet
  case tryOn = "garment.try-on"
  case tryOnUnavailable = "garment.unavailable"
  case needsInternet = "garment.needs-internet"
  case removeGarment = "garment.remove"
  case removedToast = "garment.removed"
  case removeQuestion = "garment.remove-question"
  case removeConfirm = "garment.remove-confirm"
  case removeUndo = "garment.remove-undo"
  case removeFailed = "garment.remove-failed"
  case close = "sheet.close"
  case garmentDetails = "garment.details"
  // Render
  case renderCreating = "render.creating"
  case renderAlmostThere = "render.almost-there"
  case renderTakingLonger = "render.taking-longer"
  case renderLoading = "render.loading"
  case renderFailed = "render.failed"
  case renderTimedOut = "render.timed-out"
  case tryAgain = "render.try-again"
  case previewLabel = "render.preview"
  case renderResult = "render.result"
  case back = "render.back"
  // Looks: the try-ons kept
  case looksTitle = "looks.title"
  case looksAll = "looks.all"
  case looksEmpty = "looks.empty"
  case looksEmptyAction = "looks.empty-action"
  case lookUnderWay = "looks.under-way"
  case lookOpen = "looks.open"
  case lookDelete = "looks.delete"
  case lookDeleteQuestion = "looks.delete-question"
  case lookDeleteConfirm = "looks.delete-confirm"
  case lookDeleteKeep = "looks.delete-keep"
  case lookDeletedToast = "looks.deleted"
  case feedbackOpen = "feedback.open"
  case feedbackQuestion = "feedback.question"
  case thumbsUp = "feedback.up"
  case thumbsDown = "feedback.down"
  case whatWentWrong = "feedback.what"
  case wrongFit = "feedback.wrong-fit"
  case artifacts = "feedback.artifacts"
  case wrongGarment = "feedback.wrong-garment"
  case otherProblem = "feedback.other"
  case sendFeedback = "feedback.send"
  case feedbackThanks = "feedback.thanks"
  case renderNotCounted = "feedback.not-counted"
  // Credits and paywall
  case freeRendersLeft = "credits.left"
  case startFreeTrial = "credits.start-trial"
  case paywallTitle = "paywall.title"
  case paywallLead = "paywall.lead"
  case paywallPlan = "paywall.plan"
  case paywallTerms = "paywall.terms"
  case testStore = "paywall.test-store"
  case paywallAppOnly = "paywall.app-only"
  case notNow = "paywall.not-now"
  case trialStarted = "paywall.trial-started"
  case accountOffer = "paywall.account-offer"
  // Profile
  case profileTitle = "profile.title"
  case yourPhoto = "profile.photo"
  case replacePhoto = "profile.replace-photo"
  case addPhoto = "profile.add-photo"
  case noPhoto = "profile.no-photo"
  case examplePrompt = "profile.example-prompt"
  case photoSaved = "profile.photo-saved"
  case planTitle = "profile.plan"
  case planUnlimited = "profile.unlimited"
  case planTrial = "profile.trial"
  case planRenews = "profile.renews"
  case planCredits = "profile.credits"
  case privacyLink = "profile.privacy"
  case accountSettings = "profile.account"
  case signOut = "profile.sign-out"
  case deleteAccount = "profile.delete"
  case deleteTitle = "profile.delete.title"
  case deleteBody = "profile.delete.body"
  case accountDeleted = "profile.deleted"
  case deleteConfirm = "profile.delete.confirm"
  case deleting = "profile.deleting"
  // Navigation
  case tabsLabel = "tabs.label"
  case tabWardrobe = "tabs.wardrobe"
  case tabAdd = "tabs.add"
  case tabProfile = "tabs.profile"
  // Problems
  case problemMissingPhoto = "problem.missing-photo"
  case problemImageType = "problem.image-type"
  case problemTooLarge = "problem.too-large"
  case problemTooSmall = "problem.too-small"
  case problemUnreadable = "problem.unreadable"
  case problemCategory = "problem.category"
  case problemTooMany = "problem.too-many"
  case problemNoBody = "problem.no-body"
  case problemNotCutOut = "problem.not-cut-out"
  case problemGeneric = "problem.generic"
  case problemName = "problem.name"
  case problemTitle = "problem.title"
  case problemBack = "problem.back"
  case pageNotFoundTitle = "problem.page-not-found.title"
  case pageNotFound = "problem.page-not-found"
  case garmentNotFoundTitle = "problem.garment-not-found.title"
  case garmentNotFound = "problem.garment-not-found"
  case renderNotFoundTitle = "problem.render-not-found.title"
  case renderNotFound = "problem.render-not-found"
  case lookUnderWayProblem = "problem.look-under-way"
  case tryOnUnavailableTitle = "problem.try-on-unavailable.title"
  case testStoreClosedTitle = "problem.test-store-closed.title"
}

/// Wearbloom's catalogs: English, the language it ships in.
public enum WearbloomTexts {
  public static let all = Texts<WearbloomText>([english])

  public static let english = Catalog<WearbloomText>(
    .english,
    [
      .appDescription: "See clothes on your own photo before you buy or wear them.",
      .consentTitle: "Your photos, your call",
      .consentLead: "Wearbloom shows clothes on a photo of you. Before you start, here is what happens to your photos.",
      .consentStored:
        "Your photo, your garments and your try-ons are kept on our server, where only you can open them.",
      .consentSent:
        "To draw a try-on, your photo and the garment are sent to our try-on service, for that render only.",
      .consentDeleted: "Delete your account and every photo, garment and render goes with it.",
      .consentPolicyLink: "Read the full privacy policy",
      .consentAccept: "Accept",
      .privacyTitle: "Privacy policy",
      .privacyUpdated: "Last updated {date}",
      .privacyIntro:
        "Wearbloom lets you see clothes on a photo of yourself. That means we handle pictures of you, so we want you to know exactly what we keep, where, for how long, and how to make it all go away.",
      .privacyWhatHeading: "What we keep",
      .privacyWhatAccount:
        "Your email address and a salted Argon2id hash of your password (never the password itself), or the identifier Apple gives us if you sign in with Apple.",
      .privacyWhatPhotos:
        "The body photo you choose (or the example figure you picked), the garment photos you add and the cutouts we make of them, and the try-on images we draw for you.",
      .privacyWhatPurchases:
        "Your credits and what each was spent on, the subscription events the App Store (or, on the web, our test store) reports, and any thumbs-up or thumbs-down you give a try-on.",
      .privacyWhatSecurity:
        "Sign-in events, with the network address they came from, so we can spot someone trying to break into your account.",
      .privacyWhatCookies:
        "In your browser, a cookie that identifies this device and, once you sign in, one for your session. No advertising or tracking cookies.",
      .privacyWhereHeading: "Where it is kept",
      .privacyWhere:
        "Everything lives on the servers that run Wearbloom: the records in our database, and the images in our file storage, in a folder of their own for your account. Images are served only to you, signed in; anyone else asking for one gets “not found”, as if it did not exist. Photos are compressed to about {longEdge} pixels before they leave your phone, and all traffic is encrypted (HTTPS).",
      .privacyWhoHeading: "Who else sees your photos",
      .privacyWho:
        "To draw a try-on, your body photo and the garment’s picture are sent to the AI try-on service this server uses (fal.ai or Google Cloud’s Vertex AI), which returns the finished image to us. To cut a garment out of its background we use our own server or fal.ai. These services receive the pictures only to do that one job. The web version’s preview mode sends your photos nowhere: it is drawn on our server. Purchases in the iPhone app are handled by Apple, which tells us only that you subscribed and until when. We never sell your data and never use your photos to train anything.",
      .privacyHowLongHeading: "How long",
      .privacyHowLong:
        "As long as you have an account. A try-on you make before creating an account is kept for this browser for {hours} hours, so you can keep it by signing up; after that, its photos and render are deleted. When you replace your body photo, the old one is deleted. When you remove a garment, its photo and cutout are deleted.",
      .privacyDeleteHeading: "Deleting everything",
      .privacyDelete:
        "In Profile, choose Delete account. Your photos, cutouts, try-ons, credits, subscription records, feedback and sign-in events are removed from our database and file storage straight away, and your account with them; only an anonymous note that an account was deleted remains. A subscription bought through Apple is managed in your Apple account settings; cancel it there too.",
      .privacyRightsHeading: "Your rights",
      .privacyRights:
        "You can see and download everything we hold about you from your account page (Export), correct your email there, and delete it all at any time.",
      .privacyNeverHeading: "What we never do",
      .privacyNever:
        "No ads, no selling or sharing your data with advertisers, no face recognition, and no training of AI models on your pictures.",
      .privacyBack: "Back",
      .stepLabel: "Step {step} of {steps}",
      .photoTitle: "First, let’s see you",
      .photoLead: "Take a photo or use an example",
      .photoExample: "Stand straight, facing the camera, your whole body in the frame, in good light.",
      .useExample: "Use the example",
      .takePhoto: "Take a photo",
      .choosePhoto: "Choose from gallery",
      .garmentTitle: "Now, choose something to try",
      .garmentLead: "Tap a garment to try it on",
      .garmentExample: "Lay it flat or hang it up, on a plain background, the whole garment in view.",
      .photographOwn: "Or photograph your own",
      .createAccount: "Create Free Account",
      .createAccountReason:
        "{count, plural, one {Get # more free render, and keep this look in your wardrobe.} other {Get # more free renders, and keep this look in your wardrobe.}}",
      .tryAnother: "Try another combination",
      .haveAccount: "I have an account",
      .acceptAndSignIn: "I have an account: accept and sign in",
      .onboardingOver:
        "Your free try-on has been used. Create a free account to keep going: it comes with more free renders.",
      .wardrobeTitle: "Wardrobe",
      .categoriesLabel: "Categories",
      .categoryAll: "All",
      .categoryTops: "Tops",
      .categoryBottoms: "Bottoms",
      .categoryDresses: "Dresses",
      .categoryShoes: "Shoes",
      .categoryOuterwear: "Outerwear",
      .garmentGuess: "{colour} {noun}",
      .nounTops: "top",
      .nounBottoms: "bottoms",
      .nounDresses: "dress",
      .nounShoes: "shoes",
      .nounOuterwear: "jacket",
      .colourBlack: "Black",
      .colourWhite: "White",
      .colourGrey: "Grey",
      .colourBeige: "Beige",
      .colourBrown: "Brown",
      .colourRed: "Red",
      .colourPink: "Pink",
      .colourOrange: "Orange",
      .colourYellow: "Yellow",
      .colourGreen: "Green",
      .colourBlue: "Blue",
      .colourNavy: "Navy",
      .colourPurple: "Purple",
      .nameLabel: "Name",
      .rename: "Rename",
      .nameHint: "Up to {count} characters. Leave it empty for “{guess}”.",
      .nameSave: "Save name",
      .nameSaved: "Name saved",
      .emptyTitle: "Your wardrobe is waiting",
      .emptyAction: "Add your first garment",
      .emptyCategory: "Nothing here yet.",
      .stockBadge: "Example",
      .refreshing: "Refreshing…",
      .offlineCopy: "You’re offline: this is your wardrobe as it was last time.",
      .addTitle: "Add a garment",
      .addLead: "Photograph it or pick a photo you already have.",
      .addExample: "Lay it flat or hang it up, on a plain background, the whole garment in view.",
      .uploading: "Uploading…",
      .cutoutTitle: "Here’s your garment",
      .cutoutWorking: "Cutting it out of the background…",
      .cutoutFailed: "We couldn’t cut this one out cleanly, so the whole photo will be used.",
      .cutoutFailedRetake:
        "We couldn\u{2019}t cut this one out cleanly. Retake it against a plain wall or floor to try it on; saved as it is, it stays in your wardrobe without a try-on.",
      .retake: "Retake",
      .whatIsIt: "What is it?",
      .saveToWardrobe: "Save to Wardrobe",
      .savedToast: "Saved to your wardrobe",
      .addAnother: "Add another",
      .browseWardrobe: "Browse wardrobe",
      .queuedOffline: "You’re offline. It will upload when you’re back.",
      .backOnline: "Back online",
      .tryOn: "Try On",
      .tryOnUnavailable: "Try-on not yet available for this category",
      .needsInternet: "Needs internet for try-on",
      .removeGarment: "Remove from wardrobe",
      .removedToast: "Removed from your wardrobe",
      .removeQuestion: "Remove this garment? Its photo and cutout are deleted for good; your looks with it stay.",
      .removeConfirm: "Remove",
      .removeUndo: "Undo",
      .removeFailed: "Couldn’t delete. Try again.",
      .close: "Close",
      .garmentDetails: "Garment details",
      .renderCreating: "Creating your look...",
      .renderAlmostThere: "Almost there...",
      .renderTakingLonger: "Taking a bit longer...",
      .renderLoading: "Loading...",
      .renderFailed: "This one didn’t work. No render counted.",
      .renderTimedOut: "This one took too long. No render counted.",
      .tryAgain: "Try Again",
      .previewLabel: "Preview — not an AI render",
      .renderResult: "You, wearing the {garment}",
      .back: "Back",
      .looksTitle: "Looks",
      .looksAll: "All looks",
      .looksEmpty: "Every try-on you make is kept here, so you can come back to it.",
      .looksEmptyAction: "Go to your wardrobe",
      .lookUnderWay: "Still being made",
      .lookOpen: "Open the look: you, wearing the {garment}",
      .lookDelete: "Delete this look",
      .lookDeleteQuestion: "Delete this look? Its picture is deleted for good; the garment stays in your wardrobe.",
      .lookDeleteConfirm: "Delete look",
      .lookDeleteKeep: "Keep it",
      .lookDeletedToast: "Look deleted",
      .feedbackOpen: "Rate this render",
      .feedbackQuestion: "How does it look?",
      .thumbsUp: "Looks right",
      .thumbsDown: "Looks wrong",
      .whatWentWrong: "What went wrong?",
      .wrongFit: "Wrong fit",
      .artifacts: "Glitches in the image",
      .wrongGarment: "Wrong garment",
      .otherProblem: "Something else",
      .sendFeedback: "Send",
      .feedbackThanks: "Thanks for telling us",
      .renderNotCounted: "Render not counted",
      .freeRendersLeft: "{count, plural, one {# free render left} other {# free renders left}}",
      .startFreeTrial: "Start free trial",
      .paywallTitle: "Try on everything",
      .paywallLead:
        "You’ve used your free renders. Subscribe to try on anything in your wardrobe, as often as you like.",
      .paywallPlan: "Weekly · {trial} days free, then {price} a week",
      .paywallTerms: "Cancel any time before the trial ends and you pay nothing.",
      .testStore: "Test store: this web version charges nothing. The iPhone app sells the same plan through Apple.",
      .paywallAppOnly:
        "This web version doesn’t sell the plan. Subscribe in the Wearbloom iPhone app, and it works here too when you sign in with the same account.",
      .notNow: "Not now",
      .trialStarted: "Your free trial has started",
      .accountOffer: "Create a free account for more free renders",
      .profileTitle: "Profile",
      .yourPhoto: "Your photo",
      .replacePhoto: "Replace photo",
      .addPhoto: "Add your photo",
      .noPhoto: "No photo yet. Add one to try clothes on.",
      .examplePrompt: "You’re using the example figure. Add your own photo to see clothes on you.",
      .photoSaved: "Your photo is saved",
      .planTitle: "Plan",
      .planUnlimited: "Unlimited try-ons",
      .planTrial: "Free trial until {date}",
      .planRenews: "Renews {date}",
      .planCredits: "{count, plural, =0 {No free renders left} one {# free render left} other {# free renders left}}",
      .privacyLink: "Privacy policy",
      .accountSettings: "Email, password and export",
      .signOut: "Sign out",
      .deleteAccount: "Delete account",
      .deleteTitle: "Delete your account?",
      .accountDeleted:
        "Your account is deleted. Your photos, garments, looks and credits are gone for good, from this browser too.",
      .deleteBody:
        "Your photo, garments, try-ons and credits are removed for good, right away. This can’t be undone.",
      .deleteConfirm: "Delete everything",
      .deleting: "Deleting…",
      .tabsLabel: "Sections",
      .tabWardrobe: "Wardrobe",
      .tabAdd: "Add",
      .tabProfile: "Profile",
      .problemMissingPhoto: "Choose a photo first.",
      .problemImageType: "That file isn’t a photo we can read. Use a JPEG, PNG, WebP or HEIC picture.",
      .problemTooLarge: "That photo is too large. Choose one under {megabytes} MB.",
      .problemTooSmall: "That photo is too small. Use one at least {pixels} pixels on each side.",
      .problemUnreadable: "We couldn’t read that photo. Try another one.",
      .problemCategory: "Choose what kind of garment it is.",
      .problemTooMany: "That’s a lot at once. Wait a moment and try again.",
      .problemNoBody: "Add a photo of yourself first.",
      .problemNotCutOut:
        "We couldn\u{2019}t cut this garment out of its photo cleanly, so the preview can\u{2019}t lay it on you. Retake it against a plain wall or floor.",
      .problemGeneric: "Something went wrong. Try again.",
      .problemName: "A name can have up to {count} characters, and no line breaks.",
      .problemTitle: "That didn’t work",
      .problemBack: "Back to Wearbloom",
      .pageNotFoundTitle: "Nothing here",
      .pageNotFound: "There’s nothing at this address in Wearbloom. The link may be mistyped or out of date.",
      .garmentNotFoundTitle: "Garment not found",
      .garmentNotFound: "This garment isn’t in your wardrobe. It may have been removed.",
      .renderNotFoundTitle: "Try-on not found",
      .renderNotFound: "This try-on isn’t one of yours, or it’s no longer kept.",
      .lookUnderWayProblem: "This look is still being made. You can delete it once it’s done.",
      .tryOnUnavailableTitle: "Try-on not available",
      .testStoreClosedTitle: "No test store here",
    ])
}
