import Foundation
import Glibc

/// A tmux server of its own, on its own socket, running one command in one window, so the
/// screen the command draws and the terminal state it leaves can be inspected.
///
/// The status line is off, so the pane is the whole window. The command runs under a shell
/// that then prints its exit status and waits, so the terminal state the command left behind
/// can be read as a person's shell would find it.
final class TmuxSession {
    enum Failure: Error, CustomStringConvertible {
        case tmuxFailed(arguments: [String], status: Int32, output: String)

        var description: String {
            switch self {
            case .tmuxFailed(let arguments, let status, let output):
                "tmux \(arguments.joined(separator: " ")) exited with \(status): \(output)"
            }
        }
    }

    private let socket: String
    private let configuration: String

    /// Starts `command` (a shell command line) in a `width` x `height` window.
    init(command: String, width: Int, height: Int, environment: [String: String], directory: ScratchDirectory) throws {
        socket = "storefront-reliability-\(UUID().uuidString.prefix(8))"
        configuration = directory.file("tmux.conf")
        try Data("set -g status off\nset -g history-limit 0\n".utf8)
            .write(to: URL(fileURLWithPath: configuration))
        var arguments = ["new-session", "-d", "-x", String(width), "-y", String(height)]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["-e", "\(name)=\(value)"]
        }
        try tmux(arguments + ["\(command); printf '\\n\(Self.exitMarker)%d\\n' $?; exec sleep 600"])
    }

    private static let exitMarker = "storefront exited with status "

    deinit {
        if let pane = try? value("#{pane_pid}"), let process = pid_t(pane) {
            // The shell's whole process group, in case the command ignores the hangup tmux sends.
            _ = kill(-process, SIGKILL)
        }
        _ = try? tmux(["kill-server"])
        // tmux leaves its socket behind when the server ends (no TMUX_TMPDIR is passed to it).
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
    }

    /// Quotes `word` for the shell command line tmux runs.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The screen as text, one string per row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p"]).components(separatedBy: "\n").dropLast().map { $0 }
    }

    /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
    func value(_ format: String) throws -> String {
        try tmux(["display-message", "-p", format]).trimmingCharacters(in: .newlines)
    }

    /// Sends keys as tmux names them (`q`, `Enter`, `Escape`, `Down`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", String(width), "-y", String(height)])
    }

    /// Polls the screen until `matches` holds, for at most `seconds`; returns the last screen
    /// and whether it matched.
    @discardableResult
    func waitForScreen(seconds: Double = 10, _ matches: ([String]) -> Bool) throws -> (screen: [String], matched: Bool) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var last: [String] = []
        repeat {
            last = try screen()
            if matches(last) { return (last, true) }
            usleep(40_000)
        } while ContinuousClock.now < deadline
        return (last, false)
    }

    /// Waits at most `seconds` for the command to end and returns its exit status.
    func waitForExit(seconds: Double = 10) throws -> Int? {
        let found = try waitForScreen(seconds: seconds) { $0.contains { $0.hasPrefix(Self.exitMarker) } }
        guard found.matched, let row = found.screen.last(where: { $0.hasPrefix(Self.exitMarker) }) else { return nil }
        return Int(row.dropFirst(Self.exitMarker.count).trimmingCharacters(in: .whitespaces))
    }

    /// Runs tmux on this session's socket and configuration. Started cleanly (no inherited
    /// descriptors, no blocked signals): see `CleanSpawn`.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try CleanSpawn.run(
            "/usr/bin/tmux", ["-L", socket, "-f", configuration] + arguments,
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"])
        guard result.status == 0 else {
            throw Failure.tmuxFailed(arguments: arguments, status: result.status, output: result.output)
        }
        return result.output
    }
}
