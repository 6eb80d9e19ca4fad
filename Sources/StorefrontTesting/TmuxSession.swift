import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tmux server of its own, running one command in a detached window, driven like a person at a keyboard.
///
/// Each session has a unique socket (`tmux -L`), so tests never see each other's windows or a
/// person's own tmux, and reads only its own configuration. `kill()` (also run when the session
/// is released) ends the server and everything running in it.
public final class TmuxSession {
    /// Something tmux could not do, or a screen that never appeared.
    public enum Failure: Error, CustomStringConvertible {
        case commandFailed(arguments: [String], status: Int32, output: String)
        case timedOut(waitingFor: String, seconds: Double, screen: String)
        case unavailable

        public var description: String {
            switch self {
            case let .commandFailed(arguments, status, output):
                "tmux \(arguments.joined(separator: " ")) exited with \(status): \(output); check that tmux works in this environment"
            case let .timedOut(waitingFor, seconds, screen):
                "the screen did not show \(waitingFor) within \(seconds) s; the last screen was:\n\(screen)"
            case .unavailable:
                "tmux is not installed; install it (apt-get install tmux) to run the terminal tests"
            }
        }
    }

    /// The tmux executable on the search path, or nil when tmux is not installed.
    public static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        return folders.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    public static var isAvailable: Bool { executable != nil }

    /// Whether tests that need tmux run: when tmux is installed, and always under CI (the `CI`
    /// variable set), so a CI machine without tmux fails them instead of skipping them.
    public static var testsRun: Bool { isAvailable || ProcessInfo.processInfo.environment["CI"] != nil }

    /// The environment tmux and everything it starts get: nothing from the test runner's locale.
    static let environment: [String: String] = [
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": NSTemporaryDirectory(),
        "LANG": "C.UTF-8",
    ]

    /// How long a wait lasts before it fails; generous, because a loaded machine can be slow to start a process.
    public static let defaultTimeout: Double = 20

    /// What the window prints after the command, when asked to report how it ended.
    private static let exitMarker = "storefront exited with status "

    let socket = "storefront-test-" + UUID().uuidString.prefix(8).lowercased()
    /// Where tmux puts the socket (no TMUX_TMPDIR is set); tmux leaves the file behind when the server ends.
    var socketPath: String { "/tmp/tmux-\(getuid())/\(socket)" }
    /// The session's own configuration file, removed by `kill()`.
    let configuration: String
    let window = "storefront"
    /// Signals the server, and so the command in its window, starts with blocked.
    let blockedSignals: [Int32]
    /// The server's process, and the window's first process (the leader of its process group).
    private var serverProcess: pid_t?
    private var windowProcess: pid_t?
    private var isKilled = false

    /// Starts a server whose only window runs `command` through the shell, `width` by `height` cells.
    ///
    /// - Parameters:
    ///   - environment: variables set in the window besides LANG=C.UTF-8.
    ///   - blockedSignals: signals that start blocked, as when a parent process blocked them.
    ///   - statusLine: false turns tmux's status line off, so the window is the whole terminal.
    ///   - reportsExit: true keeps the window open after the command and prints its exit status
    ///     there, for `waitForExit`, so the terminal state it left can be read.
    public init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:],
                blockedSignals: [Int32] = [], statusLine: Bool = true, reportsExit: Bool = false) throws {
        guard Self.isAvailable else { throw Failure.unavailable }
        self.blockedSignals = blockedSignals
        configuration = NSTemporaryDirectory() + "/" + socket + ".conf"
        let settings = statusLine ? "" : "set -g status off\nset -g history-limit 0\n"
        try Data(settings.utf8).write(to: URL(fileURLWithPath: configuration))
        var arguments = ["new-session", "-d", "-s", window, "-x", "\(width)", "-y", "\(height)", "-e", "LANG=C.UTF-8"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name != "LANG" {
            arguments += ["-e", "\(name)=\(value)"]
        }
        let line = reportsExit ? "\(command); printf '\\n\(Self.exitMarker)%d\\n' $?; exec sleep 600" : command
        try tmux(arguments + [line])
        serverProcess = (try? query("#{pid}")).flatMap { pid_t($0) }
        windowProcess = (try? query("#{pane_pid}")).flatMap { pid_t($0) }
    }

    deinit { kill() }

    /// Quotes `word` for the shell command line tmux runs.
    public static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Presses keys by tmux's names: "Enter", "Escape", "Space", "C-c", or single characters.
    public func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", window] + keys)
    }

    /// Types `text` character by character, with no key names interpreted.
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", window, "-l", text])
    }

    /// Pastes `text` as a terminal paste: marked as one (bracketed) when the program asked
    /// for that, as plain typing otherwise. Line feeds arrive as Enter.
    public func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "paste", "--", text])
        try tmux(["paste-buffer", "-p", "-b", "paste", "-t", window])
    }

    /// Changes the window's size, as a person dragging the terminal's corner would.
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", window, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen, one line per row, trailing spaces trimmed, and the no-break spaces
    /// ICU puts in prices ("1,09 €") turned into plain ones so tests can spell them.
    public func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", window])
            .replacingOccurrences(of: "\u{A0}", with: " ")
            .replacingOccurrences(of: "\u{202F}", with: " ")
    }

    /// The visible screen exactly as tmux captures it, one string per row.
    public func rows() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", window]).components(separatedBy: "\n").dropLast().map { $0 }
    }

    /// A tmux format evaluated for the window, e.g. "#{alternate_on}".
    public func query(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", window, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the screen until `matches` holds, and returns that screen; fails after `timeout` seconds.
    @discardableResult
    public func waitForScreen(_ description: String, timeout: Double = TmuxSession.defaultTimeout,
                              where matches: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while true {
            last = try screen()
            if matches(last) { return last }
            if Date() >= deadline { throw Failure.timedOut(waitingFor: description, seconds: timeout, screen: last) }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
    }

    /// Polls until the screen contains every one of `texts`.
    @discardableResult
    public func waitFor(_ texts: String..., timeout: Double = TmuxSession.defaultTimeout) async throws -> String {
        try await waitForScreen(texts.map { "“\($0)”" }.joined(separator: " and "), timeout: timeout) { screen in
            texts.allSatisfy(screen.contains)
        }
    }

    /// Polls the rows until `matches` holds, for at most `seconds`, without failing; returns the
    /// last rows and whether they matched, for tests that judge a screen that never came.
    @discardableResult
    public func pollRows(seconds: Double = 10, _ matches: ([String]) -> Bool) throws -> (screen: [String], matched: Bool) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var last: [String] = []
        repeat {
            last = try rows()
            if matches(last) { return (last, true) }
            usleep(40_000)
        } while ContinuousClock.now < deadline
        return (last, false)
    }

    /// Waits at most `seconds` for the command to end and returns its exit status; needs a
    /// session started with `reportsExit`.
    public func waitForExit(seconds: Double = 10) throws -> Int? {
        let found = try pollRows(seconds: seconds) { $0.contains { $0.hasPrefix(Self.exitMarker) } }
        guard found.matched, let row = found.screen.last(where: { $0.hasPrefix(Self.exitMarker) }) else { return nil }
        return Int(row.dropFirst(Self.exitMarker.count).trimmingCharacters(in: .whitespaces))
    }

    /// Ends the server and whatever still runs in it, and removes its socket and configuration;
    /// safe to call more than once.
    ///
    /// The window's processes are killed first, so a program that ignores the hangup tmux sends
    /// (or hangs) cannot outlive the test.
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        if let windowProcess, let serverProcess, windowProcess > 1, Self.parent(of: windowProcess) == serverProcess {
            // Still a child of this server, so its process group is the window's and no one else's.
            _ = Glibc.kill(-windowProcess, SIGKILL)
        }
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socketPath)
        try? FileManager.default.removeItem(atPath: configuration)
    }

    /// The parent of `process`, from /proc; nil when it has ended.
    private static func parent(of process: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")") else { return nil }
        // After the name: state, then the parent's id.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let all = ["-L", socket, "-f", configuration] + arguments
        let result = try CleanSpawn.run(Self.executable ?? "/usr/bin/tmux", all, environment: Self.environment,
                                        blockedSignals: blockedSignals)
        guard result.status == 0 else {
            throw Failure.commandFailed(arguments: arguments, status: result.status, output: result.output)
        }
        return result.output
    }
}
