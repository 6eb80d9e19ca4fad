import Foundation
import StorefrontTesting
import Glibc

/// Runs the built binary for the security suite: under a timeout (a hang is a finding, not a
/// stuck test run), and, when asked while root, as the unprivileged user `nobody`.
struct SecurityRun {
    /// Longer than any command takes here; a command still running after it hangs.
    static let timeout: Duration = .seconds(20)
    static let nobody: uid_t = 65534

    var ledger: String
    var asNobody = false

    /// What one run came to.
    struct Outcome {
        var result: StorefrontProcess.Result
        var hung: Bool
        /// Killed by a signal it did not get from the timeout, or an exit status no command uses.
        var crashed: Bool { !hung && (result.wasSignalled || ![0, 1, 2, 3].contains(result.status)) }
    }

    func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        let storefront = ["--entitlements", ledger] + arguments
        if asNobody {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--",
                                 StorefrontProcess.binary] + storefront
        } else {
            process.executableURL = URL(fileURLWithPath: StorefrontProcess.binary)
            process.arguments = storefront
        }
        process.environment = ["LANG": "en_US.UTF-8", "PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
        let running = RunningCommand(process: process, output: Pipe(), errors: Pipe())
        process.standardOutput = running.output
        process.standardError = running.errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + Self.timeout
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        let hung = process.isRunning
        if hung { running.kill() }
        return Outcome(result: running.wait(), hung: hung)
    }
}

/// Every file under a folder with its bytes, mode and owner, to show nothing there changed.
struct FolderSnapshot: Equatable {
    var entries: [String: String]

    init(_ folder: String) {
        var entries: [String: String] = [:]
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            var information = stat()
            guard lstat(path, &information) == 0 else { continue }
            let bytes = (information.st_mode & S_IFMT) == S_IFREG
                ? (try? Data(contentsOf: URL(fileURLWithPath: path))).map { $0.base64EncodedString() } ?? "unreadable" : ""
            entries[name] = "\(information.st_mode) \(information.st_uid) \(bytes)"
        }
        self.entries = entries
    }
}
