@testable import StoreCatalog
@testable import StoreEngine
@testable import StoreJSON
@testable import StoreLedger

/// Properties every fuzz target asserts; a violation stops the fuzzer like a crash, with the
/// input saved.
enum FuzzChecks {
    /// A refused catalog names an error with its file; an accepted one reads back after writing.
    static func check(_ report: CatalogLoader.Report, file: String) {
        let errors = report.problems.filter { $0.severity == .error }
        if report.catalog == nil, errors.isEmpty { fail("a catalog was refused without an error") }
        for problem in report.problems where problem.file != file || problem.message.isEmpty {
            fail("a problem without its file or message: \(problem)")
        }
        guard let catalog = report.catalog else { return }
        let written = CatalogWriter.write(catalog)
        let reread = CatalogLoader.lint(bytes: Array(written.utf8), file: "written")
        guard let again = reread.catalog else {
            fail("an accepted catalog is refused after writing: \(reread.problems.first.map { "\($0)" } ?? "")")
        }
        if again.products.map(\.id) != catalog.products.map(\.id) { fail("a written catalog reads back with other products") }
    }

    static func fail(_ message: String) -> Never {
        fatalError("fuzz property violated: \(message)")
    }
}
