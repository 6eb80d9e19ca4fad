/// The report as a text table, one section per benchmark, each target beside its figure.
enum ReportTable {
    static func render(_ report: BenchReport) -> String {
        let header = ["", "runs", "median", "p99", "target", "result"]
        var rows: [[String]] = []
        var sectionRows: Set<Int> = []
        var notes: [String] = []
        var lastSection: String?
        for figure in report.figures {
            if figure.section != lastSection {
                sectionRows.insert(rows.count)
                rows.append([figure.section, "", "", "", "", ""])
                lastSection = figure.section
            }
            var label = "  " + figure.label
            if let note = figure.note {
                notes.append(note)
                label += " [\(notes.count)]"
            }
            rows.append([
                label,
                figure.runs > 0 ? String(figure.runs) : "",
                figure.median.map { value(number($0, unit: figure.unit), unit: figure.unit) } ?? "not measured",
                figure.p99.map { value(number($0, unit: figure.unit), unit: figure.unit) } ?? "",
                figure.target?.text ?? "",
                result(of: figure),
            ])
        }
        let widths = (0..<header.count).map { column in
            ([header] + rows.enumerated().filter { !sectionRows.contains($0.offset) }.map(\.element))
                .map { $0[column].count }.max() ?? 0
        }
        var lines = [line(header, widths: widths)]
        for (index, row) in rows.enumerated() {
            lines.append(sectionRows.contains(index) ? row[0] : line(row, widths: widths))
        }
        let machine = report.machine
        var text = "Storefront benchmark (\(report.mode) run) on \(machine.summary)\n\n"
        text += lines.joined(separator: "\n") + "\n"
        if !notes.isEmpty {
            text += "\n" + notes.enumerated().map { "[\($0.offset + 1)] \($0.element)" }.joined(separator: "\n") + "\n"
        }
        text += "\nTargets: \(report.passedCount) met, \(report.failedCount) missed, \(report.missingCount) not measured."
        text += " Whole run: \(NumberText.format(report.totalSeconds)) s.\n"
        return text
    }

    /// Ratios keep three decimals, so one just over its limit does not read as equal to it.
    private static func number(_ value: Double, unit: String) -> String {
        unit == "×" ? String(format: "%.3f", value) : NumberText.format(value)
    }

    private static func value(_ number: String, unit: String) -> String {
        unit.isEmpty ? number : "\(number) \(unit)"
    }

    private static func result(of figure: Figure) -> String {
        switch figure.passed {
        case true?: "pass"
        case false?: "FAIL"
        case nil: figure.median == nil && figure.target != nil ? "missing" : ""
        }
    }

    /// The first column left-aligned, the others right-aligned, two spaces apart.
    private static func line(_ cells: [String], widths: [Int]) -> String {
        var parts: [String] = []
        for (column, cell) in cells.enumerated() {
            let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
            parts.append(column == 0 ? cell + padding : padding + cell)
        }
        var text = parts.joined(separator: "  ")
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
