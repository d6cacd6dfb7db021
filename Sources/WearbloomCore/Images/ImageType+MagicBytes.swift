extension ImageType {
  /// The most leading bytes the sniffer looks at. An `ftyp` box lists twelve compatible brands
  /// within them, more than HEIC writers use.
  public static let sniffLength = 64

  /// The format the file's first bytes show, or nil when they show none of ours (or too few
  /// bytes to tell). Reads at most ``sniffLength`` bytes and never past the ones given.
  ///
  /// - JPEG: `FF D8 FF`.
  /// - PNG: `89 50 4E 47 0D 0A 1A 0A`.
  /// - WebP: `RIFF`, a 4-byte size, `WEBP`.
  /// - HEIC/HEIF: an ISO base media file whose `ftyp` box names a HEIF image brand, as its major
  ///   brand or a compatible one. `mif1` and `msf1` are generic HEIF brands that AVIF lists too,
  ///   so a file whose major brand is AVIF's is not taken for HEIC.
  public init?(magicBytes: some Collection<UInt8>) {
    let bytes = Array(magicBytes.prefix(Self.sniffLength))
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if bytes.count >= 12, bytes.starts(with: "RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
      self = .webp
    } else if Self.isHEIF(bytes) {
      self = .heic
    } else {
      return nil
    }
  }

  private static let heifBrands: Set<[UInt8]> = Set(
    ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].map { Array($0.utf8) })
  private static let avifBrands: Set<[UInt8]> = Set(["avif", "avis"].map { Array($0.utf8) })

  /// An `ftyp` box at offset 4 of the file: a 4-byte big-endian size, `ftyp`, the major brand, a
  /// 4-byte minor version, then compatible brands to the end of the box. A size of 0 means "to the
  /// end of the file"; 1 (a 64-bit size follows) and anything too short to hold the major brand
  /// and version are not a usable `ftyp` box.
  private static func isHEIF(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return false }
    let size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
    guard size == 0 || size >= 16 else { return false }
    let major = Array(bytes[8..<12])
    if avifBrands.contains(major) { return false }
    if heifBrands.contains(major) { return true }
    let end = size == 0 ? bytes.count : min(size, bytes.count)
    return stride(from: 16, to: end - 3, by: 4).contains { heifBrands.contains(Array(bytes[$0..<$0 + 4])) }
  }
}
