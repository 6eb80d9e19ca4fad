import Foundation

/// What every benchmark section needs: options, scale, data, and the binaries to start.
struct BenchContext {
    let options: BenchOptions
    let scale: BenchScale
    let data: BenchData
    /// This benchmark's own binary, which child processes run with a hidden command.
    let benchPath: String
    /// The storefront binary whose start-up is measured, or why there is none.
    let storefront: Result<String, BenchError>

    /// Reports what the run is doing, on standard error so `--json` output stays clean.
    func progress(_ message: String) { Self.progress(message) }

    static func progress(_ message: String) {
        FileHandle.standardError.write(Data("storefront-bench: \(message)\n".utf8))
    }

    /// The path of the running binary.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
