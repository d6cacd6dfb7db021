#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The Looks history: every try-on a person made is kept on their wardrobe, newest first, to open
/// again or delete (spec stories 5.3 and 5.4). A render still being drawn is kept too, so one left
/// with Back is found there when it is done; one that failed drew nothing and gave its credit
/// back, so there is nothing to keep.
public enum Looks {
  /// How many of the newest looks the wardrobe shows before "All looks".
  public static let onWardrobe = 8

  /// Whether `render` is one of the looks.
  public static func keeps(_ render: Render) -> Bool {
    switch render.status {
    case .completed: render.result != nil
    case .pending, .processing: true
    case .failed: false
    }
  }

  /// `renders`' looks, newest first (the later id first between two made in the same instant).
  public static func kept(_ renders: [Render]) -> [Render] {
    renders.filter(keeps).sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
  }

  /// Whether `render` may be deleted now: a finished one; one under way is still being drawn, and
  /// holds its credit until it is done.
  public static func deletable(_ render: Render) -> Result<Render, TryOnError> {
    render.status.isFinished ? .success(render) : .failure(.renderUnderWay)
  }
}
