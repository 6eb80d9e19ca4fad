import Foundation

/// `storefront serve --port 0` started as a child, with the port it printed.
final class ServeChild {
    let port: UInt16
    private let child: ChildProcess
    private var stopped = false

    /// Starts the server and waits for its `listening on http://127.0.0.1:PORT` line.
    init(shell: StorefrontShell) throws {
        child = try ChildProcess.spawn(shell.binary, shell.arguments(["serve", "--port", "0"]), environment: shell.environment)
        guard let line = child.readLine(), let port = Self.port(in: line) else {
            let finished = try child.finish()
            throw BenchError.childFailed(command: child.command, status: finished.status,
                                         output: (finished.errorOutput + finished.output).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        self.port = port
    }

    /// Stops the server with SIGTERM and requires the clean exit it promises.
    func stopCleanly() throws {
        guard let finished = try terminate(), finished.status != 0 else { return }
        throw BenchError.childFailed(command: child.command, status: finished.status, output: finished.errorOutput)
    }

    /// Stops the server if it still runs, whatever the outcome of the run.
    func stop() { _ = try? terminate() }

    /// Sends SIGTERM and waits for the exit; nil when the server was already stopped.
    private func terminate() throws -> ChildProcess.Finished? {
        guard !stopped else { return nil }
        stopped = true
        kill(child.pid, SIGTERM)
        return try child.finish()
    }

    /// The port of a `listening on http://HOST:PORT` line.
    static func port(in line: String) -> UInt16? {
        guard line.hasPrefix("listening on http://"), let colon = line.lastIndex(of: ":") else { return nil }
        return UInt16(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
}
