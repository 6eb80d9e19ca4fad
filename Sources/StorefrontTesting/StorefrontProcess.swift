import Foundation
import StoreLedger
import Glibc
import StorefrontCommands

/// The built `storefront` binary, run or started against one entitlements file, as the
/// end-to-end and reliability tests drive it.
public struct StorefrontProcess: Sendable {
    /// What a finished run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        /// True when the process died of a signal (`status` is then the signal number).
        public var wasSignalled: Bool
        public var stdout: String
        public var stderr: String
        /// Standard output exactly as written, for binary output (`certificate --der`).
        public var stdoutBytes: [UInt8]

        public init(status: Int32, wasSignalled: Bool = false, stdout: String, stderr: String, stdoutBytes: [UInt8]? = nil) {
            (self.status, self.wasSignalled, self.stdout, self.stderr) = (status, wasSignalled, stdout, stderr)
            self.stdoutBytes = stdoutBytes ?? Array(stdout.utf8)
        }

        /// The output read back as one of the commands' JSON shapes.
        public func decoded<Shape: Decodable>(_ shape: Shape.Type) throws -> Shape {
            try JSONShapes.decode(shape, from: stdout)
        }

        /// The output as a JSON object, for checks of the raw keys (nil when it is not one).
        public func json() -> [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }

        /// The output as a JSON array of objects, for checks of the raw keys (nil when it is not one).
        public func jsonArray() -> [[String: Any]]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [[String: Any]]
        }
    }

    /// The binary next to the test bundle in the build folder.
    public static let binary: String = {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].compactMap { $0?.appendingPathComponent("storefront").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    /// A fresh folder for one test's entitlements file.
    public static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "storefront-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The entitlements file given as `--entitlements`; empty for none, so the command finds
    /// its store as a user's would (`--store`, the environment, the default file).
    public let ledger: String
    public var environment: [String: String] = ["LANG": "en_US.UTF-8", "PATH": "/usr/bin:/bin"]
    /// Arguments given before every command, e.g. `--store URL` to use a PostgreSQL store,
    /// which takes the place of the ledger.
    public var storeArguments: [String] = []
    /// The folder the command runs in; the test's own when nil.
    public var workingDirectory: String?

    public init(ledger: String) {
        self.ledger = ledger
    }

    /// `storefront ARGUMENTS` as the commands this process runs advise it, in backquotes: with
    /// `--entitlements` and the ledger's path first, as pasted it must act on the same file.
    public func advised(_ arguments: String) -> String {
        ledger.isEmpty ? "`storefront \(arguments)`" : "`storefront --entitlements \(ShellWord.quoted(ledger)) \(arguments)`"
    }

    /// Runs `storefront --entitlements <ledger> <arguments>` (without the option when `ledger`
    /// is empty) to the end.
    @discardableResult
    public func run(_ arguments: [String], stdin: FileHandle? = nil) throws -> Result {
        try start(arguments, stdin: stdin).wait()
    }

    /// Starts the binary without waiting for it.
    public func start(_ arguments: [String], stdin: FileHandle? = nil) throws -> RunningCommand {
        try launch(Self.binary, commandLine(arguments), stdin: stdin)
    }

    /// Starts `storefront --entitlements <ledger> ARGUMENTS` through `/bin/sh -c script`, in
    /// which `"$@"` is that command line, so that the script sets its streams or adds raw bytes
    /// as a user's shell would (`exec "$@" >&-`, `exec "$@" --account "$(printf 'a\377b')"`).
    public func startThroughShell(_ script: String, _ arguments: [String]) throws -> RunningCommand {
        try launch("/bin/sh", ["-c", script, "sh", Self.binary] + commandLine(arguments), stdin: nil)
    }

    /// The binary's arguments for `arguments`: the ledger and store given first.
    private func commandLine(_ arguments: [String]) -> [String] {
        (ledger.isEmpty ? [] : ["--entitlements", ledger]) + storeArguments + arguments
    }

    private func launch(_ executable: String, _ arguments: [String], stdin: FileHandle?) throws -> RunningCommand {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        return RunningCommand(process: process, output: output, errors: errors)
    }

    /// The ledger's event lines (without the header), decoded.
    public func events() throws -> [[String: Any]] {
        let text = try String(contentsOfFile: ledger, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// The account's credit balances, as `entitlements --json` gives them.
    public func credits() throws -> [String: Int] {
        try run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).credits
    }
}

/// A started `storefront` process, which can be killed at any moment.
public struct RunningCommand {
    public let process: Process
    public let output: Pipe
    public let errors: Pipe

    public init(process: Process, output: Pipe, errors: Pipe) {
        (self.process, self.output, self.errors) = (process, output, errors)
    }

    /// Sends SIGKILL: the process stops wherever it is, with no chance to clean up.
    public func kill() {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the process to end and collects what it printed.
    public func wait() -> StorefrontProcess.Result {
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return StorefrontProcess.Result(
            status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            stdoutBytes: Array(stdout))
    }
}
