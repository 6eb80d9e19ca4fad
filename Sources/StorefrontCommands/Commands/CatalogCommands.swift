import Foundation
import StoreCatalog
import StoreEngine
import StorefrontText

/// `storefront catalog lint PATH` and `catalog convert PATH` (PATH may also come from `--catalog` or name a built-in catalog).
enum CatalogCommands {
    static func lint(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let path = try catalogPath(arguments)
        let report = lintReport(path)
        let errors = report.problems.filter { $0.severity == .error }
        if arguments.json {
            try console.json(report.problems.map(JSONShapes.Problem.init))
        } else {
            for problem in report.problems { console.out(problem.description) }
            // A `.storekit` file whose settings set nothing gets no heading over nothing.
            if let settings = report.catalog?.initialSettings,
               case let lines = settings.descriptionLines(applied: settings.appliedKeys, unsimulated: settings.unsimulatedAPIs), !lines.isEmpty {
                console.out(CommandLineText.Catalogs.storeKitSettingsHeading)
                for line in lines { console.out("  " + line) }
            }
            if let catalog = report.catalog {
                console.out(CommandLineText.Catalogs.usable(path, products: catalog.products.count, storefronts: catalog.storefronts.count,
                                                            languages: catalog.languages.count, warnings: report.problems.count))
            } else {
                console.err(CommandLineText.Catalogs.unusable(path, errors: errors.count))
            }
        }
        return errors.isEmpty ? .success : .dataProblem
    }

    static func convert(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let report = lintReport(try catalogPath(arguments))
        for problem in report.problems { console.err(problem.description) }
        guard let catalog = report.catalog else { return .dataProblem }
        console.writeJSON(CatalogWriter.write(catalog))
        // What the store would carry out from a .storekit file's settings has no place in the
        // catalog written: said, so that a converted catalog is not taken for the same store.
        if let settings = catalog.initialSettings {
            // _locale and _storefront are carried out by the import itself, into the catalog written.
            let dropped = settings.presentKeys.filter { settings.appliedKeys.contains($0) && !$0.isAppliedByImport }.map(\.rawValue)
            if !dropped.isEmpty { console.err(CommandLineText.Catalogs.settingsLeftOut(dropped)) }
        }
        return .success
    }

    /// The catalog named by the argument or by `--catalog` (as for every other command), not both.
    private static func catalogPath(_ arguments: CommandLineArguments) throws(UsageError) -> String {
        switch (arguments.commandArguments.first, arguments.catalogPath) {
        case let (given?, nil), let (nil, given?): return given
        case let (given?, named?) where given == named: return given
        case let (given?, named?):
            // Named without a command to paste: advice adds the --catalog given to every command it shows.
            throw UsageError(CommandLineText.Usage.twoCatalogs(command: arguments.command?.name ?? "catalog lint", given: given, named: named))
        default: throw UsageError(CommandLineText.Usage.catalogShape)
        }
    }

    /// Everything `catalog lint` says of the catalog at `path`: the reader's problems and the
    /// warnings about its text.
    static func lintReport(_ path: String) -> CatalogLoader.Report {
        var report = CatalogLoader.lint(nameOrPath: path)
        // The text of a catalog with errors is checked too, so that one run lists every problem.
        if let catalog = report.partial {
            // Placed in the file where it is one of ours; a .storekit file's fields are named otherwise.
            let importedFile = report.root?["import"]?.stringValue.map { StoreKitOverlayReader.resolve($0, relativeTo: path) }
            report.problems += CatalogTextWarnings.warnings(for: catalog, file: path, root: report.format == .storefront ? report.root : nil,
                                                            importedFile: importedFile)
        }
        report.problems = CatalogProblem.inFileOrder(report.problems)
        return report
    }
}
