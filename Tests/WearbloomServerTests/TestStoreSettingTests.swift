import Foundation
import Logging
import OrchardDatabase
import OrchardIdentity
import OrchardKit
import ServerKit
import ServerKitTesting
import Testing
import WearbloomCore

@testable import WearbloomServer

/// The web's test store gives any account the plan for nothing: open by default only where renders
/// cost nothing (the local preview), refused at start beside a paid provider unless forced.
@Suite("The web's test store is a setting", .timeLimit(.minutes(5)))
struct TestStoreSettingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let setting: String?
    let provider: String?
    let open: Bool?

    var testDescription: String { "\(setting ?? "unset") with \(provider ?? "the default provider")" }

    var environment: [String: String] {
      var environment: [String: String] = [:]
      environment["ORCHARD_WEARBLOOM_TEST_STORE"] = setting
      environment["ORCHARD_WEARBLOOM_TRYON_PROVIDER"] = provider
      return environment
    }
  }

  @Test(
    "unset it is open only with the local preview; off closes it; on beside a paid provider is refused; force opens it",
    arguments: [
      Case(setting: nil, provider: nil, open: true), Case(setting: nil, provider: "local-preview", open: true),
      Case(setting: nil, provider: "fal-fashn", open: false),
      Case(setting: nil, provider: "fal-nano-banana", open: false),
      Case(setting: nil, provider: "google-vto", open: false), Case(setting: "off", provider: nil, open: false),
      Case(setting: "on", provider: nil, open: true), Case(setting: "on", provider: "fal-fashn", open: nil),
      Case(setting: "on", provider: "google-vto", open: nil),
      Case(setting: "force", provider: "google-vto", open: true),
      Case(setting: "force", provider: nil, open: true), Case(setting: "off", provider: "fal-fashn", open: false),
    ])
  func parsing(_ example: Case) throws {
    if let open = example.open {
      #expect(try TestStoreSetting.configured(environment: example.environment) == open)
    } else {
      #expect(throws: TestStoreConfigurationError.paidProvider(example.provider ?? "")) {
        try TestStoreSetting.configured(environment: example.environment)
      }
    }
  }

  @Test("a value that is not on, off or force is refused", arguments: ["yes", "1", "ON", "true"])
  func invalid(_ value: String) {
    #expect(throws: TestStoreConfigurationError.invalid(value)) {
      try TestStoreSetting.configured(environment: ["ORCHARD_WEARBLOOM_TEST_STORE": value])
    }
  }

  @Test("the server does not start with the test store on beside a paid provider, and starts when it is forced")
  func refusedAtStart() async throws {
    let fal = ["ORCHARD_WEARBLOOM_TRYON_PROVIDER": "fal-fashn", "ORCHARD_FAL_KEY": "test-key"]
    // The routes are mounted as the server starts; a database this test closes itself.
    let database = try await Database.open(.sqliteMemory, logger: Logger(label: "test"))
    let hub = try IdentityHub(
      random: .seeded(1),
      hasher: try PasswordHasher(
        parameters: Argon2Parameters(memoryKiB: 256, iterations: 1, parallelism: 1), random: .seeded(2)))
    let refused = WearbloomApp(hub: hub, environment: fal.merging(["ORCHARD_WEARBLOOM_TEST_STORE": "on"]) { $1 })
    #expect(throws: TestStoreConfigurationError.paidProvider("fal-fashn")) {
      _ = try buildRouter(
        .defaults, apps: [refused], platform: nil, database: database,
        dependencies: ServerDependencies(clock: ManualClock(.now), random: .seeded(1)))
    }
    try await database.close()
    try await WearbloomAPI.with(environment: fal.merging(["ORCHARD_WEARBLOOM_TEST_STORE": "force"]) { $1 }) {
      server in
      var visitor = try await WearbloomWebTests.member(server)
      #expect(try await visitor.get("/wearbloom/paywall").body.contains("action=\"/wearbloom/paywall/test-store\""))
    }
  }

  @Test("closed, the paywall offers no test store and its address is 404 with Wearbloom's page; nothing is bought")
  func closed() async throws {
    try await WearbloomAPI.with(environment: ["ORCHARD_WEARBLOOM_TEST_STORE": "off"]) { server in
      var visitor = try await WearbloomWebTests.member(server)
      let paywall = try await visitor.get("/wearbloom/paywall")
      #expect(paywall.status == .ok)
      #expect(!paywall.body.contains("/wearbloom/paywall/test-store"))
      #expect(!paywall.body.contains(WearbloomTexts.english.messages[.testStore] ?? "-"))
      #expect(paywall.body.contains(WearbloomTexts.english.messages[.paywallAppOnly] ?? "-"))
      let bought = try await visitor.post("/wearbloom/paywall/test-store")
      #expect(bought.status == .notFound)
      #expect(bought.body.contains(WearbloomTexts.english.messages[.testStoreClosedTitle] ?? "-"))
      #expect(bought.body.contains("href=\"/wearbloom/\""))
      // Still on the free renders: the paywall is still what it was.
      #expect(try await visitor.get("/wearbloom/wardrobe").body.contains("3 free renders left"))
      #expect(try await visitor.get("/wearbloom/paywall").status == .ok)
    }
  }

  @Test("open by default with the local preview: the paywall sells through it")
  func openByDefault() async throws {
    try await WearbloomAPI.with { server in
      var visitor = try await WearbloomWebTests.member(server)
      #expect(try await visitor.get("/wearbloom/paywall").body.contains("action=\"/wearbloom/paywall/test-store\""))
      #expect(try await visitor.post("/wearbloom/paywall/test-store").location == "/wearbloom/wardrobe?toast=trial")
    }
  }
}
