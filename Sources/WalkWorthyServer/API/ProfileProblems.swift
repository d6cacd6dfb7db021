import ServerKit
import WalkWorthyAPI
import WalkWorthyCore

/// A refused profile as a problem document that lists every broken rule with its field, so an app
/// can mark each field at once.
enum ProfileProblems {
  /// The profile the form would keep, or every problem with the request: the form's and the
  /// contract's, each kind once, in the form's field order.
  static func validate(_ upload: Components.Schemas.Profile) -> Result<Profile, ProfileValidationError> {
    var problems: [ProfileProblem] = []
    do {
      let profile = try Profile(
        age: upload.age, major: upload.major ?? "",
        gender: upload.gender.flatMap { Gender(rawValue: $0.rawValue) } ?? .preferNotToSay,
        hobbies: upload.hobbies, personalizationOptIn: upload.personalizationOptIn)
      problems = contractProblems(upload)
      if problems.isEmpty { return .success(profile) }
    } catch {
      problems = error.problems
      let codes = Set(problems.map { fieldProblem($0).code })
      problems += contractProblems(upload).filter { !codes.contains(fieldProblem($0).code) }
    }
    let sorted = problems.enumerated().sorted { a, b in
      let (fieldA, fieldB) = (a.element.field, b.element.field)
      return fieldA != fieldB ? fieldA < fieldB : a.offset < b.offset
    }
    return .failure(ProfileValidationError(problems: sorted.map(\.element)))
  }

  /// The schema's limits, which count what was sent: Unicode scalars of the untrimmed text, and
  /// hobbies before repeats are dropped. The form's own rules (characters, after trimming) are
  /// never stricter, so a request within these is then judged by them.
  static func contractProblems(_ upload: Components.Schemas.Profile) -> [ProfileProblem] {
    var problems: [ProfileProblem] = []
    if let major = upload.major, major.unicodeScalars.count > Profile.majorLimit {
      problems.append(.majorTooLong(major.unicodeScalars.count))
    }
    if upload.hobbies.count > Profile.hobbyLimit { problems.append(.tooManyHobbies(upload.hobbies.count)) }
    problems += upload.hobbies.filter { $0.unicodeScalars.count > Profile.hobbyLengthLimit }.map {
      .hobbyTooLong($0)
    }
    return problems
  }

  static func problem(_ error: ProfileValidationError) -> Components.Schemas.Problem {
    .init(
      _type: "about:blank", title: "The profile was not saved", status: 400,
      detail: error.sentences(WalkWorthyTexts.all.localizer(RequestLanguage.current)),
      code: "INVALID_PROFILE", problems: error.problems.map(fieldProblem))
  }

  static func fieldProblem(_ problem: ProfileProblem) -> Components.Schemas.FieldProblem {
    let code =
      switch problem {
      case .ageMissing: "AGE_MISSING"
      case .ageOutOfRange: "AGE_OUT_OF_RANGE"
      case .majorTooLong: "MAJOR_TOO_LONG"
      case .tooManyHobbies: "TOO_MANY_HOBBIES"
      case .emptyHobby: "EMPTY_HOBBY"
      case .hobbyTooLong: "HOBBY_TOO_LONG"
      }
    return .init(
      field: problem.field.rawValue, code: code,
      message: WalkWorthyTexts.all.localizer(RequestLanguage.current)(problem.message))
  }
}

extension ProfileProblem {
  /// The profile field each problem belongs to, in the form's order.
  enum Field: String, Comparable {
    case age, major, hobbies

    static func < (a: Field, b: Field) -> Bool { a.order < b.order }
    private var order: Int { [Field.age, .major, .hobbies].firstIndex(of: self) ?? 0 }
  }

  var field: Field {
    switch self {
    case .ageMissing, .ageOutOfRange: .age
    case .majorTooLong: .major
    case .tooManyHobbies, .emptyHobby, .hobbyTooLong: .hobbies
    }
  }
}
