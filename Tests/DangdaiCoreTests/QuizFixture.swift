import OrchardKit

@testable import DangdaiCore

/// A two-lesson course in the builder's JSON, small enough to reason about in a test: lesson 101
/// teaches people and being, 102 drinks and wanting.
enum QuizFixture {
  static let json = #"""
    {"functionWords": ["的", "嗎"], "names": ["王"], "taiwanReadings": [
      {"hanzi": "學生", "cedict": "xue2 sheng5", "taiwan": "xue2 sheng1", "reason": "Taiwan reads 生 in its full tone."}],
     "lessons": [
      {"id": 101, "title": {"zh": "歡迎你來臺灣！", "en": "Welcome to Taiwan!"},
       "vocabulary": [
        \#(words([
          ("我", "Pron", "wo3", "I; me", "je", "私", "나"),
          ("你", "Pron", "ni3", "you", "tu", "あなた", "너"),
          ("他", "Pron", "ta1", "he; him", "il", "彼", "그"),
          ("她", "Pron", "ta1", "she; her", "elle", "彼女", "그녀"),
          ("是", "V", "shi4", "to be", "être", "である", "이다"),
          ("叫", "V", "jiao4", "to be called", "s'appeler", "という名前だ", "불리다"),
          ("來", "V", "lai2", "to come", "venir", "来る", "오다"),
          ("學生", "N", "xue2 sheng1|xue2 sheng5", "student", "étudiant", "学生", "학생"),
          ("老師", "N", "lao3 shi1", "teacher", "professeur", "先生", "선생님"),
          ("臺灣", "Name", "Tai2 wan1", "Taiwan", "Taïwan", "台湾", "대만"),
          ("謝謝", "Ph", "xie4 xie5", "thank you", "merci", "ありがとう", "고마워요"),
          ("很", "Adv", "hen3", "very", "très", "とても", "매우"),
          ("好", "Vs", "hao3", "good", "bien", "よい", "좋다"),
          ("忙", "Vs", "mang2", "busy", "occupé", "忙しい", "바쁘다"),
          ("也", "Adv", "ye3", "also", "aussi", "も", "도"),
          ("不", "Adv", "bu4", "no; not", "ne pas", "いいえ", "아니"),
        ]))
       ],
       "grammar": [
        {"id": "shi", "pattern": "A 是 B", "title": {"en": "Saying what someone is"},
         "explanation": {"en": "是 links a person to what they are."},
         "examples": [
          {"tokens": ["我", "是", "學生", "。"], "focus": 1, "wrong": ["很", "也", "不"], "orders": [],
           "translation": {"en": "I am a student.", "fr": "Je suis étudiant."}},
          {"tokens": ["他", "是", "老師", "。"], "focus": 1, "wrong": ["很", "也", "好"], "orders": [],
           "translation": {"en": "He is a teacher."}},
          {"tokens": ["王", "老師", "是", "臺灣", "老師", "。"], "focus": 2, "wrong": ["很", "也", "忙"], "orders": [],
           "translation": {"en": "Teacher Wang is a Taiwanese teacher."}}]},
        {"id": "hen", "pattern": "Subj + 很 + Vs", "title": {"en": "Describing with 很"},
         "explanation": {"en": "A stative verb follows 很."},
         "examples": [
          {"tokens": ["我", "很", "忙", "。"], "focus": 1, "wrong": ["是", "叫", "來"], "orders": [],
           "translation": {"en": "I am busy."}},
          {"tokens": ["老師", "很", "好", "。"], "focus": 1, "wrong": ["是", "叫", "來"], "orders": [],
           "translation": {"en": "The teacher is good."}},
          {"tokens": ["他", "也", "很", "忙", "。"], "focus": 2, "wrong": ["是", "叫", "來"], "orders": [],
           "translation": {"en": "He is busy too."}}]}]},
      {"id": 102, "title": {"zh": "我的家人", "en": "My Family"},
       "vocabulary": [
        \#(words([
          ("喝", "V", "he1", "to drink", "boire", "飲む", "마시다"),
          ("要", "Vaux", "yao4", "to want", "vouloir", "ほしい", "원하다"),
          ("茶", "N", "cha2", "tea", "thé", "お茶", "차"),
          ("咖啡", "N", "ka1 fei1", "coffee", "café", "コーヒー", "커피"),
          ("水", "N", "shui3", "water", "eau", "水", "물"),
          ("這", "Det", "zhe4|zhei4", "this", "ce", "この", "이"),
        ]))
       ],
       "grammar": [
        {"id": "yao", "pattern": "Subj + 要 + V + O", "title": {"en": "Wanting with 要"},
         "explanation": {"en": "要 before a verb says what someone wants to do."},
         "examples": [
          {"tokens": ["我", "要", "喝", "茶", "。"], "focus": 1, "wrong": ["很", "也", "是"],
           "orders": [], "translation": {"en": "I want to drink tea."}},
          {"tokens": ["你", "要", "喝", "咖啡", "嗎", "？"], "focus": 1, "wrong": ["很", "是", "叫"],
           "orders": [], "translation": {"en": "Do you want to drink coffee?"}},
          {"tokens": ["王", "老師", "要", "喝", "水", "。"], "focus": 2, "wrong": ["很", "是", "叫"],
           "orders": [], "translation": {"en": "Teacher Wang wants to drink water."}},
          {"tokens": ["王", "老師", "也", "要", "喝", "茶", "。"], "focus": 3, "wrong": ["很", "是", "叫"],
           "orders": [], "translation": {"en": "Teacher Wang wants to drink tea too."}}]}]}]}
    """#

  /// Vocabulary entries as the builder writes them; readings separated by `|`.
  static func words(_ entries: [(String, String, String, String, String, String, String)]) -> String {
    entries.map { hanzi, pos, readings, en, fr, ja, ko in
      let list = readings.split(separator: "|").map { "\"\($0)\"" }.joined(separator: ", ")
      return """
        {"hanzi": "\(hanzi)", "pos": "\(pos)", "readings": [\(list)], "citation": [\(list)],
         "meaning": {"en": "\(en)", "fr": "\(fr)", "ja": "\(ja)", "ko": "\(ko)"}}
        """
    }.joined(separator: ",\n")
  }

  static let course: Course = try! CompanionLessons.decode(json)
}
