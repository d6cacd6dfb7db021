import HTTPTypes
import Hummingbird

extension Request {
  /// The value of the first cookie called `name`, read straight from the `Cookie` headers.
  ///
  /// `request.cookies` splits every cookie of the header into strings each time it is read; the
  /// device, the language and the session each want one cookie on every page, so this walks the
  /// header's bytes once and copies only the value asked for. The same reading: pairs separated by
  /// `;`, leading whitespace dropped, the name exact, the value everything after the first `=`, and an empty
  /// value no cookie.
  public func cookie(_ name: String) -> String? {
    for header in headers[values: .cookie] {
      if let value = Self.cookie(name, in: header) { return value }
    }
    return nil
  }

  static func cookie(_ name: String, in header: String) -> String? {
    let bytes = header.utf8
    let wanted = name.utf8
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
      var pair = bytes[start..<end]
      while let first = pair.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
        pair = pair.dropFirst()
      }
      if pair.starts(with: wanted) {
        let afterName = pair.index(pair.startIndex, offsetBy: wanted.count)
        if afterName < pair.endIndex, pair[afterName] == UInt8(ascii: "=") {
          let value = pair[pair.index(after: afterName)...]
          return value.isEmpty ? nil : String(Substring(value))
        }
      }
      start = end < bytes.endIndex ? bytes.index(after: end) : end
    }
    return nil
  }
}
