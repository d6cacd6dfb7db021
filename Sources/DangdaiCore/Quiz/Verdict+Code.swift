extension Verdict {
  /// How a judged answer is kept and told: right, wrong, or wrong in its tones only. The raw value
  /// is the code a store keeps in its row and the API sends (`correct`, `wrong`, `tone_error`).
  public enum Code: String, Hashable, Sendable, Codable, CaseIterable {
    case correct
    case wrong
    case toneError = "tone_error"

    /// Whether an answer judged so is right (and earns its points).
    public var isCorrect: Bool { self == .correct }
  }

  /// The code of a final verdict; nil for one that asks again (no tones, the wrong shape).
  public var code: Code? {
    switch self {
    case .correct: .correct
    case .wrong: .wrong
    case .toneError: .toneError
    case .missingTones, .unanswerable: nil
    }
  }

  /// The verdict kept as `code`, with the tone errors and sandhi hint kept beside it.
  public init(code: Code, toneErrors: [Int], sandhiHint: Bool) {
    switch code {
    case .correct: self = .correct
    case .wrong: self = .wrong
    case .toneError: self = .toneError(syllables: toneErrors, sandhiHint: sandhiHint)
    }
  }

  /// The syllables whose tones were wrong (none unless it is a tone error).
  public var toneErrors: [Int] {
    if case .toneError(let syllables, _) = self { syllables } else { [] }
  }

  /// Whether tone sandhi explains a tone error.
  public var sandhiHint: Bool {
    if case .toneError(_, let hint) = self { hint } else { false }
  }
}
