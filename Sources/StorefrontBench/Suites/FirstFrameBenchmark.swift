import Foundation

/// Start-up of the interactive storefront: from process start to its first frame on a
/// pseudo-terminal of 80x24.
enum FirstFrameBenchmark {
    /// The cursor moving to the last row, where the footer goes: once it has arrived and the
    /// output goes quiet, the first frame is complete.
    static let lastRowMarker = Array("\u{1B}[24;".utf8)
    /// How long the output must stay quiet after the last row for the frame to count as done;
    /// the frame's time is that of its last byte, so this wait is not part of it.
    static let quietSeconds = 0.05

    /// Seconds from spawning `storefront` in a pseudo-terminal to its first complete frame.
    static func firstFrameSeconds(storefront: String, environment: [String: String]) throws -> Double {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        var terminalEnvironment = environment
        terminalEnvironment["TERM"] = "xterm-256color"
        let start = Stopwatch.nanoseconds()
        let pid = try terminal.spawn(storefront, [], environment: terminalEnvironment)
        let burst = terminal.readBurst(containing: lastRowMarker, quiet: quietSeconds, timeout: 10)
        terminal.type("q")
        let status = waitForExit(pid, timeout: 5)
        guard burst.isComplete, let lastByteAt = burst.lastByteAt else {
            throw BenchError.unexpectedResult(
                "the storefront showed no complete first frame within 10 s; it wrote: \(String(decoding: burst.bytes.suffix(300), as: UTF8.self))")
        }
        guard status == 0 else {
            throw BenchError.unexpectedResult("the storefront exited with status \(status.map(String.init) ?? "none") after q")
        }
        return Double(lastByteAt - start) / 1e9
    }

    /// Waits for the child to exit; kills it after `timeout` seconds. Returns its exit status.
    private static func waitForExit(_ pid: pid_t, timeout: Double) -> Int32? {
        let deadline = Stopwatch.nanoseconds() + UInt64(timeout * 1e9)
        var status: Int32 = 0
        while Stopwatch.nanoseconds() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : nil
            }
            usleep(2_000)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return nil
    }
}
