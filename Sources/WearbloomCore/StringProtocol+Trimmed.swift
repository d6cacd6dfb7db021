extension StringProtocol {
  /// Without leading and trailing whitespace; FoundationEssentials has no `CharacterSet` trimming.
  var trimmed: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
