import Testing

@testable import ServerKit

@Suite("Which feed addresses the server may fetch", .timeLimit(.minutes(5)))
struct PublicAddressTests {
  static func v4(_ text: String) -> PublicAddress {
    .v4(text.split(separator: ".").reduce(UInt32(0)) { $0 << 8 | UInt32($1)! })
  }

  static func v6(_ groups: [UInt16]) -> PublicAddress {
    .v6(groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
  }

  @Test(
    "IPv4: only globally routable unicast is public",
    arguments: [
      ("8.8.8.8", true), ("93.184.216.34", true), ("172.15.255.255", true), ("172.32.0.1", true),
      ("100.63.255.255", true), ("100.128.0.1", true), ("223.255.255.254", true),
      ("0.0.0.0", false), ("10.0.0.1", false), ("100.64.0.1", false), ("127.0.0.1", false),
      ("127.255.255.254", false), ("169.254.169.254", false), ("172.16.0.1", false), ("172.31.255.255", false),
      ("192.0.0.8", false), ("192.0.2.1", false), ("192.168.1.1", false), ("198.18.0.1", false),
      ("198.51.100.7", false), ("203.0.113.9", false), ("224.0.0.251", false), ("255.255.255.255", false),
    ])
  func ipv4(address: String, isPublic: Bool) {
    #expect(Self.v4(address).isPublic == isPublic)
  }

  @Test("IPv6: global unicast is public; loopback, local, multicast and documentation are not")
  func ipv6() {
    #expect(Self.v6([0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111]).isPublic)
    #expect(!Self.v6([0, 0, 0, 0, 0, 0, 0, 1]).isPublic)  // ::1
    #expect(!Self.v6([0, 0, 0, 0, 0, 0, 0, 0]).isPublic)  // ::
    #expect(!Self.v6([0xFD12, 0x3456, 0, 0, 0, 0, 0, 1]).isPublic)  // unique local
    #expect(!Self.v6([0xFE80, 0, 0, 0, 0, 0, 0, 1]).isPublic)  // link-local
    #expect(!Self.v6([0xFF02, 0, 0, 0, 0, 0, 0, 1]).isPublic)  // multicast
    #expect(!Self.v6([0x2001, 0x0DB8, 0, 0, 0, 0, 0, 1]).isPublic)  // documentation
    #expect(Self.v6([0x3FFF, 0, 0, 0, 0, 0, 0, 1]).isPublic)  // the end of 2000::/3
    #expect(!Self.v6([0x4000, 0, 0, 0, 0, 0, 0, 1]).isPublic)  // unassigned
  }

  @Test("IPv4 carried in IPv6 is judged as IPv4")
  func embedded() {
    #expect(!Self.v6([0, 0, 0, 0, 0, 0xFFFF, 0x7F00, 0x0001]).isPublic)  // ::ffff:127.0.0.1
    #expect(!Self.v6([0, 0, 0, 0, 0, 0xFFFF, 0xA9FE, 0xA9FE]).isPublic)  // ::ffff:169.254.169.254
    #expect(Self.v6([0, 0, 0, 0, 0, 0xFFFF, 0x0808, 0x0808]).isPublic)  // ::ffff:8.8.8.8
    #expect(!Self.v6([0x0064, 0xFF9B, 0, 0, 0, 0, 0x0A00, 0x0001]).isPublic)  // 64:ff9b::10.0.0.1
    #expect(Self.v6([0x0064, 0xFF9B, 0, 0, 0, 0, 0x0808, 0x0808]).isPublic)  // 64:ff9b::8.8.8.8
  }

  @Test("the resolver reads literal and named loopback hosts")
  func resolves() {
    #expect(PublicAddress.resolve("127.0.0.1") == [Self.v4("127.0.0.1")])
    #expect(PublicAddress.resolve("[::1]") == [Self.v6([0, 0, 0, 0, 0, 0, 0, 1])])
    #expect(!PublicAddress.resolve("localhost").isEmpty)
    #expect(PublicAddress.resolve("localhost").allSatisfy { !$0.isPublic })
  }
}
