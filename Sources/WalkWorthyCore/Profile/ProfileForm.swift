/// The onboarding form while it is being filled in: the hobby chips (suggested and custom) and the
/// problems to show, then the validated ``Profile``.
public struct ProfileForm: Codable, Sendable, Equatable {
  /// The fields a problem can belong to, in the form's order.
  public enum Field: String, Sendable, CaseIterable, Comparable {
    case age, major, hobbies

    public static func < (a: Field, b: Field) -> Bool {
      allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
  }

  /// Nil until the number field holds a number.
  public var age: Int?
  public var major = ""
  public var gender = Gender.preferNotToSay
  /// Selected chips, in the order chosen.
  public private(set) var hobbies: [String] = []
  public var personalizationOptIn = false

  public init() {}

  /// The form filled with a saved profile, for editing.
  public init(editing profile: Profile) {
    age = profile.age
    major = profile.major
    gender = profile.gender
    hobbies = profile.hobbies
    personalizationOptIn = profile.personalizationOptIn
  }

  /// The chips to draw: the suggestions, then the student's own.
  public var hobbyChoices: [String] {
    Profile.suggestedHobbies + hobbies.filter { hobby in !Profile.suggestedHobbies.contains { Self.same($0, hobby) } }
  }

  public func isSelected(_ hobby: String) -> Bool { hobbies.contains { Self.same($0, hobby) } }

  /// Selects or deselects a chip; returns the problem instead when a thirteenth would be selected.
  @discardableResult
  public mutating func toggle(_ hobby: String) -> ProfileProblem? {
    if isSelected(hobby) {
      hobbies.removeAll { Self.same($0, hobby) }
      return nil
    }
    return addCustomHobby(hobby)
  }

  /// Adds and selects a hobby the student typed; returns the problem instead when it cannot be added.
  @discardableResult
  public mutating func addCustomHobby(_ text: String) -> ProfileProblem? {
    let hobby = text.trimmed
    if hobby.isEmpty { return .emptyHobby }
    if hobby.count > Profile.hobbyLengthLimit { return .hobbyTooLong(hobby) }
    if isSelected(hobby) { return nil }
    if hobbies.count >= Profile.hobbyLimit { return .tooManyHobbies(hobbies.count + 1) }
    hobbies.append(hobby)
    return nil
  }

  /// What to show beside the fields now; empty when the form can be saved.
  public var problems: [ProfileProblem] {
    Profile.problems(age: age, major: major.trimmed, hobbies: Profile.distinct(hobbies))
  }

  /// The first problem to show beside `field`, if any.
  public func problem(_ field: Field) -> ProfileProblem? {
    problems.first { $0.field == field }
  }

  /// The profile to save on the device.
  public func profile() throws(ProfileValidationError) -> Profile {
    guard let age else { throw ProfileValidationError(problems: problems) }
    return try Profile(
      age: age, major: major, gender: gender, hobbies: hobbies, personalizationOptIn: personalizationOptIn)
  }

  private static func same(_ a: String, _ b: String) -> Bool {
    a.lowercased() == b.trimmed.lowercased()
  }
}
