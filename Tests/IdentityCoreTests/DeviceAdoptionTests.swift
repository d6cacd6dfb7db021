import IdentityCore
import Testing

@Suite("What an anonymous device's data becomes", .timeLimit(.minutes(5)))
struct DeviceAdoptionTests {
  @Test("a new account takes everything its device made; an existing account takes nothing")
  func rule() {
    #expect(DeviceAdoption.decide(accountIsNew: true) == .moveAll)
    #expect(DeviceAdoption.decide(accountIsNew: false) == .leave)
  }
}
