import OrchardKit

/// Every sentence WalkWorthy's core hands to a screen or a notification, by key (see
/// ``WalkWorthyTexts``).
public enum WalkWorthyText: String, TextKey {
  case genderWoman = "gender.woman"
  case genderMan = "gender.man"
  case genderNonBinary = "gender.non-binary"
  case genderPreferNotToSay = "gender.prefer-not-to-say"
  case tagCourage = "tag.courage"
  case tagRest = "tag.rest"
  case tagWisdom = "tag.wisdom"
  case tagHope = "tag.hope"
  case tagPeace = "tag.peace"
  case tagStrength = "tag.strength"
  case tagFocus = "tag.focus"
  case tagGratitude = "tag.gratitude"
  case tagBelonging = "tag.belonging"
  case ageMissing = "profile.age-missing"
  case ageNotNumber = "profile.age-not-number"
  case ageOutOfRange = "profile.age-out-of-range"
  case majorTooLong = "profile.major-too-long"
  case tooManyHobbies = "profile.too-many-hobbies"
  case emptyHobby = "profile.empty-hobby"
  case hobbyTooLong = "profile.hobby-too-long"
  case privacyOnPhone = "profile.privacy.phone"
  case apiUnreachable = "api.unreachable"
  case apiUnauthorized = "api.unauthorized"
  case apiFailed = "api.failed"
  case offlineLastCard = "offline.last-card"
  case pushTitle = "push.title"
  case pushLead = "push.lead"
  case pushSubscribe = "push.subscribe"
  case pushUnsubscribe = "push.unsubscribe"
  case pushOn = "push.on"
  case pushOff = "push.off"
  case pushBlocked = "push.blocked"
  case pushUnsupported = "push.unsupported"
  case pushFailed = "push.failed"
  case pushSubscriptionUnreadable = "push.subscription-unreadable"
  case pushEndpointInvalid = "push.endpoint-invalid"
  case pushEndpointNotPublic = "push.endpoint-not-public"
  case pushKeysInvalid = "push.keys-invalid"
  case testNotificationTitle = "notification.test.title"
  case testNotificationBody = "notification.test.body"
  case dailyTitle = "notification.daily.title"
  case dailyBody = "notification.daily.body"
  case cardTitle = "notification.card.title"
  case dailyTimeMissing = "settings.daily-time-missing"
  case dailyTimeInvalid = "settings.daily-time-invalid"
  case quietStartMissing = "settings.quiet-start-missing"
  case quietEndMissing = "settings.quiet-end-missing"
  case quietTimeInvalid = "settings.quiet-time-invalid"
  case quietHoursEmpty = "settings.quiet-hours-empty"
  case settingsProblems = "settings.problems"
  case refreshTitle = "refresh.title"
  case refreshExplainer = "refresh.explainer"
  case refreshButton = "refresh.button"
  case refreshScheduledNow = "refresh.scheduled-now"
  case refreshScheduledAt = "refresh.scheduled-at"
  case refreshNothingNew = "refresh.nothing-new"
  case refreshExpired = "refresh.expired"
  case refreshAlreadyDelivered = "refresh.already-delivered"
  case refreshNotificationsOff = "refresh.notifications-off"
  case refreshFailed = "refresh.failed"
  case aboutTitle = "about.title"
  case aboutVersion = "about.version"
  case aboutBibleText = "about.bible-text"
  case aboutTechnical = "about.technical"
  case aboutCommit = "about.commit"
  case aboutCommitUnknown = "about.commit-unknown"
  case aboutAPIMode = "about.api-mode"
  case aboutFakeCanvas = "about.fake-canvas"
  case aboutNotificationMode = "about.notification-mode"
  case aboutBackgroundTask = "about.background-task"
  case aboutBackgroundTaskValue = "about.background-task-value"
  case on = "value.on"
  case off = "value.off"
  case practiceLinkOff = "canvas.practice-link-off"
  case switchSaved = "settings.switch-saved"
  case switchFailed = "settings.switch-failed"
  case unknownSwitch = "settings.unknown-switch"
  case inboxLabel = "inbox.label"
  case inboxDismiss = "inbox.dismiss"
  case inboxDismissLabel = "inbox.dismiss-label"
  case inboxArrived = "inbox.arrived"
  case translationShown = "home.translation-shown"
  case testClockUnreadable = "test-clock.unreadable"
  case notFoundTitle = "not-found.title"
  case notFoundBody = "not-found.body"
  case notFoundBack = "not-found.back"
  case testNotificationExplainer = "settings.test-notification.explainer"
  case testNotificationButton = "settings.test-notification.button"
  case testNotificationOnItsWay = "settings.test-notification.on-its-way"
}

/// WalkWorthy's catalogs: English, the language it ships in.
public enum WalkWorthyTexts {
  public static let all = Texts<WalkWorthyText>([english])

  public static let english = Catalog<WalkWorthyText>(
    .english,
    [
      .genderWoman: "Woman", .genderMan: "Man", .genderNonBinary: "Non-binary",
      .genderPreferNotToSay: "Prefer not to say",
      .tagCourage: "Courage", .tagRest: "Rest", .tagWisdom: "Wisdom", .tagHope: "Hope", .tagPeace: "Peace",
      .tagStrength: "Strength", .tagFocus: "Focus", .tagGratitude: "Gratitude", .tagBelonging: "Belonging",
      .ageMissing: "Please enter your age.", .ageNotNumber: "Please enter your age as a number, such as 19.",
      .ageOutOfRange: "WalkWorthy is for ages {min} to {max}.",
      .majorTooLong: "Please shorten your major to {limit} characters.",
      .tooManyHobbies: "Choose up to {limit} hobbies.",
      .emptyHobby: "A hobby needs a name.",
      .hobbyTooLong: "\u{201C}{hobby}\u{2026}\u{201D} is too long: keep hobbies to {limit} characters.",
      .privacyOnPhone:
        "Your profile stays on this phone. It is sent to WalkWorthy only if you turn on personalisation, and only to choose encouragements for you.",
      .apiUnreachable: "WalkWorthy couldn\u{2019}t reach its server. Check your connection and try again.",
      .pushTitle: "Notify me",
      .pushLead:
        "Get the day\u{2019}s encouragement at your daily time, even when WalkWorthy is closed. Your browser asks you first.",
      .pushSubscribe: "Notify me", .pushUnsubscribe: "Stop notifying me",
      .pushOn: "On. Your daily encouragement arrives as a notification, at the time set above.",
      .pushOff: "Off. WalkWorthy no longer sends notifications to this browser.",
      .pushBlocked:
        "Notifications are blocked for WalkWorthy in this browser. You can allow them in the browser\u{2019}s site settings.",
      .pushUnsupported: "This browser can\u{2019}t receive notifications while WalkWorthy is closed.",
      .pushFailed: "That didn\u{2019}t work. Check your connection and try again.",
      .pushSubscriptionUnreadable:
        "Send the subscription as the browser gives it: JSON with an endpoint and its p256dh and auth keys.",
      .pushEndpointInvalid: "A push endpoint is an https address of the browser\u{2019}s push service.",
      .pushEndpointNotPublic: "WalkWorthy only sends to push services on the public internet.",
      .pushKeysInvalid:
        "The subscription\u{2019}s keys are not a browser\u{2019}s: p256dh must be a P-256 key and auth 16 bytes.",
      .offlineLastCard:
        "You\u{2019}re offline, so this is the verse you last saw. A new one comes when you\u{2019}re back online.",
      .apiUnauthorized: "WalkWorthy couldn\u{2019}t confirm this device. Please sign in again.",
      .apiFailed: "Something went wrong on our side fetching your encouragement. Please try again later.",
      .testNotificationTitle: "WalkWorthy test notification",
      .testNotificationBody: "Notifications are working. Your encouragements will arrive just like this.",
      .dailyTitle: "Today\u{2019}s encouragement",
      .dailyBody: "A verse and a word for your day are waiting in WalkWorthy.",
      .cardTitle: "{ref} ({translation})",
      .dailyTimeMissing: "Choose a time for your daily encouragement, such as 08:00.",
      .dailyTimeInvalid: "Give the daily time as hours and minutes, such as 08:00.",
      .quietStartMissing: "Choose when quiet hours start, such as 22:00.",
      .quietEndMissing: "Choose when quiet hours end, such as 07:00.",
      .quietTimeInvalid: "Give the time as hours and minutes, such as 22:00.",
      .quietHoursEmpty: "Quiet hours need to end at a different time from when they start.",
      .settingsProblems: "Nothing was saved yet. Please check the marked fields.",
      .refreshTitle: "Check for a new encouragement",
      .refreshExplainer:
        "On a phone, WalkWorthy checks for a new encouragement in the background. Here you can check right now.",
      .refreshButton: "Refresh",
      .refreshScheduledNow: "Scheduled: a notification now \u{2014} {title}.",
      .refreshScheduledAt: "Scheduled: a notification for {time} \u{2014} {title}.",
      .refreshNothingNew: "Nothing new: there is no encouragement waiting right now.",
      .refreshExpired:
        "Nothing scheduled: the waiting encouragement has expired, and WalkWorthy never sends a stale one.",
      .refreshAlreadyDelivered:
        "Already delivered: you were notified about this one before, so nothing new was scheduled.",
      .refreshNotificationsOff: "Notifications are off in Settings, so nothing was checked.",
      .refreshFailed: "The check failed. Please try again.",
      .aboutTitle: "About WalkWorthy",
      .aboutVersion: "Version",
      .aboutBibleText:
        "Bible text: BSB, KJV and WEB, all in the public domain. ESV and NIV are not offered: we hold no licence for them.",
      .aboutTechnical: "Technical details",
      .aboutCommit: "Commit",
      .aboutCommitUnknown: "not recorded (development build)",
      .aboutAPIMode: "API mode",
      .aboutFakeCanvas: "Fake Canvas",
      .aboutNotificationMode: "Notification mode",
      .aboutBackgroundTask: "Background refresh task",
      .aboutBackgroundTaskValue: "{identifier} (Refresh on Home runs it now)",
      .on: "on", .off: "off",
      .switchSaved: "Saved.",
      .switchFailed: "That change could not be saved. Check your connection and try again.",
      .unknownSwitch: "That is not one of the switches on the Settings screen.",
      .inboxLabel: "Notifications",
      .inboxDismiss: "Dismiss",
      .inboxDismissLabel: "Dismiss \u{201C}{title}\u{201D}",
      .inboxArrived: "Arrived {time}",
      .translationShown: "Now reading the {name}.",
      .testClockUnreadable: "Give the time as ISO 8601, such as 2026-11-17T12:00:00Z.",
      .practiceLinkOff:
        "The practice Canvas link is off. Turn on \u{201C}Use fake Canvas link\u{201D} in Settings first.",
      .notFoundTitle: "This page isn\u{2019}t here",
      .notFoundBody:
        "There is nothing at this address in WalkWorthy. The link may be mistyped or out of date. Today\u{2019}s encouragement is still waiting for you.",
      .notFoundBack: "Back to today",
      .testNotificationExplainer:
        "Sends one notification to this device in {seconds} seconds. Your browser may ask for permission first.",
      .testNotificationButton: "Send test notification ({seconds} s)",
      .testNotificationOnItsWay:
        "Your test notification is on its way in {seconds} seconds. With scripts off, this browser cannot show it, so this message stands in for it.",
    ])
}
