import Testing
@testable import StoreCatalog

/// `catalog lint` lists problems as an editor meets them, whatever check found them.
@Suite struct CatalogProblemOrderTests {
    private func problem(_ file: String, _ line: Int, _ column: Int = 1, _ field: String) -> CatalogProblem {
        CatalogProblem(file: file, line: line, column: column, field: field, message: "m")
    }

    @Test("by file in the order files first appear, then by line and column; unplaced ones last in their file, as found (before: by the check that found them)")
    func problemsComeInFileOrder() {
        let found = [
            problem("a.json", 40, 3, "late error"),
            problem("a.json", 0, 0, "no place 1"),
            problem("b.storekit", 7, 1, "other file"),
            problem("a.json", 12, 9, "warning later on line 12"),
            problem("a.json", 12, 2, "warning on line 12"),
            problem("a.json", 0, 0, "no place 2"),
            problem("b.storekit", 2, 1, "other file first"),
        ]
        #expect(CatalogProblem.inFileOrder(found).map(\.field) == [
            "warning on line 12", "warning later on line 12", "late error", "no place 1", "no place 2",
            "other file first", "other file",
        ])
        #expect(CatalogProblem.inFileOrder([]).isEmpty)
    }

    @Test("a refused catalog lists its problems in file order too, counting its errors and its warnings apart (before: as found, and 'has 1 problem' above a warning too)")
    func aRefusedCatalogListsInFileOrder() {
        var warning = problem("a.json", 62, 18, "late warning")
        warning.severity = .warning
        let refused = CatalogError(file: "a.json", problems: [warning, problem("a.json", 58, 15, "early error")])
        let lines = refused.description.split(separator: "\n").map(String.init)
        #expect(lines.first == "a.json: the catalog has 1 problem (and 1 warning); fix it and try again:", "\(lines)")
        #expect(lines.dropFirst().map { $0.contains("early error") } == [true, false], "\(lines)")
    }
}
