import Foundation

/// A pseudo-terminal pair: the benchmark holds the controlling side and a child process gets
/// the terminal side as its standard input, output and error, as if run in a terminal window.
final class PseudoTerminal {
    let controller: Int32
    let terminalPath: String

    /// Opens a new pseudo-terminal of `columns` by `rows`.
    init(columns: Int, rows: Int) throws {
        // Glibc's Swift module leaves out the X/Open pseudo-terminal calls, so they are
        // looked up in the C library.
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Prepare = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        guard let open = Self.function("posix_openpt", as: Open.self), let grant = Self.function("grantpt", as: Prepare.self),
              let unlock = Self.function("unlockpt", as: Prepare.self), let name = Self.function("ptsname", as: Name.self)
        else {
            throw BenchError.childFailed(command: "posix_openpt", status: -1, output: "the C library has no pseudo-terminal calls")
        }
        let descriptor = open(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0, grant(descriptor) == 0, unlock(descriptor) == 0, let path = name(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            throw BenchError.childFailed(command: "posix_openpt", status: errno, output: String(cString: strerror(errno)))
        }
        controller = descriptor
        terminalPath = String(cString: path)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    }

    deinit { close(controller) }

    /// Starts `path` with the terminal as its standard streams; returns its pid.
    func spawn(_ path: String, _ arguments: [String], environment: [String: String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let argv = ([path] + arguments).map { strdup($0) }
        let environmentList = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            environmentList.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv + [nil], environmentList + [nil])
        guard result == 0 else {
            throw BenchError.childFailed(command: path, status: result, output: String(cString: strerror(result)))
        }
        return pid
    }

    /// What the child wrote in its first burst of output.
    struct Burst {
        var bytes: [UInt8]
        /// When the last byte of the burst arrived (monotonic nanoseconds); nil if none did.
        var lastByteAt: UInt64?
        /// Whether the burst held `marker` and then went quiet before the timeout.
        var isComplete: Bool
    }

    /// Reads until the output has held `marker` and then nothing more arrives for `quiet`
    /// seconds, or `timeout` seconds pass.
    func readBurst(containing marker: [UInt8], quiet: Double, timeout: Double) -> Burst {
        var burst = Burst(bytes: [], lastByteAt: nil, isComplete: false)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let deadline = Stopwatch.nanoseconds() + UInt64(timeout * 1e9)
        var sawMarker = false
        var answered = 0
        while Stopwatch.nanoseconds() < deadline {
            var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, sawMarker ? Int32(quiet * 1_000) : 10)
            if ready == 0 {
                if sawMarker {
                    burst.isComplete = true
                    return burst
                }
                continue
            }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
            if count <= 0 {
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                return burst
            }
            burst.bytes += chunk[..<count]
            burst.lastByteAt = Stopwatch.nanoseconds()
            answered = answerCursorQueries(in: burst.bytes, answered: answered)
            if !sawMarker { sawMarker = Self.contains(burst.bytes, marker) }
        }
        return burst
    }

    /// The cursor position query (DSR 6) that the storefront sends at start to learn how wide
    /// the terminal draws emoji clusters.
    static let cursorQuery = Array("\u{1B}[6n".utf8)

    /// Answers each cursor position query not answered yet, as a terminal does: the cursor
    /// stands after a two-column sample on the first row. Returns how many are answered now.
    private func answerCursorQueries(in bytes: [UInt8], answered: Int) -> Int {
        let asked = Self.occurrences(of: Self.cursorQuery, in: bytes)
        for _ in answered..<max(answered, asked) { type("\u{1B}[1;3R") }
        return max(answered, asked)
    }

    private static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).count { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return needle.isEmpty }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    /// Types `text` into the terminal.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }
}
