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
    ///
    /// A claim is only as good as the file at the path: one removed or replaced (by hand, or
    /// a directory put there) lets another server lock the file found there now, so a
    /// descriptor on a file the path no longer names is let go on every look, held or not.
    public func isHeld() -> Bool {
        lock.withLock {
            if descriptor >= 0, !Self.path(path, names: descriptor) { letGo() }
            guard !held else { return true }
            if descriptor < 0 { descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode_t(0o600)) }
            // A FIFO, socket or device there is no claim two servers can share (the delivery loop
            // names it, from `obstacle()`); it is let go, so that the next look opens what is there then.
            if descriptor >= 0, !ServerPresence.isOrdinaryFile(descriptor) {
                Glibc.close(descriptor)
                descriptor = -1
            }
            held = descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0
            // Replaced between the opening and the lock: the next look takes what is there then.
            if held, !Self.path(path, names: descriptor) { letGo() }
            blocker = descriptor < 0 ? POSIXFileSystem.kindOfNonOrdinaryFile(atPath: path) : nil
            return held
        }
    }

    /// Unlocks and closes the descriptor; call under `lock`.
    private func letGo() {
        // Unlocked before closing, for a child being started holds a copy of the descriptor
        // (and so the lock) until it runs its program.
        _ = flock(descriptor, LOCK_UN)
        Glibc.close(descriptor)
        descriptor = -1
        held = false
    }

    /// Whether `path` names the very file `descriptor` is open on (not followed if a link).
    private static func path(_ path: String, names descriptor: Int32) -> Bool {
        var open = stat(), named = stat()
        guard fstat(descriptor, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
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
            if descriptor >= 0 { letGo() }
            held = false
        }
    }
}
