import Foundation

/// A Python script run as a loopback server for a test, and the port it says it listens on.
public enum LoopbackPythonServer {
    /// Runs `script` with `arguments` (stdin and stdout closed) and waits up to 20 seconds for
    /// `reportedPort` to give the port; kills it and throws `failure` when none comes.
    public static func start(
        script: String, arguments: [String], reportedPort: () -> Int?, failure: @autoclosure () -> any Error
    ) throws -> (process: Process, port: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        process.environment = ProcessInfo.processInfo.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var port: Int?
        while port == nil, Date() < deadline, process.isRunning {
            port = reportedPort()
            if port == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        guard let port else {
            _ = kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw failure()
        }
        return (process, port)
    }
}
