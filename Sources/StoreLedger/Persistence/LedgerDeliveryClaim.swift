import Foundation
import Glibc

/// The claim of one process to deliver one app's notifications from a ledger: an exclusive
/// `flock` on the app's delivery file (`LedgerFamily.deliveryClaimPath`), held until released.
///
/// The kernel drops a dead process's lock, so a server that was killed gives way to another.
public final class LedgerDeliveryClaim: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    private var held = false
    /// What stood at the path on the last look that kept the claim from being taken.
    private var blocker: FileKind?

    public init(family: LedgerFamily, app: String) {
        path = family.deliveryClaimPath(app: app)
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Whether this process holds the claim now, taking it when nobody does; false also when
    /// the file cannot be made (nothing is delivered then, rather than twice).
    public func isHeld() -> Bool {
        lock.withLock {
            guard !held else { return true }
            if descriptor < 0 { descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode_t(0o600)) }
            // A FIFO, socket or device there is no claim two servers can share (`storefront serve`
            // names it at start); it is let go, so that the next look opens what is there then.
            if descriptor >= 0, !ServerPresence.isOrdinaryFile(descriptor) {
                Glibc.close(descriptor)
                descriptor = -1
            }
            held = descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0
            blocker = descriptor < 0 ? POSIXFileSystem.kindOfNonOrdinaryFile(atPath: path) : nil
            return held
        }
    }

    /// After `isHeld` said no: what stands at the path when it is no ordinary file (a
    /// directory, a FIFO, a link), which no server can keep the claim in; nil when another
    /// server holds it (or the file could not be made for another reason).
    public func obstacle() -> FileKind? {
        lock.withLock { held ? nil : blocker }
    }

    /// Gives the claim up, for another server to take.
    public func release() {
        lock.withLock {
            if descriptor >= 0 {
                // Unlocked before closing, for a child being started holds a copy of the
                // descriptor (and so the lock) until it runs its program.
                _ = flock(descriptor, LOCK_UN)
                Glibc.close(descriptor)
            }
            descriptor = -1
            held = false
        }
    }
}
