import Foundation
import StoreEngine
import StorefrontText

/// Asks whether the store may be written, with the check the storefront made when it opened,
/// so that it can turn read-only while open (and back) instead of failing on every change.
///
/// A commit refused for lack of write access turns the storefront read-only at once, whatever
/// the store; when the check is asked again depends on what can change the answer (`Schedule`).
public struct WriteAccessCheck: Sendable {
    /// When the run loop asks the check again.
    public enum Schedule: Sendable, Equatable {
        /// On each change it notices to the store: a `chmod` or `chattr` moves an entitlements
        /// file's change time, which the follower already compares, so this costs nothing extra.
        case onNoticedChange
        /// Every `interval` seconds, only while the storefront is read-only for the check's
        /// reason: a database role's privileges move nothing the follower sees, and asking on
        /// every change noticed would add a round trip to each commit made elsewhere.
        case whileRefused(every: TimeInterval)
    }

    private let refusal: @Sendable () -> String?
    /// When the run loop asks again.
    public let schedule: Schedule

    /// `refusal` says why the store may not be written now, in the words of the start-up
    /// banner, or nil when it may.
    public init(schedule: Schedule = .onNoticedChange, _ refusal: @escaping @Sendable () -> String?) {
        self.schedule = schedule
        self.refusal = refusal
    }

    /// Why the store may not be written now, or nil when it may.
    func currentRefusal() -> String? { refusal() }

    /// The banner after a commit failed with `error`, or nil when the failure was not a write
    /// refused. `check`'s words when it finds the refusal too; otherwise (no check, or one that
    /// does not see what refused the write) the refusal's own.
    static func banner(after error: any Error, check: WriteAccessCheck?) -> String? {
        guard let refused = StoreWriteRefusal.of(error) else { return nil }
        return check?.currentRefusal() ?? StorefrontScreenText.cannotWrite(refused)
    }
}
