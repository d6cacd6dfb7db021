import Foundation
import OrchardKit
import Testing

@testable import ServerKit

@Suite("Dates and money as a page's language writes them", .timeLimit(.minutes(5)))
struct FormatsTests {
  @Test("a price in cents is written with its currency, as each language writes it")
  func money() {
    #expect(Formats(.english).money(cents: 499, currency: "EUR") == "€4.99")
    let french = Formats(.french).money(cents: 499, currency: "EUR")
    #expect(french.contains("4,99") && french.contains("€"))
    #expect(Formats(.english).money(cents: 1_000, currency: "USD") == "$10.00")
  }

  @Test("a day is written out in the page's language, in UTC unless told")
  func longDate() {
    let noon = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26 12:00 UTC
    #expect(Formats(.english).longDate(noon) == "November 26, 2026")
    #expect(Formats(.french).longDate(noon).contains("novembre"))
    let justAfterMidnight = Date(timeIntervalSince1970: 1_795_651_260)  // 2026-11-26 00:01 UTC
    #expect(
      Formats(.english).longDate(justAfterMidnight, in: TimeZone(identifier: "America/New_York")!)
        == "November 25, 2026")
  }
}
