import OrchardKit

/// The Bible translations Faith Jar offers: BSB (the default), KJV and WEB.
public typealias Translation = BibleTranslation
