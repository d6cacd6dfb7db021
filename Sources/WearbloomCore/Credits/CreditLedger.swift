#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One line of an account's credit ledger. The ledger is only ever appended to; the balance is
/// worked out from it (``CreditBalance/init(_:)``).
public struct CreditEntry: Hashable, Sendable, Codable {
  /// What happened to the account's credits.
  public enum Kind: String, CaseIterable, Codable, Sendable, Hashable {
    /// Free credits given: the welcome grant of a new account (FR17).
    case grant
    /// One credit held for a render as it is requested, before any provider is called.
    case reserve
    /// The held credit spent: the render succeeded (FR18).
    case capture
    /// The held credit given back: the render failed or timed out (FR14).
    case release
    /// A spent credit given back: the user reported a bad render (FR14, FR15).
    case refund
  }

  public let kind: Kind
  /// Credits granted; 1 for every other kind.
  public let amount: Int
  /// The render a reserve, capture, release or refund is for; nil for a grant.
  public let render: String?
  public let at: Date

  public init(kind: Kind, amount: Int = 1, render: String? = nil, at: Date) {
    self.kind = kind
    self.amount = amount
    self.render = render
    self.at = at
  }
}

/// An account's credits as its ledger says: those it may spend, and those held for renders still
/// under way.
public struct CreditBalance: Hashable, Sendable, Codable {
  public var available: Int
  public var reserved: Int

  public init(available: Int = 0, reserved: Int = 0) {
    self.available = available
    self.reserved = reserved
  }

  /// The balance a ledger adds up to, entry by entry in order.
  public init(_ entries: some Sequence<CreditEntry>) {
    self.init()
    for entry in entries { apply(entry) }
  }

  /// The balance after `entry`.
  public mutating func apply(_ entry: CreditEntry) {
    let move = entry.kind.move(entry.amount)
    available += move.available
    reserved += move.reserved
  }
}

extension CreditEntry.Kind {
  /// What a line of this kind for `amount` credits adds to the balance (a negative count takes
  /// away): the ledger's balance and the one a store keeps beside it both move by this.
  public func move(_ amount: Int = 1) -> CreditBalance {
    switch self {
    case .grant, .refund: CreditBalance(available: amount, reserved: 0)
    case .reserve: CreditBalance(available: -amount, reserved: amount)
    case .capture: CreditBalance(available: 0, reserved: -amount)
    case .release: CreditBalance(available: amount, reserved: -amount)
    }
  }
}

/// The credit policy (FR14, FR17, FR18): what a render may take and what feedback gives back.
public enum CreditPolicy {
  /// Free credits a new account is given once, unless the server is configured otherwise.
  public static let defaultWelcomeCredits = 3
  /// Bad renders refunded on the user's word in any rolling 30 days; later reports are recorded
  /// without a refund.
  public static let refundsPerWindow = 3
  /// The rolling window refunds are counted over.
  public static let refundWindow: TimeInterval = 30 * 24 * 60 * 60

  /// Whether a render may hold a credit: one must be available. A refusal is
  /// `INSUFFICIENT_CREDITS`, before any provider is called.
  public static func reserve(from balance: CreditBalance) -> Result<Void, TryOnError> {
    balance.available >= 1 ? .success(()) : .failure(.insufficientCredits)
  }

  /// How a render that holds a credit settles it as it ends: a completed render spends it
  /// (``CreditEntry/Kind/capture``), any other end gives it back (``CreditEntry/Kind/release``).
  public static func settlement(of status: RenderStatus) -> CreditEntry.Kind {
    status == .completed ? .capture : .release
  }

  /// Whether a thumbs-down on `render` gives its credit back, given the account's ledger: only a
  /// render whose credit was spent (captured) and not refunded already, and only while fewer than
  /// ``refundsPerWindow`` refunds fall in the last ``refundWindow``.
  public static func refunds(_ render: String, ledger: [CreditEntry], now: Date) -> Bool {
    let ofRender = ledger.filter { $0.render == render }
    guard ofRender.contains(where: { $0.kind == .capture }), !ofRender.contains(where: { $0.kind == .refund })
    else { return false }
    let recent = ledger.count { $0.kind == .refund && now.timeIntervalSince($0.at) < refundWindow }
    return recent < refundsPerWindow
  }
}
