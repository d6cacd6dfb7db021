import ServerKit
import WalkWorthyAPI
import WalkWorthyCore

/// A refused profile as a problem document that lists every broken rule with its field, so an app
/// can mark each field at once.
enum ProfileProblems {
  /// The profile the form would keep, or every problem with the request: the form's and the
  /// contract's, each kind once, in the form's field order.
  static func validate(_ upload: Components.Schemas.Profile) -> Result<Profile, ProfileValidationError> {
    // The schema's limits, counted as the core counts what was sent.
    let contract = Profile.wireProblems(major: upload.major, hobbies: upload.hobbies)
    var problems: [ProfileProblem] = []
    do {
      let profile = try Profile(
        age: upload.age, major: upload.major ?? "",
        gender: upload.gender.flatMap { Gender(rawValue: $0.rawValue) } ?? .preferNotToSay,
        hobbies: upload.hobbies, personalizationOptIn: upload.personalizationOptIn)
      problems = contract
      if problems.isEmpty { return .success(profile) }
    } catch {
      problems = error.problems
      let codes = Set(problems.map(\.code))
      problems += contract.filter { !codes.contains($0.code) }
    }
    let sorted = problems.enumerated().sorted { a, b in
      let (fieldA, fieldB) = (a.element.field, b.element.field)
      return fieldA != fieldB ? fieldA < fieldB : a.offset < b.offset
    }
    return .failure(ProfileValidationError(problems: sorted.map(\.element)))
  }

  static func problem(_ error: ProfileValidationError) -> Components.Schemas.Problem {
    .init(
      _type: "about:blank", title: "The profile was not saved", status: 400,
      detail: error.sentences(WalkWorthyTexts.all.localizer(RequestLanguage.current)),
      code: "INVALID_PROFILE", problems: error.problems.map(fieldProblem))
  }

  static func fieldProblem(_ problem: ProfileProblem) -> Components.Schemas.FieldProblem {
    .init(
      field: problem.field.rawValue, code: problem.code,
      message: WalkWorthyTexts.all.localizer(RequestLanguage.current)(problem.message))
  }
}
