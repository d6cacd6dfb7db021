import OrchardKit

/// Every sentence Dangdai's core hands to its faces, by key. Chinese is never here: it is shown
/// as written whatever the learner's language.
public enum DangdaiText: String, TextKey {
  case characterToMeaning = "instruction.character-to-meaning"
  case meaningToCharacter = "instruction.meaning-to-character"
  case characterToPinyin = "instruction.character-to-pinyin"
  case readingToCharacter = "instruction.reading-to-character"
  case sentenceCompletion = "instruction.sentence-completion"
  case correctSentence = "instruction.correct-sentence"
  case wordOrder = "instruction.word-order"
  case resultSummary = "result.summary"
  case companionNotice = "notice.companion"
  case dictionaryCredit = "notice.dictionary"

  /// What a question of `kind` asks the learner to do.
  public static func instruction(_ kind: Question.Kind) -> DangdaiText {
    switch kind {
    case .characterToMeaning: .characterToMeaning
    case .meaningToCharacter: .meaningToCharacter
    case .characterToPinyin: .characterToPinyin
    case .readingToCharacter: .readingToCharacter
    case .sentenceCompletion: .sentenceCompletion
    case .correctSentence: .correctSentence
    case .wordOrder: .wordOrder
    }
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
      .readingToCharacter: "Which word is read like this?",
      .sentenceCompletion: "Choose the word that completes the sentence.",
      .correctSentence: "Which sentence is correct?",
      .wordOrder: "Put the words in order.",
      .resultSummary: "{correct}/{total} correct - {percent}%",
      .companionNotice:
        "These are Dangdai\u{2019}s own companion lessons, written for each chapter of A Course in Contemporary Chinese: the book\u{2019}s word lists and dialogues belong to its authors. If you have the book, you can import its word list for a chapter, and that chapter\u{2019}s quizzes will use your list.",
      .dictionaryCredit: "Readings and English glosses: CC-CEDICT (MDBG), CC BY-SA 4.0.",
    ])

  public static let french = Catalog<DangdaiText>(
    .french,
    [
      .characterToMeaning: "Que veut dire ce mot\u{202F}?",
      .meaningToCharacter: "Quel mot a ce sens\u{202F}?",
      .characterToPinyin: "Écrivez ce mot en pinyin, avec ses tons (accents ou chiffres).",
      .readingToCharacter: "Quel mot se prononce ainsi\u{202F}?",
      .sentenceCompletion: "Choisissez le mot qui complète la phrase.",
      .correctSentence: "Quelle phrase est correcte\u{202F}?",
      .wordOrder: "Remettez les mots dans l\u{2019}ordre.",
      .resultSummary: "{correct}/{total} bonnes réponses - {percent}\u{202F}%",
      .companionNotice:
        "Ce sont les leçons d\u{2019}accompagnement de Dangdai, écrites pour chaque chapitre d\u{2019}A Course in Contemporary Chinese\u{202F}: les listes de mots et les dialogues du manuel appartiennent à ses auteurs. Si vous avez le manuel, vous pouvez importer sa liste de mots pour un chapitre, et les quiz de ce chapitre l\u{2019}utiliseront.",
      .dictionaryCredit: "Lectures et traductions anglaises\u{202F}: CC-CEDICT (MDBG), CC BY-SA 4.0.",
    ])

  public static let japanese = Catalog<DangdaiText>(
    .japanese,
    [
      .characterToMeaning: "この単語の意味はどれですか？",
      .meaningToCharacter: "この意味の単語はどれですか？",
      .characterToPinyin: "この単語をピンインで入力してください（声調は記号でも数字でも構いません）。",
      .readingToCharacter: "この読み方の単語はどれですか？",
      .sentenceCompletion: "文を完成させる語を選んでください。",
      .correctSentence: "正しい文はどれですか？",
      .wordOrder: "語を正しい順に並べてください。",
      .resultSummary: "{total}問中{correct}問正解 - {percent}%",
      .companionNotice:
        "これは『A Course in Contemporary Chinese』の各課に合わせて Dangdai が独自に作った副教材です。教科書の単語リストや会話文の権利は著者にあります。教科書をお持ちなら、その課の単語リストを取り込むと、その課のクイズはあなたのリストを使います。",
      .dictionaryCredit: "読みと英語の訳語：CC-CEDICT (MDBG)、CC BY-SA 4.0",
    ])

  public static let korean = Catalog<DangdaiText>(
    .korean,
    [
      .characterToMeaning: "이 단어의 뜻은 무엇일까요?",
      .meaningToCharacter: "이 뜻을 가진 단어는 무엇일까요?",
      .characterToPinyin: "이 단어를 병음으로 입력하세요 (성조는 부호나 숫자로).",
      .readingToCharacter: "이렇게 읽는 단어는 무엇일까요?",
      .sentenceCompletion: "문장을 완성하는 단어를 고르세요.",
      .correctSentence: "올바른 문장은 무엇일까요?",
      .wordOrder: "단어를 올바른 순서로 배열하세요.",
      .resultSummary: "{total}문제 중 {correct}문제 정답 - {percent}%",
      .companionNotice:
        "이 과정은 『A Course in Contemporary Chinese』의 각 과에 맞춰 Dangdai가 직접 만든 보충 학습입니다. 교재의 단어 목록과 대화문의 권리는 저자에게 있습니다. 교재가 있다면 과별 단어 목록을 가져올 수 있고, 그 과의 퀴즈는 가져온 목록을 사용합니다.",
      .dictionaryCredit: "발음과 영어 뜻: CC-CEDICT (MDBG), CC BY-SA 4.0",
    ])
}
