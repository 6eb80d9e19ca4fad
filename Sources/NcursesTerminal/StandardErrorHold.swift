import Foundation

/// Holds what is written to standard error while the screen is drawn, and writes it out once the
/// terminal is given back.
///
/// Libraries and the runtime write there on their own (libpq printed a server's "terminating
/// connection" notice before its sessions were opened with a receiver set first), and on the
/// terminal such text lands among the cells curses
/// believes it drew: the screen stays wrong until the next full repaint, banners included. So
/// while the screen is active, descriptor 2 goes to a file in the temporary folder; `release`
/// puts the terminal back on descriptor 2 and copies the file there. A process that dies without
/// releasing leaves the file (`storefront-<pid>-<random>.stderr`), with whatever it said, to be read.
/// Nothing is held when standard error is not the terminal (a file or a pipe the person chose).
final class StandardErrorHold: @unchecked Sendable {
    /// Guards the two fields: `release` also runs from an exit hook.
    private let lock = NSLock()
    private var savedDescriptor: Int32 = -1
    private var path: String?
    private let holdsOnlyATerminal: Bool

    /// `holdsOnlyATerminal`: false holds whatever descriptor 2 is (for tests, which have no terminal).
    init(holdsOnlyATerminal: Bool = true) {
        self.holdsOnlyATerminal = holdsOnlyATerminal
    }

    /// The file descriptor 2 goes to while held.
    var heldPath: String? {
        lock.lock(); defer { lock.unlock() }
        return path
    }

    /// The line before what was held, when anything was.
    static let heading = "storefront: while the screen was shown, this was written to standard error (a storefront that lost "
        + "its store said so on screen and connected again by itself):\n"

    /// Sends descriptor 2 to the file, when it is a terminal; does nothing if already holding.
    func hold() {
        lock.lock(); defer { lock.unlock() }
        guard savedDescriptor < 0, !holdsOnlyATerminal || isatty(STDERR_FILENO) == 1 else { return }
        // A new file of its own: another user's file (or link) planted under a guessable name is never written.
        let path = NSTemporaryDirectory() + "storefront-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).stderr"
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
            close(file)
            if saved >= 0 { close(saved) }
            unlink(path)
            return
        }
        close(file)
        savedDescriptor = saved
        self.path = path
    }

    /// Puts the terminal back on descriptor 2 and writes there what was held; safe to call twice.
    func release() {
        lock.lock(); defer { lock.unlock() }
        guard savedDescriptor >= 0, let path else { return }
        fflush(nil)
        dup2(savedDescriptor, STDERR_FILENO)
        close(savedDescriptor)
        savedDescriptor = -1
        self.path = nil
        if let held = FileManager.default.contents(atPath: path), !held.isEmpty {
            // Said after the fact, the lines need to say when they were written.
            let text = Data(Self.heading.utf8) + held
            text.withUnsafeBytes { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
        }
        unlink(path)
    }
}
