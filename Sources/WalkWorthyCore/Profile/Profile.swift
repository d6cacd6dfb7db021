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

  /// The form's privacy line.
  public static let privacyNote =
    "Your profile stays on this phone. It is sent to WalkWorthy only if you turn on personalisation, and only to choose encouragements for you."

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

  public var message: String {
    switch self {
    case .ageMissing:
      "Please enter your age."
    case .ageOutOfRange:
      "WalkWorthy is for ages \(Profile.ages.lowerBound) to \(Profile.ages.upperBound)."
    case .majorTooLong:
      "Please shorten your major to \(Profile.majorLimit) characters."
    case .tooManyHobbies:
      "Choose up to \(Profile.hobbyLimit) hobbies."
    case .emptyHobby:
      "A hobby needs a name."
    case .hobbyTooLong(let hobby):
      "\u{201C}\(hobby.prefix(Profile.hobbyLengthLimit))\u{2026}\u{201D} is too long: keep hobbies to \(Profile.hobbyLengthLimit) characters."
    }
  }
}

/// Everything wrong with a profile, all at once so the form can mark every field.
public struct ProfileValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  public let problems: [ProfileProblem]

  public init(problems: [ProfileProblem]) { self.problems = problems }

  public var description: String { problems.map(\.message).joined(separator: " ") }
}
