import OrchardKit

/// What the onboarding form asks about the student, kept on the device. It leaves the device only
/// as ``uploadPayload``, and only while ``personalizationOptIn`` is on.
///
/// Every initialiser validates (decoding too), so a `Profile` always holds an allowed age, a major
/// of at most ``majorLimit`` characters and at most ``hobbyLimit`` hobbies of at most
/// ``hobbyLengthLimit`` characters each. Text is trimmed and repeated hobbies (ignoring case) dropped.
public struct Profile: Codable, Sendable, Equatable {
  public static let ages = 13...100
  public static let majorLimit = 80
  public static let hobbyLimit = 12
  public static let hobbyLengthLimit = 30

  /// The chips the form offers; the student may add their own.
  public static let suggestedHobbies = [
    "Reading", "Music", "Running", "Gaming", "Art", "Hiking", "Cooking", "Photography", "Basketball", "Soccer",
    "Volunteering", "Writing",
  ]

  /// The form's privacy line on the phone.
  public static let privacyNote = WalkWorthyText.privacyOnPhone

  public let age: Int
  /// Empty when the student left it blank.
  public let major: String
  public let gender: Gender
  public let hobbies: [String]
  /// "Use profile for personalization"; the only field that may change without re-validating.
  public var personalizationOptIn: Bool

  public init(
    age: Int, major: String = "", gender: Gender = .preferNotToSay, hobbies: [String] = [],
    personalizationOptIn: Bool = false
  ) throws(ProfileValidationError) {
    let major = major.trimmed
    let hobbies = Self.distinct(hobbies.map(\.trimmed))
    let problems = Self.problems(age: age, major: major, hobbies: hobbies)
    guard problems.isEmpty else { throw ProfileValidationError(problems: problems) }
    self.age = age
    self.major = major
    self.gender = gender
    self.hobbies = hobbies
    self.personalizationOptIn = personalizationOptIn
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    do {
      try self.init(
        age: container.decode(Int.self, forKey: .age), major: container.decode(String.self, forKey: .major),
        gender: container.decode(Gender.self, forKey: .gender),
        hobbies: container.decode([String].self, forKey: .hobbies),
        personalizationOptIn: container.decode(Bool.self, forKey: .personalizationOptIn))
    } catch let error as ProfileValidationError {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  /// What the server may see: nil unless the student opted in; gender only when they gave one.
  public var uploadPayload: ProfileUpload? {
    guard personalizationOptIn else { return nil }
    return ProfileUpload(
      age: age, major: major.isEmpty ? nil : major, gender: gender == .preferNotToSay ? nil : gender, hobbies: hobbies)
  }

  static func problems(age: Int?, major: String, hobbies: [String]) -> [ProfileProblem] {
    var problems: [ProfileProblem] = []
    if let age {
      if !ages.contains(age) { problems.append(.ageOutOfRange(age)) }
    } else {
      problems.append(.ageMissing)
    }
    if major.count > majorLimit { problems.append(.majorTooLong(major.count)) }
    if hobbies.count > hobbyLimit { problems.append(.tooManyHobbies(hobbies.count)) }
    if hobbies.contains(where: \.isEmpty) { problems.append(.emptyHobby) }
    problems += hobbies.filter { $0.count > hobbyLengthLimit }.map(ProfileProblem.hobbyTooLong)
    return problems
  }

  /// The JSON Schema's limits (`maxLength` 80 and 30, `maxItems` 12), which count what was sent:
  /// Unicode scalars of the untrimmed text, and hobbies before repeats are dropped. The form's own
  /// rules (``problems(age:major:hobbies:)``: characters, after trimming) are never stricter, so a
  /// request within these is then judged by them.
  public static func wireProblems(major: String?, hobbies: [String]) -> [ProfileProblem] {
    var problems: [ProfileProblem] = []
    if let major, major.unicodeScalars.count > majorLimit { problems.append(.majorTooLong(major.unicodeScalars.count)) }
    if hobbies.count > hobbyLimit { problems.append(.tooManyHobbies(hobbies.count)) }
    problems += hobbies.filter { $0.unicodeScalars.count > hobbyLengthLimit }.map(ProfileProblem.hobbyTooLong)
    return problems
  }

  /// The first spelling of each hobby, comparing without case.
  static func distinct(_ hobbies: [String]) -> [String] {
    var seen: Set<String> = []
    return hobbies.filter { seen.insert($0.lowercased()).inserted }
  }
}

/// The profile as sent to the server when the student opted in.
public struct ProfileUpload: Codable, Sendable, Equatable {
  public let age: Int
  public let major: String?
  public let gender: Gender?
  public let hobbies: [String]

  public init(age: Int, major: String?, gender: Gender?, hobbies: [String]) {
    self.age = age
    self.major = major
    self.gender = gender
    self.hobbies = hobbies
  }
}

/// One thing wrong with the onboarding form, with the sentence to show beside its field.
public enum ProfileProblem: Sendable, Hashable {
  case ageMissing
  case ageOutOfRange(Int)
  case majorTooLong(Int)
  case tooManyHobbies(Int)
  case emptyHobby
  case hobbyTooLong(String)

  /// The stable machine code, in the API's `UPPER_SNAKE` style.
  public var code: String {
    switch self {
    case .ageMissing: "AGE_MISSING"
    case .ageOutOfRange: "AGE_OUT_OF_RANGE"
    case .majorTooLong: "MAJOR_TOO_LONG"
    case .tooManyHobbies: "TOO_MANY_HOBBIES"
    case .emptyHobby: "EMPTY_HOBBY"
    case .hobbyTooLong: "HOBBY_TOO_LONG"
    }
  }

  /// The form field the problem is shown beside.
  public var field: ProfileForm.Field {
    switch self {
    case .ageMissing, .ageOutOfRange: .age
    case .majorTooLong: .major
    case .tooManyHobbies, .emptyHobby, .hobbyTooLong: .hobbies
    }
  }

  public var message: Message<WalkWorthyText> {
    switch self {
    case .ageMissing: Message(.ageMissing)
    case .ageOutOfRange: Message(.ageOutOfRange, ["min": Profile.ages.lowerBound, "max": Profile.ages.upperBound])
    case .majorTooLong: Message(.majorTooLong, ["limit": Profile.majorLimit])
    case .tooManyHobbies: Message(.tooManyHobbies, ["limit": Profile.hobbyLimit])
    case .emptyHobby: Message(.emptyHobby)
    case .hobbyTooLong(let hobby):
      Message(
        .hobbyTooLong, ["hobby": String(hobby.prefix(Profile.hobbyLengthLimit)), "limit": Profile.hobbyLengthLimit])
    }
  }
}

/// Everything wrong with a profile, all at once so the form can mark every field.
public struct ProfileValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  public let problems: [ProfileProblem]

  public init(problems: [ProfileProblem]) { self.problems = problems }

  /// Every problem in `text`'s language, one after another.
  public func sentences(_ text: Localizer<WalkWorthyText>) -> String {
    problems.map { text($0.message) }.joined(separator: " ")
  }

  public var description: String { sentences(WalkWorthyTexts.all.localizer(.english)) }
}
