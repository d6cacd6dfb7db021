import OrchardKit

/// The Bible translations WalkWorthy offers. The Stage 1 spec's picker names ESV and NIV; we hold no
/// licence for either, so the picker offers BSB, KJV and WEB and labels each one as what it is.
public typealias Translation = BibleTranslation
