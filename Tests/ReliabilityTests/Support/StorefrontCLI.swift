import Foundation
import Glibc

/// The built `storefront` binary, run or started against one entitlements file.
struct StorefrontCLI: Sendable {
    /// What a finished run printed and how it ended.
    struct Result: Sendable {
        var status: Int32
        /// True when the process died of a signal (`status` is then the signal number).
        var wasSignalled: Bool
        var stdout: String
        var stderr: String

        func json() -> [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    /// The binary next to the test bundle in the build folder.
    static let binary: String = {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].compactMap { $0?.appendingPathComponent("storefront").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    let ledger: String
    var environment: [String: String] = ["LANG": "en_US.UTF-8", "PATH": "/usr/bin:/bin"]

    init(ledger: String) {
        self.ledger = ledger
    }

    /// Runs `storefront --entitlements <ledger> <arguments>` to the end.
    func run(_ arguments: [String]) throws -> Result {
        try start(arguments).wait()
    }

    /// Starts the binary without waiting for it.
    func start(_ arguments: [String]) throws -> RunningCommand {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--entitlements", ledger] + arguments
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return RunningCommand(process: process, output: output, errors: errors)
    }
}

/// A started `storefront` process, which can be killed at any moment.
struct RunningCommand {
    let process: Process
    let output: Pipe
    let errors: Pipe

    /// Sends SIGKILL: the process stops wherever it is, with no chance to clean up.
    func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the process to end and collects what it printed.
    func wait() -> StorefrontCLI.Result {
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return StorefrontCLI.Result(
            status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
