import Glibc

/// Whether a server is serving an app of a ledger: the server holds an exclusive `flock` on
/// the app's serving file for as long as it runs, so a server that was killed is never
/// reported (the kernel drops its lock), whatever the file still says.
public enum ServerPresence {
    /// A held claim: the server keeps it until it stops.
    public final class Claim: @unchecked Sendable {
        private let descriptor: Int32

        fileprivate init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Drops the claim (the file stays, unlocked, so readers see no server).
        public func release() {
            _ = ftruncate(descriptor, 0)
            // Unlocked before closing: a child this process is starting holds a copy of the
            // descriptor until it runs its program, and closing ours alone would leave the
            // lock held that long, as if the server still served.
            _ = flock(descriptor, LOCK_UN)
            Glibc.close(descriptor)
        }
    }

    /// Claims the serving file of `app` in `family` and writes `address` into it; nil when
    /// another server of the app holds it already, or the file cannot be made (the server then
    /// runs unannounced).
    public static func claim(_ family: LedgerFamily, app: String, address: String) -> Claim? {
        let descriptor = Glibc.open(family.servingPath(app: app), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode_t(0o600))
        guard descriptor >= 0 else { return nil }
        // A FIFO, socket or device there holds no address (`storefront serve` names it at start).
        guard isOrdinaryFile(descriptor), holdsAnAddressOrNothing(descriptor), flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            Glibc.close(descriptor)
            return nil
        }
        let text = Array((address + "\n").utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return Claim(descriptor: descriptor)
    }

    /// Whether the file open on `descriptor` is empty or holds a server's address, as a server
    /// leaves it: anything else there is not the server's to write over.
    static func holdsAnAddressOrNothing(_ descriptor: Int32) -> Bool {
        var bytes = [UInt8](repeating: 0, count: 8)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return count == 0 || (count > 0 && String(decoding: bytes[..<count], as: UTF8.self).hasPrefix("http"))
    }

    /// Whether the ordinary file at `path` holds something other than a server's address.
    public static func holdsSomethingElse(atPath path: String) -> Bool {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        return isOrdinaryFile(descriptor) && !holdsAnAddressOrNothing(descriptor)
    }

    /// Whether `descriptor` is open on an ordinary file.
    static func isOrdinaryFile(_ descriptor: Int32) -> Bool {
        var information = stat()
        return fstat(descriptor, &information) == 0 && (information.st_mode & S_IFMT) == S_IFREG
    }

    /// The address a live server of `app` in `family` announced; nil when none is serving it.
    public static func servingAddress(_ family: LedgerFamily, app: String) -> String? {
        let descriptor = Glibc.open(family.servingPath(app: app), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        // A shared lock we can take means no server holds the exclusive one.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            _ = flock(descriptor, LOCK_UN)
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return "" }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        // What reaches a terminal is printable: the address line only, no control characters.
        return String(text.prefix { $0 != "\n" }.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
