import OrchardKit

extension Course {
  /// `question`, made for a learner reading `made`, as a learner reading `reading` sees it: its
  /// meanings and translation in their language, its Chinese, options' order and key unchanged.
  /// A quiz continued after the learner changes language speaks their new one.
  public func localized(_ question: Question, madeIn made: Language, for reading: Language) -> Question {
    guard made != reading else { return question }
    let known = vocabulary(through: question.lesson)
    /// The word a meaning in `made` belongs to: the question's own first, then any met so far.
    func word(meaning: String) -> VocabularyItem? {
      if case .word(let hanzi) = question.subject, let item = known.item(hanzi), item.meaning[made] == meaning {
        return item
      }
      return known.items.values.filter { $0.meaning[made] == meaning }.min { $0.hanzi < $1.hanzi }
    }
    var options = question.options
    var meaning = question.meaning
    switch question.kind {
    case .characterToMeaning:
      options = options.map { word(meaning: $0)?.meaning[reading] ?? $0 }
    case .meaningToCharacter:
      meaning = meaning.map { word(meaning: $0)?.meaning[reading] ?? $0 }
    case .sentenceCompletion, .correctSentence, .wordOrder:
      if case .grammar(let lesson, let id) = question.subject, let sentence = question.rightSentence,
        let example = self.lesson(lesson)?.grammar.first(where: { $0.id == id })?.examples.first(where: {
          $0.text.filter { !Vocabulary.free.contains($0) } == sentence.filter { !Vocabulary.free.contains($0) }
        })
      {
        meaning = example.translation[reading]
      }
    case .characterToPinyin, .readingToCharacter, .listeningToCharacter:
      return question
    }
    return Question(
      kind: question.kind, lesson: question.lesson, subject: question.subject, chinese: question.chinese,
      reading: question.reading, meaning: meaning, options: options, key: question.key)
  }
}
