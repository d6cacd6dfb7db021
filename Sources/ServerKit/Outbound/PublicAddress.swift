#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An address a host resolved to, judged by whether a server fetching on someone's behalf may
/// connect to it. A link anyone can type (a calendar feed, later an image URL) could otherwise
/// point the server at itself, at its database, or at anything else on its private network.
public enum PublicAddress: Equatable, Sendable {
  case v4(UInt32)
  case v6([UInt8])

  /// True only for globally routable unicast addresses: not loopback, private (RFC 1918, unique
  /// local), shared (carrier-grade NAT), link-local, unspecified, documentation, benchmarking,
  /// multicast or reserved. IPv4 inside IPv6 (mapped, compatible, NAT64) is judged as IPv4.
  public var isPublic: Bool {
    switch self {
    case .v4(let address):
      return !Self.v4Blocked.contains { address & $0.mask == $0.prefix }
    case .v6(let bytes):
      let head = bytes.prefix(12)
      // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, ::1 and :: among them), 64:ff9b::a.b.c.d (NAT64)
      if head.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) || head.allSatisfy({ $0 == 0 })
        || head.elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0])
      {
        return embeddedV4(bytes).isPublic
      }
      if bytes[0] & 0xFE == 0xFC { return false }  // fc00::/7 unique local
      if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return false }  // fe80::/10 link-local
      if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0xC0 { return false }  // fec0::/10 site-local (deprecated)
      if bytes[0] == 0xFF { return false }  // multicast
      if bytes.prefix(4).elementsEqual([0x20, 0x01, 0x0D, 0xB8]) { return false }  // 2001:db8::/32 documentation
      return bytes[0] & 0xE0 == 0x20  // 2000::/3, the only global unicast space assigned
    }
  }

  /// 127.0.0.0/8 or ::1: this machine.
  public var isLoopback: Bool {
    switch self {
    case .v4(let address): address >> 24 == 127
    case .v6(let bytes): bytes == [UInt8](repeating: 0, count: 15) + [1]
    }
  }

  private func embeddedV4(_ bytes: [UInt8]) -> PublicAddress {
    .v4(bytes[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
  }

  private static func v4(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ length: UInt32
  ) -> (
    prefix: UInt32, mask: UInt32
  ) {
    let mask: UInt32 = length == 0 ? 0 : ~UInt32(0) << (32 - length)
    return (a << 24 | b << 16 | c << 8 | d, mask)
  }

  private static let v4Blocked = [
    v4(0, 0, 0, 0, 8),  // "this network"
    v4(10, 0, 0, 0, 8),  // private
    v4(100, 64, 0, 0, 10),  // shared address space (carrier-grade NAT)
    v4(127, 0, 0, 0, 8),  // loopback
    v4(169, 254, 0, 0, 16),  // link-local, cloud metadata services among them
    v4(172, 16, 0, 0, 12),  // private
    v4(192, 0, 0, 0, 24),  // protocol assignments
    v4(192, 0, 2, 0, 24),  // documentation
    v4(192, 168, 0, 0, 16),  // private
    v4(198, 18, 0, 0, 15),  // benchmarking
    v4(198, 51, 100, 0, 24),  // documentation
    v4(203, 0, 113, 0, 24),  // documentation
    v4(224, 0, 0, 0, 4),  // multicast
    v4(240, 0, 0, 0, 4),  // reserved, and the broadcast address
  ]

  /// `host` read as an address written out (`10.0.0.1`, `[::1]`), without asking a resolver; nil
  /// for a name.
  public static func literal(_ host: String) -> PublicAddress? {
    let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    var v4 = in_addr()
    if inet_pton(AF_INET, name, &v4) == 1 { return .v4(UInt32(bigEndian: v4.s_addr)) }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, name, &v6) == 1 { return .v6(withUnsafeBytes(of: &v6) { Array($0) }) }
    return nil
  }

  /// Every address `host` resolves to for a TCP connection (the system resolver, as the HTTP
  /// client's own connection uses). Blocking: call it off the cooperative pool.
  public static func resolve(_ host: String) -> [PublicAddress] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    // Brackets are URL syntax around an IPv6 literal, not part of the address.
    let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return [] }
    defer { freeaddrinfo(first) }
    var addresses: [PublicAddress] = []
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let entry = next {
      if let socket = entry.pointee.ai_addr {
        switch Int32(socket.pointee.sa_family) {
        case AF_INET:
          socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            addresses.append(.v4(UInt32(bigEndian: $0.pointee.sin_addr.s_addr)))
          }
        case AF_INET6:
          socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            var address = $0.pointee.sin6_addr
            addresses.append(.v6(withUnsafeBytes(of: &address) { Array($0) }))
          }
        default: break
        }
      }
      next = entry.pointee.ai_next
    }
    return addresses
  }
}
