import Foundation

/// Runs the built `storefront` binary and captures what it did.
struct StorefrontProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout exactly as written, for binary output.
        var stdoutBytes: [UInt8] = []

        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8))
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

    /// A fresh folder for one test's entitlements file.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "storefront-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    let ledger: String
    var environment: [String: String] = ["LANG": "en_US.UTF-8", "PATH": "/usr/bin:/bin"]

    init(ledger: String) { self.ledger = ledger }

    @discardableResult
    func run(_ arguments: [String], stdin: FileHandle? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--entitlements", ledger] + arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: Array(outData))
    }

    /// The ledger's event lines (without the header), decoded.
    func events() throws -> [[String: Any]] {
        let text = try String(contentsOfFile: ledger, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    func credits() throws -> [String: Int] {
        let result = try run(["entitlements", "--json"])
        let object = try result.json() as? [String: Any]
        return object?["credits"] as? [String: Int] ?? [:]
    }
}
