import StoreLedger
import StorefrontText

/// Asks whether the store may be written, with the check the storefront made when it opened,
/// so that it can turn read-only while open (and back) instead of failing on every change.
///
/// The run loop asks on each change it notices to the store's file (a `chmod` or `chattr`
/// moves the file's change time), never on a timer; a commit refused for lack of write access
/// turns the storefront read-only at once.
public struct WriteAccessCheck: Sendable {
    private let refusal: @Sendable () -> String?

    /// `refusal` says why the store may not be written now, in the words of the start-up
    /// banner, or nil when it may.
    public init(_ refusal: @escaping @Sendable () -> String?) {
        self.refusal = refusal
    }

    /// Why the store may not be written now, or nil when it may.
    func currentRefusal() -> String? { refusal() }

    /// The banner after a commit failed with `error`, or nil when the failure was not a write
    /// refused. `check`'s words when it finds the refusal too; otherwise (no check, or one that
    /// does not see what refused the write) the refusal's own.
    static func banner(after error: any Error, check: WriteAccessCheck?) -> String? {
        guard let refused = (error as? LedgerError)?.writeRefusal else { return nil }
        return check?.currentRefusal() ?? StorefrontScreenText.cannotWrite(reason: "\(refused)")
    }
}
