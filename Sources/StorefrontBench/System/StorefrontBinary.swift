import Foundation

/// Finds the storefront binary whose start-up is measured, building it first when the
/// benchmark runs from the package, so the figures are never of an old or missing build.
enum StorefrontBinary {
    /// The release binary next to this benchmark's binary, freshly built when possible;
    /// otherwise the reason it cannot be measured.
    static func prepare(benchPath: String, progress: (String) -> Void) -> Result<String, BenchError> {
        let releaseFolder = URL(fileURLWithPath: benchPath).deletingLastPathComponent()
        let path = releaseFolder.appendingPathComponent("storefront").path
        // The benchmark binary lives in <scratch>/<triple>/release when built by SwiftPM.
        let scratch = releaseFolder.deletingLastPathComponent().deletingLastPathComponent().path
        if FileManager.default.fileExists(atPath: "Package.swift"), let swift = executable(named: "swift") {
            progress("building the storefront binary: swift build -c release --product storefront")
            do {
                _ = try ChildProcess.run(swift, ["build", "-c", "release", "--product", "storefront", "--scratch-path", scratch])
            } catch {
                return .failure(.unexpectedResult("building the storefront binary failed: \(error)"))
            }
        }
        guard FileManager.default.isExecutableFile(atPath: path) else { return .failure(.binaryMissing(path: path)) }
        return .success(path)
    }

    /// The first executable called `name` on the PATH.
    private static func executable(named name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
