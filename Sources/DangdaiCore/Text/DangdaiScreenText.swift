import OrchardKit

/// Every sentence of Dangdai's screens (the web version's, and the iOS app's to come), by key, in
/// the four languages the learner can choose. Chinese is never here: it is shown as written.
public enum DangdaiScreenText: String, TextKey {
  case description = "app.description"
  case tabHome = "tab.home"
  case tabBooks = "tab.books"
  case tabProgress = "tab.progress"
  case tabSettings = "tab.settings"
  case tabsLabel = "tab.label"

  case welcomeTitle = "welcome.title"
  case welcomeLead = "welcome.lead"
  case welcomeSignUp = "welcome.sign-up"
  case welcomeSignIn = "welcome.sign-in"

  case dashboardTitle = "dashboard.title"
  case points = "dashboard.points"
  case streak = "dashboard.streak"
  case thisWeek = "dashboard.week"
  case dayQuizzes = "dashboard.day-quizzes"
  case continueLabel = "dashboard.continue"
  case resume = "dashboard.resume"
  case startNext = "dashboard.start-next"
  case yourBooks = "dashboard.books"
  case bookMastered = "dashboard.book-mastered"
  case recentQuizzes = "dashboard.recent"
  case noRecentQuizzes = "dashboard.no-recent"
  case quizScore = "dashboard.quiz-score"

  case booksTitle = "books.title"
  case bookTitle = "books.book"
  case lessonNumber = "chapter.number"
  case notStarted = "chapter.not-started"
  case percent = "chapter.percent"
  case mastered = "chapter.mastered"
  case practiceAgain = "chapter.practice-again"
  case chapterQuizzes = "chapter.quizzes"
  case bestScore = "chapter.best"
  case notTaken = "chapter.not-taken"
  case reviewDue = "chapter.review-due"
  case nothingDue = "chapter.nothing-due"
  case words = "chapter.words"
  case wordColumn = "chapter.word-column"
  case readingColumn = "chapter.reading-column"
  case meaningColumn = "chapter.meaning-column"
  case allBooks = "chapter.all-books"

  case kindVocabulary = "kind.vocabulary"
  case kindGrammar = "kind.grammar"
  case kindTest = "kind.test"
  case kindReview = "kind.review"

  case questionOf = "quiz.question-of"
  case testLabel = "quiz.test-label"
  case check = "quiz.check"
  case typePlaceholder = "quiz.type-placeholder"
  case toneHelp = "quiz.tone-help"
  case answerLabel = "quiz.answer-label"
  case tilesPlaced = "quiz.tiles-placed"
  case tilesLeft = "quiz.tiles-left"
  case tilesEmpty = "quiz.tiles-empty"
  case undo = "quiz.undo"
  case startOver = "quiz.start-over"
  case leaveQuiz = "quiz.leave"
  case missingTones = "quiz.missing-tones"
  case unreadable = "quiz.unreadable"
  case loading = "quiz.loading"
  case loadFailed = "quiz.load-failed"
  case tryAgain = "quiz.try-again"
  case tipTones = "tip.tones"
  case tipMeasureWords = "tip.measure-words"
  case tipReview = "tip.review"
  case tipMastery = "tip.mastery"

  case correct = "feedback.correct"
  case wrong = "feedback.wrong"
  case theAnswer = "feedback.answer"
  case toneError = "feedback.tone-error"
  case sandhiHint = "feedback.sandhi"
  case pointsEarned = "feedback.points"
  case nextQuestion = "feedback.next"
  case seeResults = "feedback.results"
  case yourAnswer = "feedback.your-answer"

  case resultsTitle = "results.title"
  case resultsPoints = "results.points"
  case totalPoints = "results.total"
  case chapterMastered = "results.mastered"
  case chapterMasteredLead = "results.mastered-lead"
  case struggledWith = "results.struggled"
  case allRight = "results.all-right"
  case backToChapter = "results.back-to-chapter"
  case backHome = "results.home"

  case progressTitle = "progress.title"
  case activity = "progress.activity"
  case weekView = "progress.week"
  case monthView = "progress.month"
  case chapterScores = "progress.chapter-scores"
  case history = "progress.history"
  case olderQuizzes = "progress.older"
  case earlier = "progress.earlier"
  case later = "progress.later"

  case settingsTitle = "settings.title"
  case language = "settings.language"
  case readings = "settings.readings"
  case readingPinyin = "settings.reading-pinyin"
  case readingZhuyin = "settings.reading-zhuyin"
  case readingBoth = "settings.reading-both"
  case sound = "settings.sound"
  case soundOn = "settings.sound-on"
  case soundOff = "settings.sound-off"
  case theme = "settings.theme"
  case themeSystem = "settings.theme-system"
  case themeLight = "settings.theme-light"
  case themeDark = "settings.theme-dark"
  case save = "settings.save"
  case saved = "settings.saved"
  case account = "settings.account"
  case accountLink = "settings.account-link"
  case signOut = "settings.sign-out"
  case about = "settings.about"

  case wordListTitle = "word-list.title"
  case wordListLead = "word-list.lead"
  case wordListFormats = "word-list.formats"
  case wordListFile = "word-list.file"
  case wordListRead = "word-list.read"
  case wordListNone = "word-list.none"
  case wordListInUse = "word-list.in-use"
  case wordListRemove = "word-list.remove"
  case wordListRemoved = "word-list.removed"
  case wordListLink = "word-list.link"
  case wordListConfirmed = "word-list.confirmed"
  case wordListReviewTitle = "word-list.review-title"
  case wordListSummary = "word-list.summary"
  case wordListLesson = "word-list.lesson"
  case wordListWords = "word-list.words"
  case wordListLeftOut = "word-list.left-out"
  case wordListLines = "word-list.lines"
  case wordListLine = "word-list.line"
  case wordListOtherBook = "word-list.other-book"
  case wordListUse = "word-list.use"
  case wordListCancel = "word-list.cancel"
  case wordListRefused = "word-list.refused"
  case wordListNotText = "word-list.not-text"
  case wordListExpired = "word-list.expired"
  case wordListChooseFile = "word-list.choose-file"
  case wordListKept = "word-list.kept"

  case listen = "speech.listen"
  case playWord = "speech.play-word"
  case listenFallback = "speech.fallback"
  case youChose = "feedback.you-chose"
  case showReadings = "question.show-readings"
  case reviewHomeTitle = "dashboard.review-title"
  case reviewNow = "dashboard.review-now"
  case reviewNothingDue = "dashboard.review-nothing"
  case madeOfTitle = "chapter.made-of"
  case partTaken = "chapter.part-taken"
  case partNotTaken = "chapter.part-not-taken"
  case masteredByTest = "chapter.mastered-by-test"
  case toMaster = "chapter.to-master"
  case resumeFrom = "chapter.resume-from"
  case startOverQuiz = "chapter.start-over"
  case welcomeAboard = "dashboard.welcome"
  case welcomeAboardLead = "dashboard.welcome-lead"

  case nothingToReview = "problem.nothing-to-review"
  case offline = "problem.offline"
  case tooManyQuizzes = "problem.too-many-quizzes"
  case chapterNotFoundTitle = "problem.chapter-not-found.title"
  case chapterNotFound = "problem.chapter-not-found"
  case quizNotFoundTitle = "problem.quiz-not-found.title"
  case quizNotFound = "problem.quiz-not-found"
  case pageNotFoundTitle = "problem.page-not-found.title"
  case pageNotFound = "problem.page-not-found"
  case offlineTitle = "offline.title"
  case offlineLead = "offline.lead"
  case offlineRetry = "offline.retry"

  /// A quiz kind's name.
  public static func kind(_ kind: QuizKind) -> DangdaiScreenText {
    switch kind {
    case .vocabulary: .kindVocabulary
    case .grammar: .kindGrammar
    case .test: .kindTest
    case .review: .kindReview
    }
  }

  /// How a chapter stands, as its list shows it.
  public static func status(_ progress: ChapterProgress) -> Message<DangdaiScreenText> {
    switch progress.status {
    case .notStarted: Message(.notStarted)
    case .inProgress: Message(.percent, ["percent": progress.completion])
    case .mastered: Message(.mastered)
    }
  }

  /// Tips shown while a quiz is being made, in turn; the mastery tip names the threshold the core
  /// holds chapters to.
  public static let tips: [Message<DangdaiScreenText>] = [
    Message(.tipTones), Message(.tipMeasureWords), Message(.tipReview),
    Message(.tipMastery, ["threshold": ChapterStatus.masteryThreshold]),
  ]
}

/// The screens' catalogs: English, French, Japanese and Korean.
public enum DangdaiScreenTexts {
  public static let all = Texts<DangdaiScreenText>([english, french, japanese, korean])

  public static let english = Catalog<DangdaiScreenText>(
    .english,
    [
      .description: "Quizzes that follow A Course in Contemporary Chinese, lesson by lesson.",
      .tabHome: "Home", .tabBooks: "Books", .tabProgress: "Progress", .tabSettings: "Settings",
      .tabsLabel: "Sections",
      .welcomeTitle: "Chinese, one chapter at a time",
      .welcomeLead:
        "Quizzes on the words and grammar of each lesson of A Course in Contemporary Chinese, with instant feedback and your progress kept.",
      .welcomeSignUp: "Create an account", .welcomeSignIn: "I have an account",
      .dashboardTitle: "Your study",
      .points: "{points, plural, one {# point} other {# points}}",
      .streak: "{days, plural, =0 {No streak yet} one {# day in a row} other {# days in a row}}",
      .thisWeek: "This week",
      .dayQuizzes: "{day}: {count, plural, =0 {no quizzes} one {# quiz} other {# quizzes}}",
      .continueLabel: "Continue",
      .resume: "{kind}, {chapter}: from question {number}",
      .startNext: "Next up: {chapter}",
      .yourBooks: "Your books",
      .bookMastered: "{mastered} of {total} chapters mastered",
      .recentQuizzes: "Recent quizzes",
      .noRecentQuizzes: "The quizzes you finish will show here.",
      .quizScore: "{correct}/{total}",
      .booksTitle: "Books", .bookTitle: "Book {book}", .lessonNumber: "Lesson {number}",
      .notStarted: "Not started", .percent: "{percent}%", .mastered: "Mastered", .practiceAgain: "Practice Again",
      .chapterQuizzes: "Quizzes", .bestScore: "Best: {percent}%", .notTaken: "Not taken yet",
      .reviewDue: "{count, plural, one {# word to review} other {# words to review}}",
      .nothingDue: "No words are due for review.",
      .words: "Words in this lesson", .wordColumn: "Word", .readingColumn: "Reading", .meaningColumn: "Meaning",
      .allBooks: "All books",
      .kindVocabulary: "Vocabulary quiz", .kindGrammar: "Grammar quiz", .kindTest: "Chapter Test",
      .kindReview: "Review",
      .questionOf: "Question {number} of {total}", .testLabel: "Chapter Test", .check: "Check",
      .typePlaceholder: "Type the pinyin…",
      .toneHelp: "Tones as numbers after each syllable (ni3 hao3), or as marks (nǐ hǎo).",
      .answerLabel: "Your answer",
      .tilesPlaced: "Your sentence", .tilesLeft: "Words to place", .tilesEmpty: "Tap the words in order.",
      .undo: "Undo", .startOver: "Start over", .leaveQuiz: "Leave quiz",
      .missingTones: "Add the tones: a number after each syllable (ni3 hao3), or tone marks.",
      .unreadable: "That answer does not fit this question. Please answer again.",
      .loading: "Making your quiz…", .loadFailed: "Couldn't load questions", .tryAgain: "Try Again",
      .tipTones: "Tip: a tone number goes after its syllable, so 你好 is ni3 hao3.",
      .tipMeasureWords: "Tip: counting things takes a measure word: 一個人, 兩本書.",
      .tipReview: "Tip: words you miss come back in Review just before you would forget them.",
      .tipMastery: "Tip: a chapter is mastered at {threshold}%, and the chapter test counts the most.",
      .correct: "Correct!", .wrong: "Not quite.", .theAnswer: "The answer: {answer}",
      .toneError: "The syllables are right; check the tone of {syllables}.",
      .sandhiHint: "Write the tones a word has on its own: tone changes in speech are not written.",
      .pointsEarned: "+{points}", .nextQuestion: "Next question", .seeResults: "See results",
      .yourAnswer: "Your answer: {answer}",
      .resultsTitle: "Quiz complete", .resultsPoints: "+{points} points",
      .totalPoints: "{points, plural, one {# point in all} other {# points in all}}",
      .chapterMastered: "Chapter Mastered!", .chapterMasteredLead: "You have mastered {chapter}.",
      .struggledWith: "You struggled with:", .allRight: "Every answer right.",
      .backToChapter: "Back to the chapter", .backHome: "Home",
      .progressTitle: "Progress", .activity: "Activity", .weekView: "Week", .monthView: "Month",
      .chapterScores: "Chapter scores", .history: "Quiz history", .olderQuizzes: "Older quizzes", .earlier: "‹ Earlier",
      .later: "Later ›",
      .settingsTitle: "Settings", .language: "Language", .readings: "Readings", .readingPinyin: "Pinyin",
      .readingZhuyin: "Zhuyin", .readingBoth: "Both", .sound: "Sounds", .soundOn: "On", .soundOff: "Off",
      .theme: "Look", .themeSystem: "Like the system", .themeLight: "Light", .themeDark: "Dark", .save: "Save",
      .saved: "Saved.", .account: "Account", .accountLink: "Email, password, export and deletion",
      .signOut: "Sign out", .about: "About",
      .nothingToReview: "No words are due for review right now. Words you miss in a quiz come back here.",
      .offline: "No connection. Your answers are kept; try again when you are back online.",
      .tooManyQuizzes: "That is a lot of quizzes at once. Please wait a minute.",
      .chapterNotFoundTitle: "Chapter not found",
      .chapterNotFound: "There is no such chapter in your books. Choose one from the list.",
      .quizNotFoundTitle: "Quiz not found",
      .quizNotFound: "This quiz is not one of yours, or it no longer exists. Start another from your books.",
      .pageNotFoundTitle: "Page not found",
      .pageNotFound: "There is nothing at this address in Dangdai. The link may be mistyped or out of date.",
      .offlineTitle: "You\u{2019}re offline",
      .offlineLead:
        "Dangdai\u{2019}s quizzes are made and checked online, so they need a connection. Everything you have learned is saved with your account; connect again to carry on where you left off.",
      .offlineRetry: "Try again",
      .wordListTitle: "Your book\u{2019}s word list",
      .wordListLead:
        "If you have the book, use its word list: each lesson\u{2019}s quizzes then ask your book\u{2019}s words, and your review follows them. The list is yours alone, kept with your account.",
      .wordListFormats:
        "Choose the file as you have it: the flash-card list (.tsv or .txt), or a spreadsheet saved as CSV with a column for the meanings in each language. You see what was read, and which lines were left out and why, before anything changes.",
      .wordListFile: "Word list file",
      .wordListRead: "Read the list",
      .wordListNone: "Your quizzes use Dangdai\u{2019}s companion words: you have no list of your own yet.",
      .wordListInUse: "Your list is in use for {count, plural, one {# lesson} other {# lessons}}.",
      .wordListRemove: "Stop using my list",
      .wordListRemoved: "Your quizzes use Dangdai\u{2019}s companion words again.",
      .wordListLink: "Use my book\u{2019}s word list",
      .wordListConfirmed:
        "Done: {count, plural, one {# lesson asks} other {# lessons ask}} your book\u{2019}s words now.",
      .wordListReviewTitle: "Check your list",
      .wordListSummary:
        "{words, plural, one {# word} other {# words}} for {lessons, plural, one {# lesson} other {# lessons}}, from {used} of {lines} lines.",
      .wordListLesson: "Lesson",
      .wordListWords: "Words",
      .wordListLeftOut: "Left out",
      .wordListLines: "Lines left out or changed, and why",
      .wordListLine: "Line {line}",
      .wordListOtherBook:
        "Book {book} is not one Dangdai teaches yet: its {words, plural, one {# word was} other {# words were}} left out.",
      .wordListUse: "Use this list",
      .wordListCancel: "Cancel",
      .wordListRefused: "This list could not be used: {reason}",
      .wordListNotText: "This file is not a text file. Save the list as text (.tsv, .txt or .csv) and choose it again.",
      .wordListExpired: "That list is no longer waiting. Choose the file again.",
      .wordListChooseFile: "Choose a file first.",
      .wordListKept: "Your lessons that this list does not cover keep what they had.",
      .listen: "Listen",
      .playWord: "Play the word",
      .listenFallback: "No Mandarin voice can speak here, so here is how it reads:",
      .youChose: "You chose {word}: {meaning}.",
      .showReadings: "Show readings",
      .reviewHomeTitle: "Spaced review",
      .reviewNow: "Review now",
      .reviewNothingDue: "Nothing to review now: a word you miss comes back here when it is due.",
      .madeOfTitle: "What the {percent}% is made of",
      .partTaken: "{kind}: best {best}%, {earned} of its {weight} points",
      .partNotTaken: "{kind}: not taken yet, worth {weight} points",
      .masteredByTest: "Mastered: {percent}% on the chapter test. A test at {threshold}% or more masters a chapter.",
      .toMaster: "To master this chapter, score {threshold}% or more on the chapter test.",
      .resumeFrom: "Resume from question {number}",
      .startOverQuiz: "Start over",
      .welcomeAboard: "Welcome to Dangdai!",
      .welcomeAboardLead:
        "Start with the first lesson below: a quiz takes a few minutes, and every answer teaches a little.",
    ])

  public static let french = Catalog<DangdaiScreenText>(
    .french,
    [
      .description: "Des quiz qui suivent A Course in Contemporary Chinese, leçon après leçon.",
      .tabHome: "Accueil", .tabBooks: "Manuels", .tabProgress: "Progrès", .tabSettings: "Réglages",
      .tabsLabel: "Rubriques",
      .welcomeTitle: "Le chinois, un chapitre à la fois",
      .welcomeLead:
        "Des quiz sur le vocabulaire et la grammaire de chaque leçon d\u{2019}A Course in Contemporary Chinese, corrigés sur-le-champ, et vos progrès gardés.",
      .welcomeSignUp: "Créer un compte", .welcomeSignIn: "J\u{2019}ai déjà un compte",
      .dashboardTitle: "Vos études",
      .points: "{points, plural, one {# point} other {# points}}",
      .streak:
        "{days, plural, =0 {Pas encore de série} one {# jour d\u{2019}affilée} other {# jours d\u{2019}affilée}}",
      .thisWeek: "Cette semaine",
      .dayQuizzes: "{day}\u{202F}: {count, plural, =0 {aucun quiz} one {# quiz} other {# quiz}}",
      .continueLabel: "Continuer",
      .resume: "{kind}, {chapter}\u{202F}: reprendre à la question {number}",
      .startNext: "À suivre\u{202F}: {chapter}",
      .yourBooks: "Vos manuels",
      .bookMastered: "{mastered, plural, one {# chapitre maîtrisé} other {# chapitres maîtrisés}} sur {total}",
      .recentQuizzes: "Quiz récents",
      .noRecentQuizzes: "Les quiz que vous terminez s\u{2019}afficheront ici.",
      .quizScore: "{correct}/{total}",
      .booksTitle: "Manuels", .bookTitle: "Manuel {book}", .lessonNumber: "Leçon {number}",
      .notStarted: "Pas commencé", .percent: "{percent}\u{202F}%", .mastered: "Maîtrisé",
      .practiceAgain: "S\u{2019}entraîner encore",
      .chapterQuizzes: "Quiz", .bestScore: "Meilleur\u{202F}: {percent}\u{202F}%", .notTaken: "Pas encore fait",
      .reviewDue: "{count, plural, one {# mot à réviser} other {# mots à réviser}}",
      .nothingDue: "Aucun mot à réviser pour l\u{2019}instant.",
      .words: "Les mots de la leçon", .wordColumn: "Mot", .readingColumn: "Lecture", .meaningColumn: "Sens",
      .allBooks: "Tous les manuels",
      .kindVocabulary: "Quiz de vocabulaire", .kindGrammar: "Quiz de grammaire", .kindTest: "Test du chapitre",
      .kindReview: "Révision",
      .questionOf: "Question {number} sur {total}", .testLabel: "Test du chapitre", .check: "Vérifier",
      .typePlaceholder: "Tapez le pinyin…",
      .toneHelp: "Les tons en chiffres après chaque syllabe (ni3 hao3), ou en accents (nǐ hǎo).",
      .answerLabel: "Votre réponse",
      .tilesPlaced: "Votre phrase", .tilesLeft: "Mots à placer", .tilesEmpty: "Touchez les mots dans l\u{2019}ordre.",
      .undo: "Annuler", .startOver: "Recommencer", .leaveQuiz: "Quitter le quiz",
      .missingTones: "Ajoutez les tons\u{202F}: un chiffre après chaque syllabe (ni3 hao3), ou les accents.",
      .unreadable: "Cette réponse ne correspond pas à la question. Répondez à nouveau.",
      .loading: "Préparation de votre quiz…", .loadFailed: "Impossible de charger les questions",
      .tryAgain: "Réessayer",
      .tipTones: "Astuce\u{202F}: le chiffre du ton suit sa syllabe, donc 你好 s\u{2019}écrit ni3 hao3.",
      .tipMeasureWords: "Astuce\u{202F}: pour compter, il faut un classificateur\u{202F}: 一個人, 兩本書.",
      .tipReview:
        "Astuce\u{202F}: les mots manqués reviennent en révision juste avant que vous ne les oubliiez.",
      .tipMastery:
        "Astuce\u{202F}: un chapitre est maîtrisé à {threshold}\u{202F}%, et le test du chapitre compte le plus.",
      .correct: "Bonne réponse\u{202F}!", .wrong: "Pas tout à fait.", .theAnswer: "La réponse\u{202F}: {answer}",
      .toneError: "Les syllabes sont justes\u{202F}; vérifiez le ton de {syllables}.",
      .sandhiHint:
        "Écrivez les tons du mot pris isolément\u{202F}: les changements de ton à l\u{2019}oral ne s\u{2019}écrivent pas.",
      .pointsEarned: "+{points}", .nextQuestion: "Question suivante", .seeResults: "Voir les résultats",
      .yourAnswer: "Votre réponse\u{202F}: {answer}",
      .resultsTitle: "Quiz terminé", .resultsPoints: "+{points} points",
      .totalPoints: "{points, plural, one {# point en tout} other {# points en tout}}",
      .chapterMastered: "Chapitre maîtrisé\u{202F}!", .chapterMasteredLead: "Vous maîtrisez {chapter}.",
      .struggledWith: "Ce qui vous a résisté\u{202F}:", .allRight: "Tout juste.",
      .backToChapter: "Retour au chapitre", .backHome: "Accueil",
      .progressTitle: "Progrès", .activity: "Activité", .weekView: "Semaine", .monthView: "Mois",
      .chapterScores: "Scores par chapitre", .history: "Historique des quiz", .olderQuizzes: "Quiz plus anciens",
      .earlier: "‹ Plus tôt", .later: "Plus tard ›",
      .settingsTitle: "Réglages", .language: "Langue", .readings: "Lectures", .readingPinyin: "Pinyin",
      .readingZhuyin: "Zhuyin", .readingBoth: "Les deux", .sound: "Sons", .soundOn: "Activés",
      .soundOff: "Coupés", .theme: "Apparence", .themeSystem: "Comme le système", .themeLight: "Claire",
      .themeDark: "Sombre", .save: "Enregistrer", .saved: "Enregistré.", .account: "Compte",
      .accountLink: "E-mail, mot de passe, export et suppression", .signOut: "Se déconnecter",
      .about: "À propos",
      .nothingToReview:
        "Aucun mot à réviser pour l\u{2019}instant. Les mots manqués pendant un quiz reviendront ici.",
      .offline: "Pas de connexion. Vos réponses sont gardées\u{202F}; réessayez une fois reconnecté.",
      .tooManyQuizzes: "Cela fait beaucoup de quiz d\u{2019}un coup. Patientez une minute.",
      .chapterNotFoundTitle: "Leçon introuvable",
      .chapterNotFound: "Cette leçon n\u{2019}existe pas dans vos manuels. Choisissez-en une dans la liste.",
      .quizNotFoundTitle: "Quiz introuvable",
      .quizNotFound:
        "Ce quiz n\u{2019}est pas le vôtre, ou il n\u{2019}existe plus. Commencez-en un autre depuis vos manuels.",
      .pageNotFoundTitle: "Page introuvable",
      .pageNotFound:
        "Il n\u{2019}y a rien à cette adresse dans Dangdai. Le lien est peut-être mal saisi ou périmé.",
      .offlineTitle: "Vous êtes hors ligne",
      .offlineLead:
        "Les quiz de Dangdai sont préparés et corrigés en ligne\u{202F}: il leur faut une connexion. Tout ce que vous avez appris est gardé avec votre compte\u{202F}; reconnectez-vous pour reprendre là où vous en étiez.",
      .offlineRetry: "Réessayer",
      .wordListTitle: "La liste de mots de votre manuel",
      .wordListLead:
        "Si vous avez le manuel, utilisez sa liste de mots\u{202F}: les quiz de chaque leçon demandent alors les mots de votre manuel, et vos révisions les suivent. La liste n\u{2019}est qu\u{2019}à vous, gardée avec votre compte.",
      .wordListFormats:
        "Choisissez le fichier tel que vous l\u{2019}avez\u{202F}: la liste de cartes (.tsv ou .txt), ou un tableur enregistré en CSV avec une colonne de sens par langue. Vous voyez ce qui a été lu, et quelles lignes ont été écartées et pourquoi, avant que rien ne change.",
      .wordListFile: "Fichier de la liste",
      .wordListRead: "Lire la liste",
      .wordListNone:
        "Vos quiz utilisent les mots d\u{2019}accompagnement de Dangdai\u{202F}: vous n\u{2019}avez pas encore de liste à vous.",
      .wordListInUse: "Votre liste sert pour {count, plural, one {# leçon} other {# leçons}}.",
      .wordListRemove: "Ne plus utiliser ma liste",
      .wordListRemoved: "Vos quiz utilisent de nouveau les mots d\u{2019}accompagnement de Dangdai.",
      .wordListLink: "Utiliser la liste de mots de mon manuel",
      .wordListConfirmed:
        "C\u{2019}est fait\u{202F}: {count, plural, one {# leçon demande} other {# leçons demandent}} désormais les mots de votre manuel.",
      .wordListReviewTitle: "Vérifiez votre liste",
      .wordListSummary:
        "{words, plural, one {# mot} other {# mots}} pour {lessons, plural, one {# leçon} other {# leçons}}, tirés de {used} lignes sur {lines}.",
      .wordListLesson: "Leçon",
      .wordListWords: "Mots",
      .wordListLeftOut: "Écartées",
      .wordListLines: "Lignes écartées ou modifiées, et pourquoi",
      .wordListLine: "Ligne {line}",
      .wordListOtherBook:
        "Dangdai n\u{2019}enseigne pas encore le livre {book}\u{202F}: {words, plural, one {son mot a été écarté} other {ses # mots ont été écartés}}.",
      .wordListUse: "Utiliser cette liste",
      .wordListCancel: "Annuler",
      .wordListRefused: "Cette liste n\u{2019}a pas pu servir\u{202F}: {reason}",
      .wordListNotText:
        "Ce fichier n\u{2019}est pas un fichier texte. Enregistrez la liste en texte (.tsv, .txt ou .csv) et choisissez-la de nouveau.",
      .wordListExpired: "Cette liste n\u{2019}est plus en attente. Choisissez de nouveau le fichier.",
      .wordListChooseFile: "Choisissez d\u{2019}abord un fichier.",
      .wordListKept: "Les leçons que cette liste ne couvre pas gardent ce qu\u{2019}elles avaient.",
      .listen: "Écouter",
      .playWord: "Écouter le mot",
      .listenFallback: "Aucune voix mandarin ne peut parler ici\u{202F}; voici comment il se lit\u{202F}:",
      .youChose: "Vous avez choisi {word}\u{202F}: {meaning}.",
      .showReadings: "Afficher les lectures",
      .reviewHomeTitle: "Révision espacée",
      .reviewNow: "Réviser maintenant",
      .reviewNothingDue: "Rien à réviser pour l\u{2019}instant\u{202F}: un mot manqué revient ici quand il est dû.",
      .madeOfTitle: "De quoi sont faits ces {percent}\u{202F}%",
      .partTaken: "{kind}\u{202F}: meilleur score {best}\u{202F}%, {earned} de ses {weight} points",
      .partNotTaken: "{kind}\u{202F}: pas encore fait, {weight} points en jeu",
      .masteredByTest:
        "Maîtrisé\u{202F}: {percent}\u{202F}% au test du chapitre. Un test à {threshold}\u{202F}% ou plus fait maîtriser un chapitre.",
      .toMaster: "Pour maîtriser ce chapitre, obtenez {threshold}\u{202F}% ou plus au test du chapitre.",
      .resumeFrom: "Reprendre à la question {number}",
      .startOverQuiz: "Recommencer",
      .welcomeAboard: "Bienvenue sur Dangdai\u{202F}!",
      .welcomeAboardLead:
        "Commencez par la première leçon ci-dessous\u{202F}: un quiz prend quelques minutes, et chaque réponse apprend un peu.",
    ])

  public static let japanese = Catalog<DangdaiScreenText>(
    .japanese,
    [
      .description: "『A Course in Contemporary Chinese』に沿って、課ごとに解けるクイズ。",
      .tabHome: "ホーム", .tabBooks: "教科書", .tabProgress: "進み具合", .tabSettings: "設定", .tabsLabel: "メニュー",
      .welcomeTitle: "中国語を一課ずつ",
      .welcomeLead: "『A Course in Contemporary Chinese』各課の単語と文法のクイズ。答えはその場で採点され、進み具合も記録されます。",
      .welcomeSignUp: "アカウントを作る", .welcomeSignIn: "アカウントを持っている",
      .dashboardTitle: "あなたの学習",
      .points: "{points} ポイント",
      .streak: "{days, plural, =0 {連続記録はまだありません} other {# 日連続}}",
      .thisWeek: "今週",
      .dayQuizzes: "{day}：{count, plural, =0 {クイズなし} other {クイズ # 回}}",
      .continueLabel: "続ける",
      .resume: "{kind}・{chapter}：{number} 問目から",
      .startNext: "次はこちら：{chapter}",
      .yourBooks: "教科書",
      .bookMastered: "{total} 課中 {mastered} 課をマスター",
      .recentQuizzes: "最近のクイズ",
      .noRecentQuizzes: "終えたクイズがここに表示されます。",
      .quizScore: "{correct}/{total}",
      .booksTitle: "教科書", .bookTitle: "第{book}冊", .lessonNumber: "第{number}課",
      .notStarted: "未学習", .percent: "{percent}%", .mastered: "マスター", .practiceAgain: "もう一度練習",
      .chapterQuizzes: "クイズ", .bestScore: "最高：{percent}%", .notTaken: "まだ受けていません",
      .reviewDue: "復習する単語 {count} 語",
      .nothingDue: "今は復習する単語がありません。",
      .words: "この課の単語", .wordColumn: "単語", .readingColumn: "読み", .meaningColumn: "意味",
      .allBooks: "教科書一覧",
      .kindVocabulary: "単語クイズ", .kindGrammar: "文法クイズ", .kindTest: "章末テスト", .kindReview: "復習",
      .questionOf: "{total} 問中 {number} 問目", .testLabel: "章末テスト", .check: "答え合わせ",
      .typePlaceholder: "ピンインを入力…",
      .toneHelp: "声調は各音節の後に数字で（ni3 hao3）、または記号で（nǐ hǎo）。",
      .answerLabel: "あなたの答え",
      .tilesPlaced: "あなたの文", .tilesLeft: "並べる語", .tilesEmpty: "語を順番にタップしてください。",
      .undo: "一つ戻す", .startOver: "やり直す", .leaveQuiz: "クイズをやめる",
      .missingTones: "声調を付けてください。各音節の後に数字（ni3 hao3）か、声調記号で。",
      .unreadable: "この問題に合わない答えです。もう一度答えてください。",
      .loading: "クイズを作っています…", .loadFailed: "問題を読み込めませんでした", .tryAgain: "もう一度",
      .tipTones: "ヒント：声調の数字は音節の後に付けます。你好 は ni3 hao3。",
      .tipMeasureWords: "ヒント：物を数えるには量詞が要ります。一個人、兩本書。",
      .tipReview: "ヒント：間違えた単語は、忘れかける頃に復習で出てきます。",
      .tipMastery: "ヒント：{threshold}% でその課はマスター。章末テストの比重がいちばん大きくなります。",
      .correct: "正解！", .wrong: "惜しい！", .theAnswer: "正解：{answer}",
      .toneError: "音節は合っています。{syllables} の声調を確認しましょう。",
      .sandhiHint: "単語の本来の声調で書きます。話すときの声調の変化は書きません。",
      .pointsEarned: "+{points}", .nextQuestion: "次の問題", .seeResults: "結果を見る",
      .yourAnswer: "あなたの答え：{answer}",
      .resultsTitle: "クイズ完了", .resultsPoints: "+{points} ポイント",
      .totalPoints: "合計 {points} ポイント",
      .chapterMastered: "この課をマスター！", .chapterMasteredLead: "{chapter}をマスターしました。",
      .struggledWith: "苦戦したところ：", .allRight: "全問正解です。",
      .backToChapter: "課に戻る", .backHome: "ホーム",
      .progressTitle: "進み具合", .activity: "学習記録", .weekView: "週", .monthView: "月",
      .chapterScores: "課ごとの得点", .history: "クイズの履歴", .olderQuizzes: "以前のクイズ", .earlier: "‹ 前へ", .later: "次へ ›",
      .settingsTitle: "設定", .language: "言語", .readings: "読みの表示", .readingPinyin: "ピンイン",
      .readingZhuyin: "注音", .readingBoth: "両方", .sound: "効果音", .soundOn: "オン", .soundOff: "オフ",
      .theme: "表示", .themeSystem: "システムに合わせる", .themeLight: "ライト", .themeDark: "ダーク", .save: "保存",
      .saved: "保存しました。", .account: "アカウント", .accountLink: "メール、パスワード、書き出し、削除",
      .signOut: "ログアウト", .about: "このアプリについて",
      .nothingToReview: "今は復習する単語がありません。クイズで間違えた単語がここに戻ってきます。",
      .offline: "接続がありません。答えは保存されています。つながったらもう一度お試しください。",
      .tooManyQuizzes: "一度にたくさんのクイズが始まりました。1 分ほどお待ちください。",
      .chapterNotFoundTitle: "この課は見つかりません",
      .chapterNotFound: "教科書にその課はありません。一覧から選んでください。",
      .quizNotFoundTitle: "クイズが見つかりません",
      .quizNotFound: "このクイズはあなたのものではないか、もう存在しません。教科書から別のクイズを始めてください。",
      .pageNotFoundTitle: "ページが見つかりません",
      .pageNotFound: "Dangdai のこのアドレスには何もありません。リンクが間違っているか、古くなっている可能性があります。",
      .offlineTitle: "オフラインです",
      .offlineLead: "Dangdai のクイズはオンラインで作成・採点するため、接続が必要です。これまでの学習はアカウントに保存されています。つながったら続きから再開できます。",
      .offlineRetry: "もう一度",
      .wordListTitle: "教科書の単語リスト",
      .wordListLead: "教科書をお持ちなら、その単語リストを使えます。各課のクイズが教科書の単語から出題され、復習もそれに沿います。リストはあなただけのもので、アカウントと一緒に保存されます。",
      .wordListFormats:
        "お手元のファイルをそのまま選んでください。フラッシュカードのリスト（.tsv または .txt）か、言語ごとに意味の列がある表を CSV で保存したものです。何も変わる前に、読み取れた内容と、除いた行とその理由を確認できます。",
      .wordListFile: "単語リストのファイル",
      .wordListRead: "リストを読み込む",
      .wordListNone: "クイズは Dangdai の副教材の単語を使っています。まだご自分のリストはありません。",
      .wordListInUse: "あなたのリストを{count}課で使っています。",
      .wordListRemove: "自分のリストを使うのをやめる",
      .wordListRemoved: "クイズは再び Dangdai の副教材の単語を使います。",
      .wordListLink: "教科書の単語リストを使う",
      .wordListConfirmed: "完了しました。{count}課のクイズが教科書の単語から出題されます。",
      .wordListReviewTitle: "リストを確認してください",
      .wordListSummary: "{lines}行のうち{used}行から、{lessons}課分の{words}語を読み取りました。",
      .wordListLesson: "課",
      .wordListWords: "単語",
      .wordListLeftOut: "除いた行",
      .wordListLines: "除いた行・変更した行とその理由",
      .wordListLine: "{line}行目",
      .wordListOtherBook: "第{book}冊はまだ Dangdai で学べないため、その{words}語は除きました。",
      .wordListUse: "このリストを使う",
      .wordListCancel: "キャンセル",
      .wordListRefused: "このリストは使えませんでした：{reason}",
      .wordListNotText: "このファイルはテキストファイルではありません。リストをテキスト（.tsv、.txt、.csv）で保存して、もう一度選んでください。",
      .wordListExpired: "そのリストの確認期限が過ぎました。もう一度ファイルを選んでください。",
      .wordListChooseFile: "先にファイルを選んでください。",
      .wordListKept: "このリストにない課は、これまでの単語のままです。",
      .listen: "聞く",
      .playWord: "単語を聞く",
      .listenFallback: "この端末では中国語の音声が使えないため、読みを表示します：",
      .youChose: "選んだ {word} は「{meaning}」という意味です。",
      .showReadings: "読みを表示",
      .reviewHomeTitle: "間隔をあけた復習",
      .reviewNow: "今すぐ復習する",
      .reviewNothingDue: "今は復習する単語がありません。間違えた単語は、復習の時期が来るとここに出てきます。",
      .madeOfTitle: "{percent}% の内訳",
      .partTaken: "{kind}：最高 {best}%（{weight} 点中 {earned} 点）",
      .partNotTaken: "{kind}：まだ受けていません（{weight} 点分）",
      .masteredByTest: "修了：章末テストで {percent}%。章末テストで {threshold}% 以上なら、その課は修了です。",
      .toMaster: "この課を修了するには、章末テストで {threshold}% 以上を取りましょう。",
      .resumeFrom: "{number} 問目から再開",
      .startOverQuiz: "最初からやり直す",
      .welcomeAboard: "Dangdai へようこそ！",
      .welcomeAboardLead: "まずは下の最初の課から始めましょう。クイズは数分で終わり、答えるたびに少しずつ身につきます。",
    ])

  public static let korean = Catalog<DangdaiScreenText>(
    .korean,
    [
      .description: "『A Course in Contemporary Chinese』를 과마다 따라가는 퀴즈.",
      .tabHome: "홈", .tabBooks: "교재", .tabProgress: "진도", .tabSettings: "설정", .tabsLabel: "메뉴",
      .welcomeTitle: "중국어, 한 과씩",
      .welcomeLead: "『A Course in Contemporary Chinese』 각 과의 단어와 문법 퀴즈. 바로 채점되고, 진도도 기록됩니다.",
      .welcomeSignUp: "계정 만들기", .welcomeSignIn: "계정이 있어요",
      .dashboardTitle: "나의 학습",
      .points: "{points}점",
      .streak: "{days, plural, =0 {아직 연속 기록이 없어요} other {#일 연속}}",
      .thisWeek: "이번 주",
      .dayQuizzes: "{day}: {count, plural, =0 {퀴즈 없음} other {퀴즈 #회}}",
      .continueLabel: "계속하기",
      .resume: "{kind}, {chapter}: {number}번째 문제부터",
      .startNext: "다음: {chapter}",
      .yourBooks: "교재",
      .bookMastered: "{total}과 중 {mastered}과 마스터",
      .recentQuizzes: "최근 퀴즈",
      .noRecentQuizzes: "마친 퀴즈가 여기에 나와요.",
      .quizScore: "{correct}/{total}",
      .booksTitle: "교재", .bookTitle: "{book}권", .lessonNumber: "제{number}과",
      .notStarted: "시작 전", .percent: "{percent}%", .mastered: "마스터", .practiceAgain: "다시 연습하기",
      .chapterQuizzes: "퀴즈", .bestScore: "최고: {percent}%", .notTaken: "아직 안 봤어요",
      .reviewDue: "복습할 단어 {count}개",
      .nothingDue: "지금은 복습할 단어가 없어요.",
      .words: "이 과의 단어", .wordColumn: "단어", .readingColumn: "발음", .meaningColumn: "뜻",
      .allBooks: "교재 목록",
      .kindVocabulary: "단어 퀴즈", .kindGrammar: "문법 퀴즈", .kindTest: "단원 평가", .kindReview: "복습",
      .questionOf: "{total}문제 중 {number}번째", .testLabel: "단원 평가", .check: "확인",
      .typePlaceholder: "병음을 입력하세요…",
      .toneHelp: "성조는 음절 뒤에 숫자로(ni3 hao3), 또는 부호로(nǐ hǎo).",
      .answerLabel: "나의 답",
      .tilesPlaced: "나의 문장", .tilesLeft: "배열할 단어", .tilesEmpty: "단어를 순서대로 누르세요.",
      .undo: "되돌리기", .startOver: "처음부터", .leaveQuiz: "퀴즈 그만하기",
      .missingTones: "성조를 붙여 주세요. 음절마다 뒤에 숫자(ni3 hao3)나 성조 부호로.",
      .unreadable: "이 문제에 맞지 않는 답이에요. 다시 답해 주세요.",
      .loading: "퀴즈를 만드는 중…", .loadFailed: "문제를 불러오지 못했어요", .tryAgain: "다시 시도",
      .tipTones: "팁: 성조 숫자는 음절 뒤에 붙여요. 你好는 ni3 hao3.",
      .tipMeasureWords: "팁: 물건을 셀 때는 양사가 필요해요. 一個人, 兩本書.",
      .tipReview: "팁: 틀린 단어는 잊어버릴 즈음 복습에 다시 나와요.",
      .tipMastery: "팁: {threshold}%면 그 과는 마스터예요. 단원 평가의 비중이 가장 커요.",
      .correct: "정답!", .wrong: "아쉬워요.", .theAnswer: "정답: {answer}",
      .toneError: "음절은 맞아요. {syllables}의 성조를 확인해 보세요.",
      .sandhiHint: "단어 본래의 성조로 적어요. 말할 때 바뀌는 성조는 적지 않아요.",
      .pointsEarned: "+{points}", .nextQuestion: "다음 문제", .seeResults: "결과 보기",
      .yourAnswer: "나의 답: {answer}",
      .resultsTitle: "퀴즈 완료", .resultsPoints: "+{points}점",
      .totalPoints: "모두 {points}점",
      .chapterMastered: "이 과를 마스터했어요!", .chapterMasteredLead: "{chapter}: 마스터했어요.",
      .struggledWith: "어려웠던 문제:", .allRight: "모두 맞혔어요.",
      .backToChapter: "과로 돌아가기", .backHome: "홈",
      .progressTitle: "진도", .activity: "학습 기록", .weekView: "주", .monthView: "월",
      .chapterScores: "과별 점수", .history: "퀴즈 기록", .olderQuizzes: "이전 퀴즈", .earlier: "‹ 이전", .later: "다음 ›",
      .settingsTitle: "설정", .language: "언어", .readings: "발음 표기", .readingPinyin: "병음",
      .readingZhuyin: "주음", .readingBoth: "둘 다", .sound: "효과음", .soundOn: "켜기", .soundOff: "끄기",
      .theme: "화면", .themeSystem: "시스템 설정 따르기", .themeLight: "밝게", .themeDark: "어둡게", .save: "저장",
      .saved: "저장했어요.", .account: "계정", .accountLink: "이메일, 비밀번호, 내보내기, 삭제",
      .signOut: "로그아웃", .about: "앱 정보",
      .nothingToReview: "지금은 복습할 단어가 없어요. 퀴즈에서 틀린 단어가 여기로 돌아와요.",
      .offline: "연결이 끊겼어요. 답은 저장되어 있으니 다시 연결되면 시도해 주세요.",
      .tooManyQuizzes: "한꺼번에 퀴즈를 너무 많이 시작했어요. 1분만 기다려 주세요.",
      .chapterNotFoundTitle: "과를 찾을 수 없어요",
      .chapterNotFound: "교재에 그런 과가 없어요. 목록에서 골라 주세요.",
      .quizNotFoundTitle: "퀴즈를 찾을 수 없어요",
      .quizNotFound: "내 퀴즈가 아니거나 더 이상 없는 퀴즈예요. 교재에서 다른 퀴즈를 시작해 주세요.",
      .pageNotFoundTitle: "페이지를 찾을 수 없어요",
      .pageNotFound: "Dangdai의 이 주소에는 아무것도 없어요. 링크가 잘못되었거나 오래되었을 수 있어요.",
      .offlineTitle: "오프라인 상태예요",
      .offlineLead: "Dangdai의 퀴즈는 온라인에서 만들고 채점하기 때문에 연결이 필요해요. 지금까지 배운 내용은 계정에 저장되어 있어요. 다시 연결되면 하던 곳부터 이어서 할 수 있어요.",
      .offlineRetry: "다시 시도",
      .wordListTitle: "교재의 단어 목록",
      .wordListLead: "교재가 있다면 그 단어 목록을 쓰세요. 과마다 퀴즈가 교재의 단어로 나오고, 복습도 그 단어를 따라갑니다. 목록은 나만의 것으로, 계정과 함께 보관됩니다.",
      .wordListFormats:
        "가지고 있는 파일을 그대로 고르세요. 플래시카드 목록(.tsv 또는 .txt)이나, 언어마다 뜻 열이 있는 표를 CSV로 저장한 파일입니다. 무엇이 바뀌기 전에, 읽은 내용과 빠진 줄, 그 이유를 먼저 확인할 수 있습니다.",
      .wordListFile: "단어 목록 파일",
      .wordListRead: "목록 읽기",
      .wordListNone: "퀴즈는 Dangdai의 보충 단어를 쓰고 있습니다. 아직 내 목록이 없습니다.",
      .wordListInUse: "내 목록을 {count}개 과에서 쓰고 있습니다.",
      .wordListRemove: "내 목록 그만 쓰기",
      .wordListRemoved: "퀴즈가 다시 Dangdai의 보충 단어를 씁니다.",
      .wordListLink: "내 교재의 단어 목록 쓰기",
      .wordListConfirmed: "완료: 이제 {count}개 과의 퀴즈가 교재의 단어로 나옵니다.",
      .wordListReviewTitle: "목록을 확인하세요",
      .wordListSummary: "{lines}줄 중 {used}줄에서 {lessons}개 과의 단어 {words}개를 읽었습니다.",
      .wordListLesson: "과",
      .wordListWords: "단어",
      .wordListLeftOut: "빠진 줄",
      .wordListLines: "빠지거나 바뀐 줄과 그 이유",
      .wordListLine: "{line}번째 줄",
      .wordListOtherBook: "{book}권은 아직 Dangdai에서 배울 수 없어서, 그 단어 {words}개는 빠졌습니다.",
      .wordListUse: "이 목록 쓰기",
      .wordListCancel: "취소",
      .wordListRefused: "이 목록은 쓸 수 없습니다: {reason}",
      .wordListNotText: "텍스트 파일이 아닙니다. 목록을 텍스트(.tsv, .txt, .csv)로 저장해서 다시 고르세요.",
      .wordListExpired: "그 목록은 더 이상 기다리고 있지 않습니다. 파일을 다시 고르세요.",
      .wordListChooseFile: "먼저 파일을 고르세요.",
      .wordListKept: "이 목록에 없는 과는 원래 단어를 그대로 씁니다.",
      .listen: "듣기",
      .playWord: "단어 듣기",
      .listenFallback: "이 기기에서는 중국어 음성을 쓸 수 없어서, 발음을 보여 드립니다:",
      .youChose: "고른 {word}의 뜻은 '{meaning}'입니다.",
      .showReadings: "발음 보기",
      .reviewHomeTitle: "간격 반복 복습",
      .reviewNow: "지금 복습하기",
      .reviewNothingDue: "지금은 복습할 단어가 없습니다. 틀린 단어는 복습할 때가 되면 여기에 나옵니다.",
      .madeOfTitle: "{percent}%의 구성",
      .partTaken: "{kind}: 최고 {best}%, {weight}점 중 {earned}점",
      .partNotTaken: "{kind}: 아직 안 봄, {weight}점",
      .masteredByTest: "완료: 단원 평가에서 {percent}%. 단원 평가에서 {threshold}% 이상이면 그 과를 완료합니다.",
      .toMaster: "이 과를 완료하려면 단원 평가에서 {threshold}% 이상을 받으세요.",
      .resumeFrom: "{number}번 문제부터 이어 하기",
      .startOverQuiz: "처음부터 다시",
      .welcomeAboard: "Dangdai에 오신 것을 환영합니다!",
      .welcomeAboardLead: "아래 첫 과부터 시작해 보세요. 퀴즈는 몇 분이면 끝나고, 답할 때마다 조금씩 배웁니다.",
    ])
}
