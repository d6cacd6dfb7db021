/// What becomes of what an app kept for an anonymous device (a body photo, a first render, quiz
/// answers) when the person on that device gets an account.
///
/// A brand-new account takes everything the device made: the person just signed up on it, and
/// their first minutes must not be lost. Signing in to an account that already exists takes
/// nothing: the account has its own history, and a device's leftovers (perhaps someone else's, on a
/// shared phone) must never be mixed into it or replace what it holds. Those stay with the device.
public enum DeviceAdoption: Sendable, Equatable {
  /// Everything the device made moves into the account.
  case moveAll
  /// Nothing moves; the device keeps what it made.
  case leave

  public static func decide(accountIsNew: Bool) -> DeviceAdoption { accountIsNew ? .moveAll : .leave }
}
