import Foundation
import StoreEngine
import StoreCatalog

/// The generated data of one run, in a temporary folder: catalogs and ledgers of every size.
final class BenchData {
    let folder: String
    let scale: BenchScale
    /// Catalog files by product count.
    private(set) var catalogPaths: [Int: String] = [:]
    /// Pristine ledger files by event count; benchmarks that write work on copies.
    private(set) var ledgerPaths: [Int: String] = [:]
    /// The events of the largest ledger; smaller ledgers hold a prefix of them.
    private(set) var history: [StoreEvent] = []

    private init(folder: String, scale: BenchScale) {
        self.folder = folder
        self.scale = scale
    }

    /// A new, empty data folder in `$TMPDIR` (or /tmp).
    static func makeFolder(scale: BenchScale) throws -> BenchData {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/storefront-bench-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer -> UnsafeMutablePointer<CChar>? in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let created else {
            throw BenchError.generatedDataInvalid("cannot create a folder in \(base) (\(String(cString: strerror(errno))))")
        }
        return BenchData(folder: String(cString: created), scale: scale)
    }

    /// A path inside the data folder.
    func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// Writes the catalog of `productCount` products (once) and returns its path.
    func catalogPath(products productCount: Int) throws -> String {
        if let existing = catalogPaths[productCount] { return existing }
        let path = path("catalog-\(productCount).json")
        let text = CatalogWriter.write(CatalogGenerator.catalog(productCount: productCount))
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw BenchError.generatedDataInvalid("cannot write \(path)")
        }
        catalogPaths[productCount] = path
        return path
    }

    /// The catalog the ledgers belong to, as the store loads it.
    func ledgerCatalog() throws -> (path: String, catalog: Catalog) {
        let path = try catalogPath(products: scale.ledgerCatalogSize)
        return (path, try CatalogLoader.load(path: path))
    }

    /// Generates the history once and writes a ledger of every size in `scale`.
    func generateLedgers(progress: (String) -> Void) throws {
        guard ledgerPaths.isEmpty, let largest = scale.ledgerSizes.max() else { return }
        let (_, catalog) = try ledgerCatalog()
        progress("generating a history of \(NumberText.grouped(largest)) events through the store")
        let (generating, events) = try Stopwatch.time { try LedgerHistoryGenerator(catalog: catalog).events(count: largest) }
        history = events
        let largestPath = path("ledger-\(largest).jsonl")
        let (writing, _) = try Stopwatch.time { try LedgerFileWriter.write(events, to: largestPath) }
        progress("generated in \(NumberText.format(generating)) s, wrote \(largestPath) in \(NumberText.format(writing)) s")
        ledgerPaths[largest] = largestPath
        for size in scale.ledgerSizes where size != largest {
            let sizePath = path("ledger-\(size).jsonl")
            try LedgerFileWriter.copyPrefix(of: largestPath, events: size, to: sizePath)
            ledgerPaths[size] = sizePath
        }
    }

    /// Deletes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
