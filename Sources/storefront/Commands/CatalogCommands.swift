import Foundation
import StoreEngine
import StoreCatalog

/// `storefront catalog lint PATH` and `catalog convert PATH` (PATH may also come from `--catalog` or name a built-in catalog).
enum CatalogCommands {
    static func run(arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "catalog")
        var words = Array(arguments.words.dropFirst())
        // `--catalog FILE` names the catalog as it does for every other command.
        if words.count == 1, let named = arguments.catalogPath { words.append(named) }
        guard words.count == 2, words[0] == "lint" || words[0] == "convert",
              arguments.catalogPath == nil || arguments.catalogPath == words[1] else {
            throw UsageError("use `storefront catalog lint PATH` or `storefront catalog convert PATH` (or give the catalog with --catalog, not both)")
        }
        var report = CatalogLoader.lint(nameOrPath: words[1])
        if let catalog = report.catalog { report.problems += CatalogTextWarnings.warnings(for: catalog, file: words[1]) }
        if words[0] == "convert" {
            guard let catalog = report.catalog else {
                for problem in report.problems { console.err(problem.description) }
                return .dataProblem
            }
            for problem in report.problems { console.err(problem.description) }
            console.writeJSON(CatalogWriter.write(catalog))
            return .success
        }
        let errors = report.problems.filter { $0.severity == .error }
        if arguments.json {
            try console.json(report.problems.map {
                JSONShapes.Problem(severity: $0.severity.rawValue, file: $0.file, line: $0.line > 0 ? $0.line : nil,
                                   column: $0.line > 0 ? $0.column : nil, productId: $0.productID,
                                   field: $0.field.isEmpty ? nil : $0.field, message: $0.message)
            })
        } else {
            for problem in report.problems { console.out(problem.description) }
            if let settings = report.catalog?.initialSettings {
                console.out("StoreKit settings:")
                for line in settings.descriptionLines(applied: settings.appliedKeys) { console.out("  " + line) }
            }
            if let catalog = report.catalog {
                let warnings = report.problems.count
                let counts = [EnglishCount.of(catalog.products.count, "product"), EnglishCount.of(catalog.storefronts.count, "storefront"),
                              EnglishCount.of(catalog.languages.count, "language")].joined(separator: ", ")
                console.out("\(words[1]): \(counts); usable\(warnings > 0 ? " with \(EnglishCount.of(warnings, "warning"))" : "").")
            } else {
                console.err("\(words[1]): \(EnglishCount.of(errors.count, "problem")); the catalog cannot be used until \(errors.count == 1 ? "it is" : "they are") fixed.")
            }
        }
        return errors.isEmpty ? .success : .dataProblem
    }
}
