import OrchardKit

/// Every sentence Dangdai's core hands to its faces, by key. Chinese is never here: it is shown
/// as written whatever the learner's language.
public enum DangdaiText: String, TextKey {
  case characterToMeaning = "instruction.character-to-meaning"
  case meaningToCharacter = "instruction.meaning-to-character"
  case characterToPinyin = "instruction.character-to-pinyin"
  case characterToPinyinNeutral = "instruction.character-to-pinyin-neutral"
  case readingToCharacter = "instruction.reading-to-character"
  case listeningToCharacter = "instruction.listening-to-character"
  case sentenceCompletion = "instruction.sentence-completion"
  case correctSentence = "instruction.correct-sentence"
  case wordOrder = "instruction.word-order"
  case resultSummary = "result.summary"
  case companionNotice = "notice.companion"
  case dictionaryCredit = "notice.dictionary"
  case importMalformedHeader = "import.malformed-header"
  case importItemBeforeHeader = "import.item-before-header"
  case importMissingColumns = "import.missing-columns"
  case importNotChinese = "import.not-chinese"
  case importUnreadableReading = "import.unreadable-reading"
  case importReadingDoesNotFit = "import.reading-does-not-fit"
  case importMissingGloss = "import.missing-gloss"
  case importDuplicate = "import.duplicate"
  case importSenseMerged = "import.sense-merged"
  case importPatternAsWord = "import.pattern-as-word"
  case importEmpty = "import.empty"
  case importTooLarge = "import.too-large"

  /// What `question` asks the learner to do; for a word all in the neutral tone (嗎, 呢), how to
  /// type that tone.
  public static func instruction(_ question: Question) -> DangdaiText {
    if case .pinyin(_, let readings, _) = question.key, let first = readings.first,
      first.allSatisfy({ $0.tone == 5 })
    {
      return .characterToPinyinNeutral
    }
    return instruction(question.kind)
  }

  /// What a question of `kind` asks the learner to do.
  public static func instruction(_ kind: Question.Kind) -> DangdaiText {
    switch kind {
    case .characterToMeaning: .characterToMeaning
    case .meaningToCharacter: .meaningToCharacter
    case .characterToPinyin: .characterToPinyin
    case .readingToCharacter: .readingToCharacter
    case .listeningToCharacter: .listeningToCharacter
    case .sentenceCompletion: .sentenceCompletion
    case .correctSentence: .correctSentence
    case .wordOrder: .wordOrder
    }
  }
}

extension VocabularyImport.Code {
  /// Why a line of a list was left out or kept with a change, or why a list was refused.
  public var text: DangdaiText {
    switch self {
    case .malformedHeader: .importMalformedHeader
    case .itemBeforeHeader: .importItemBeforeHeader
    case .missingColumns: .importMissingColumns
    case .notChinese: .importNotChinese
    case .unreadableReading: .importUnreadableReading
    case .readingDoesNotFit: .importReadingDoesNotFit
    case .missingGloss: .importMissingGloss
    case .duplicate: .importDuplicate
    case .senseMerged: .importSenseMerged
    case .patternAsWord: .importPatternAsWord
    case .empty: .importEmpty
    case .tooLarge: .importTooLarge
    }
  }
}

extension VocabularyImport.Note {
  /// The note as a learner reads it: why, with the line the word joined where there is one.
  public var message: Message<DangdaiText> { Message(code.text, ["joins": joins ?? line]) }
}

extension VocabularyImport.Code {
  /// The refusal of a whole list as a learner reads it, with the size a list may have.
  public var message: Message<DangdaiText> {
    Message(text, ["megabytes": VocabularyImport.maximumBytes / 1_048_576])
  }
}

extension QuizScore {
  /// "8/10 correct - 80%", in the learner's language.
  public var summary: Message<DangdaiText> {
    Message(.resultSummary, ["correct": correct, "total": total, "percent": percent])
  }
}

/// Dangdai's catalogs: English, French, Japanese and Korean.
public enum DangdaiTexts {
  public static let all = Texts<DangdaiText>([english, french, japanese, korean])

  public static let english = Catalog<DangdaiText>(
    .english,
    [
      .characterToMeaning: "What does this word mean?",
      .meaningToCharacter: "Which word means this?",
      .characterToPinyin: "Type this word in pinyin, with its tones (marks or numbers).",
      .characterToPinyinNeutral: "Type this word in pinyin. Its tone is neutral: type 5, 0 or no tone at all.",
      .listeningToCharacter: "Listen, then choose the word you hear.",
      .readingToCharacter: "Which word is read like this?",
      .sentenceCompletion: "Choose the word that completes the sentence.",
      .correctSentence: "Which sentence is correct?",
      .wordOrder: "Put the words in order.",
      .resultSummary: "{correct}/{total} correct - {percent}%",
      .companionNotice:
        "These are Dangdai\u{2019}s own companion lessons, written for each chapter of A Course in Contemporary Chinese: the book\u{2019}s word lists and dialogues belong to its authors. If you have the book, you can import its word list for a chapter, and that chapter\u{2019}s quizzes will use your list.",
      .dictionaryCredit: "Readings and English glosses: CC-CEDICT (MDBG), CC BY-SA 4.0.",
      .importMalformedHeader: "This lesson header could not be read: it is written //當代中文/Book N/LNN-I or -II.",
      .importItemBeforeHeader: "This word is under no lesson header that could be read.",
      .importMissingColumns: "A word needs its characters, its reading and its meaning, each in its own column.",
      .importNotChinese: "The first column holds no word in characters.",
      .importUnreadableReading: "The reading is not pinyin.",
      .importReadingDoesNotFit: "The reading does not give each character its syllable.",
      .importMissingGloss: "The meaning is missing.",
      .importDuplicate: "This word is already in this lesson\u{2019}s list, on line {joins}.",
      .importSenseMerged: "Kept: this second meaning joins the same word on line {joins}.",
      .importPatternAsWord: "Kept: this pattern is asked as the characters it fixes.",
      .importEmpty: "The file holds no word that could be read for a lesson Dangdai teaches.",
      .importTooLarge: "The file is larger than a word list can be ({megabytes} MB at most).",
    ])

  public static let french = Catalog<DangdaiText>(
    .french,
    [
      .characterToMeaning: "Que veut dire ce mot\u{202F}?",
      .meaningToCharacter: "Quel mot a ce sens\u{202F}?",
      .characterToPinyin: "Écrivez ce mot en pinyin, avec ses tons (accents ou chiffres).",
      .characterToPinyinNeutral: "Écrivez ce mot en pinyin. Son ton est neutre\u{202F}: tapez 5, 0 ou aucun ton.",
      .listeningToCharacter: "Écoutez, puis choisissez le mot entendu.",
      .readingToCharacter: "Quel mot se prononce ainsi\u{202F}?",
      .sentenceCompletion: "Choisissez le mot qui complète la phrase.",
      .correctSentence: "Quelle phrase est correcte\u{202F}?",
      .wordOrder: "Remettez les mots dans l\u{2019}ordre.",
      .resultSummary: "{correct}/{total} bonnes réponses - {percent}\u{202F}%",
      .companionNotice:
        "Ce sont les leçons d\u{2019}accompagnement de Dangdai, écrites pour chaque chapitre d\u{2019}A Course in Contemporary Chinese\u{202F}: les listes de mots et les dialogues du manuel appartiennent à ses auteurs. Si vous avez le manuel, vous pouvez importer sa liste de mots pour un chapitre, et les quiz de ce chapitre l\u{2019}utiliseront.",
      .dictionaryCredit: "Lectures et traductions anglaises\u{202F}: CC-CEDICT (MDBG), CC BY-SA 4.0.",
      .importMalformedHeader:
        "Cet en-tête de leçon est illisible\u{202F}: il s\u{2019}écrit //當代中文/Book N/LNN-I ou -II.",
      .importItemBeforeHeader: "Ce mot n\u{2019}est sous aucun en-tête de leçon lisible.",
      .importMissingColumns: "Un mot a besoin de ses caractères, de sa lecture et de son sens, chacun dans sa colonne.",
      .importNotChinese: "La première colonne ne contient aucun mot en caractères.",
      .importUnreadableReading: "La lecture n\u{2019}est pas du pinyin.",
      .importReadingDoesNotFit: "La lecture ne donne pas à chaque caractère sa syllabe.",
      .importMissingGloss: "Le sens manque.",
      .importDuplicate: "Ce mot figure déjà dans la liste de cette leçon, ligne {joins}.",
      .importSenseMerged: "Gardé\u{202F}: ce second sens rejoint le même mot, ligne {joins}.",
      .importPatternAsWord: "Gardé\u{202F}: cette structure est demandée par les caractères qu\u{2019}elle fixe.",
      .importEmpty: "Le fichier ne contient aucun mot lisible pour une leçon que Dangdai enseigne.",
      .importTooLarge:
        "Le fichier est plus gros qu\u{2019}une liste de mots ne peut l\u{2019}être ({megabytes}\u{202F}Mo au plus).",
    ])

  public static let japanese = Catalog<DangdaiText>(
    .japanese,
    [
      .characterToMeaning: "この単語の意味はどれですか？",
      .meaningToCharacter: "この意味の単語はどれですか？",
      .characterToPinyin: "この単語をピンインで入力してください（声調は記号でも数字でも構いません）。",
      .characterToPinyinNeutral: "この単語をピンインで入力してください。軽声なので、5 か 0 を付けるか、声調なしで入力します。",
      .listeningToCharacter: "音声を聞いて、聞こえた単語を選んでください。",
      .readingToCharacter: "この読み方の単語はどれですか？",
      .sentenceCompletion: "文を完成させる語を選んでください。",
      .correctSentence: "正しい文はどれですか？",
      .wordOrder: "語を正しい順に並べてください。",
      .resultSummary: "{total}問中{correct}問正解 - {percent}%",
      .companionNotice:
        "これは『A Course in Contemporary Chinese』の各課に合わせて Dangdai が独自に作った副教材です。教科書の単語リストや会話文の権利は著者にあります。教科書をお持ちなら、その課の単語リストを取り込むと、その課のクイズはあなたのリストを使います。",
      .dictionaryCredit: "読みと英語の訳語：CC-CEDICT (MDBG)、CC BY-SA 4.0",
      .importMalformedHeader: "課の見出しを読み取れませんでした。見出しは //當代中文/Book N/LNN-I または -II と書きます。",
      .importItemBeforeHeader: "読み取れる課の見出しの下にない単語です。",
      .importMissingColumns: "単語には、漢字・読み・意味がそれぞれ別の列に必要です。",
      .importNotChinese: "最初の列に漢字の単語がありません。",
      .importUnreadableReading: "読みがピンインになっていません。",
      .importReadingDoesNotFit: "読みの音節が文字と一つずつ対応していません。",
      .importMissingGloss: "意味がありません。",
      .importDuplicate: "この単語はこの課のリストの{joins}行目にすでにあります。",
      .importSenseMerged: "取り込みました：この二つ目の意味は{joins}行目の同じ単語に加えました。",
      .importPatternAsWord: "取り込みました：この文型は、決まっている部分の文字で出題します。",
      .importEmpty: "Dangdai で学べる課の単語で読み取れるものが、このファイルにはありません。",
      .importTooLarge: "単語リストとしては大きすぎるファイルです（{megabytes} MB まで）。",
    ])

  public static let korean = Catalog<DangdaiText>(
    .korean,
    [
      .characterToMeaning: "이 단어의 뜻은 무엇일까요?",
      .meaningToCharacter: "이 뜻을 가진 단어는 무엇일까요?",
      .characterToPinyin: "이 단어를 병음으로 입력하세요 (성조는 부호나 숫자로).",
      .characterToPinyinNeutral: "이 단어를 병음으로 입력하세요. 경성이므로 5나 0을 붙이거나 성조 없이 입력합니다.",
      .listeningToCharacter: "듣고, 들리는 단어를 고르세요.",
      .readingToCharacter: "이렇게 읽는 단어는 무엇일까요?",
      .sentenceCompletion: "문장을 완성하는 단어를 고르세요.",
      .correctSentence: "올바른 문장은 무엇일까요?",
      .wordOrder: "단어를 올바른 순서로 배열하세요.",
      .resultSummary: "{total}문제 중 {correct}문제 정답 - {percent}%",
      .companionNotice:
        "이 과정은 『A Course in Contemporary Chinese』의 각 과에 맞춰 Dangdai가 직접 만든 보충 학습입니다. 교재의 단어 목록과 대화문의 권리는 저자에게 있습니다. 교재가 있다면 과별 단어 목록을 가져올 수 있고, 그 과의 퀴즈는 가져온 목록을 사용합니다.",
      .dictionaryCredit: "발음과 영어 뜻: CC-CEDICT (MDBG), CC BY-SA 4.0",
      .importMalformedHeader: "과 제목 줄을 읽을 수 없습니다. 제목은 //當代中文/Book N/LNN-I 또는 -II 형식으로 씁니다.",
      .importItemBeforeHeader: "읽을 수 있는 과 제목 아래에 있지 않은 단어입니다.",
      .importMissingColumns: "단어에는 한자, 발음, 뜻이 각각 다른 열에 있어야 합니다.",
      .importNotChinese: "첫 번째 열에 한자로 된 단어가 없습니다.",
      .importUnreadableReading: "발음이 병음으로 쓰여 있지 않습니다.",
      .importReadingDoesNotFit: "발음의 음절이 글자마다 하나씩 맞지 않습니다.",
      .importMissingGloss: "뜻이 없습니다.",
      .importDuplicate: "이 단어는 이미 이 과 목록의 {joins}번째 줄에 있습니다.",
      .importSenseMerged: "가져옴: 이 두 번째 뜻은 {joins}번째 줄의 같은 단어에 더했습니다.",
      .importPatternAsWord: "가져옴: 이 문형은 고정된 부분의 글자로 출제합니다.",
      .importEmpty: "이 파일에는 Dangdai에서 배우는 과의 단어 중 읽을 수 있는 것이 없습니다.",
      .importTooLarge: "단어 목록으로는 너무 큰 파일입니다 (최대 {megabytes}MB).",
    ])
}
