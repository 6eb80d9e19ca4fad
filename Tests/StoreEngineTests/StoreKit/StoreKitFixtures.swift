import Foundation
@testable import StoreEngine
@testable import StoreCatalog

/// The real `.storekit` files the tests read, found beside this source file.
enum StoreKitFixtures {
    static let folder = (#filePath as NSString).deletingLastPathComponent + "/Fixtures"
    /// The package root, four folders up from this file.
    static let packageRoot: String = {
        var path = #filePath as NSString
        for _ in 0..<4 { path = path.deletingLastPathComponent as NSString }
        return path as String
    }()

    /// Every sample configuration file, sorted by name.
    static let sampleNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".storekit") }.sorted()
    }()

    static func path(_ name: String) -> String { "\(folder)/\(name)" }

    static func text(_ name: String) -> String {
        (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? ""
    }

    static func lint(_ name: String) -> CatalogLoader.Report { CatalogLoader.lint(path: path(name)) }

    /// Reads `.storekit` text given inline, as if it were a file called `Inline.storekit`.
    static func lint(text: String, file: String = "Inline.storekit") -> CatalogLoader.Report {
        CatalogLoader.lint(bytes: Array(text.utf8), file: file)
    }

    static func errors(_ report: CatalogLoader.Report) -> [CatalogProblem] {
        report.problems.filter { $0.severity == .error }
    }
}

/// A folder of its own under the temporary directory, removed by `remove()`.
struct ScratchFolder {
    let path: String

    init() {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("storekit-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let file = (path as NSString).appendingPathComponent(name)
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
