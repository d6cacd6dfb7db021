import Foundation
import Testing
import WalkWorthyCore

@Suite("The onboarding profile", .timeLimit(.minutes(5)))
struct ProfileTests {
  @Test("a profile keeps trimmed text and each hobby once, whatever its case")
  func normalised() throws {
    let profile = try Profile(
      age: 19, major: "  Biology ", gender: .woman, hobbies: ["Running", " running", "Chess club ", "Music"])
    #expect(profile.major == "Biology")
    #expect(profile.hobbies == ["Running", "Chess club", "Music"])
  }

  @Test("ages 13 to 100 are accepted", arguments: [13, 19, 100])
  func validAge(age: Int) throws {
    #expect(try Profile(age: age).age == age)
  }

  @Test("ages outside 13 to 100 are refused", arguments: [-1, 0, 12, 101])
  func invalidAge(age: Int) {
    #expect(throws: ProfileValidationError(problems: [.ageOutOfRange(age)])) { try Profile(age: age) }
  }

  @Test("the major is at most 80 characters, hobbies at most 12 of at most 30 characters")
  func limits() throws {
    _ = try Profile(age: 20, major: String(repeating: "a", count: 80))
    _ = try Profile(age: 20, hobbies: (1...12).map { "Hobby \($0)" })
    _ = try Profile(age: 20, hobbies: [String(repeating: "h", count: 30)])
    #expect(throws: ProfileValidationError(problems: [.majorTooLong(81)])) {
      try Profile(age: 20, major: String(repeating: "a", count: 81))
    }
    #expect(throws: ProfileValidationError(problems: [.tooManyHobbies(13)])) {
      try Profile(age: 20, hobbies: (1...13).map { "Hobby \($0)" })
    }
    let long = String(repeating: "h", count: 31)
    #expect(throws: ProfileValidationError(problems: [.hobbyTooLong(long)])) { try Profile(age: 20, hobbies: [long]) }
  }

  @Test("every problem is reported at once, each with its own sentence")
  func allProblems() {
    let error = #expect(throws: ProfileValidationError.self) {
      try Profile(age: 7, major: String(repeating: "a", count: 90), hobbies: ["", "Music"])
    }
    #expect(error?.problems == [.ageOutOfRange(7), .majorTooLong(90), .emptyHobby])
    #expect(
      error?.description
        == "WalkWorthy is for ages 13 to 100. Please shorten your major to 80 characters. A hobby needs a name.")
  }

  @Test("nothing is uploaded unless the student opted in")
  func upload() throws {
    var profile = try Profile(age: 21, major: "History", gender: .man, hobbies: ["Hiking"])
    #expect(profile.uploadPayload == nil)
    profile.personalizationOptIn = true
    #expect(profile.uploadPayload == ProfileUpload(age: 21, major: "History", gender: .man, hobbies: ["Hiking"]))
  }

  @Test("'Prefer not to say' and a blank major are not sent, even when opted in")
  func uploadOmits() throws {
    let profile = try Profile(age: 18, personalizationOptIn: true)
    #expect(profile.gender == .preferNotToSay)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try encoder.encode(profile.uploadPayload)
    #expect(String(decoding: json, as: UTF8.self) == #"{"age":18,"hobbies":[]}"#)
  }

  @Test("a saved profile reads back the same; a tampered one is rejected")
  func stored() throws {
    let profile = try Profile(
      age: 22, major: "Nursing", gender: .nonBinary, hobbies: ["Art"], personalizationOptIn: true)
    let data = try JSONEncoder().encode(profile)
    #expect(try JSONDecoder().decode(Profile.self, from: data) == profile)
    let tampered = Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "22", with: "9").utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Profile.self, from: tampered) }
  }

  @Test("the form's chips: suggestions toggle, custom hobbies join the chips, repeats are ignored")
  func chips() throws {
    var form = ProfileForm()
    form.toggle("Music")
    #expect(form.addCustomHobby("  Rock climbing ") == nil)
    #expect(form.addCustomHobby("music") == nil)
    #expect(form.hobbies == ["Music", "Rock climbing"])
    #expect(form.hobbyChoices == Profile.suggestedHobbies + ["Rock climbing"])
    #expect(form.isSelected("ROCK CLIMBING"))
    form.toggle("Music")
    #expect(form.hobbies == ["Rock climbing"])
    #expect(form.addCustomHobby("   ") == .emptyHobby)
    #expect(form.addCustomHobby(String(repeating: "x", count: 31)) == .hobbyTooLong(String(repeating: "x", count: 31)))
  }

  @Test("a thirteenth hobby is refused")
  func thirteenth() {
    var form = ProfileForm()
    for n in 1...12 { form.addCustomHobby("Hobby \(n)") }
    #expect(form.addCustomHobby("Hobby 13") == .tooManyHobbies(13))
    #expect(form.toggle("Music") == .tooManyHobbies(13))
    #expect(form.hobbies.count == 12)
  }

  @Test("the form cannot be saved without an age, and saves what was entered once it has one")
  func save() throws {
    var form = ProfileForm()
    #expect(form.problems == [.ageMissing])
    #expect(throws: ProfileValidationError(problems: [.ageMissing])) { try form.profile() }
    form.age = 20
    form.major = "Engineering"
    form.gender = .woman
    form.toggle("Gaming")
    form.personalizationOptIn = true
    #expect(form.problems.isEmpty)
    let profile = try form.profile()
    #expect(
      profile
        == (try Profile(age: 20, major: "Engineering", gender: .woman, hobbies: ["Gaming"], personalizationOptIn: true))
    )
    #expect(ProfileForm(editing: profile) == form)
  }
}

@Suite("Profile problems: fields, codes and the wire's counts", .timeLimit(.minutes(5)))
struct ProfileProblemTests {
  @Test("each profile problem names its field and a stable code")
  func codes() {
    let all: [ProfileProblem] = [
      .ageMissing, .ageOutOfRange(5), .majorTooLong(81), .tooManyHobbies(13), .emptyHobby, .hobbyTooLong("x"),
    ]
    #expect(
      all.map(\.code) == [
        "AGE_MISSING", "AGE_OUT_OF_RANGE", "MAJOR_TOO_LONG", "TOO_MANY_HOBBIES", "EMPTY_HOBBY", "HOBBY_TOO_LONG",
      ])
    #expect(Set(all.map(\.code)).count == all.count)
    #expect(all.map(\.field) == [.age, .age, .major, .hobbies, .hobbies, .hobbies])
    #expect(ProfileForm.Field.allCases.sorted() == [.age, .major, .hobbies])
  }

  @Test("the form shows each field's first problem beside it")
  func perField() {
    var form = ProfileForm()
    form.major = String(repeating: "a", count: Profile.majorLimit + 1)
    #expect(form.problem(.age) == .ageMissing)
    #expect(form.problem(.major) == .majorTooLong(Profile.majorLimit + 1))
    #expect(form.problem(.hobbies) == nil)
  }

  @Test("80 characters of 120 scalars pass the form and are refused on the wire")
  func twoCounts() throws {
    let characters = Profile.majorLimit
    let major = String(repeating: "e\u{301}", count: characters / 2) + String(repeating: "a", count: characters / 2)
    let scalars = major.unicodeScalars.count
    #expect(major.count == characters && scalars > Profile.majorLimit)
    _ = try Profile(age: 20, major: major)
    #expect(Profile.wireProblems(major: major, hobbies: []) == [.majorTooLong(scalars)])
    let hobbies = (0...Profile.hobbyLimit).map { "h\($0)" }
    #expect(Profile.wireProblems(major: nil, hobbies: hobbies) == [.tooManyHobbies(Profile.hobbyLimit + 1)])
    let long = String(repeating: "o", count: Profile.hobbyLengthLimit + 1)
    #expect(Profile.wireProblems(major: "Biology", hobbies: [long]) == [.hobbyTooLong(long)])
  }
}
