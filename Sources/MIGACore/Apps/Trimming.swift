extension StringProtocol {
  /// Without leading and trailing whitespace (FoundationEssentials has no `trimmingCharacters`).
  var trimmed: String {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return String(self[start..<Swift.max(start, end)])
  }
}
