import OrchardKit

// PropertyBased also exports a `SeededRandomNumberGenerator` (a protocol), so a file importing both
// modules cannot say the bare name; those files say `Seeded`.
typealias Seeded = OrchardKit.SeededRandomNumberGenerator

/// A day from its ISO form, for readable test tables; traps on a typo in the test itself.
func day(_ iso: String) -> LocalDay {
  guard let day = LocalDay(iso) else { preconditionFailure("bad test date \(iso)") }
  return day
}
