import Foundation
import StoreJSON

/// Opens catalogs: the bundled ones by name, any file by path, recognising the format by content.
public enum CatalogLoader {
    /// The catalogs built into the binary, by name.
    public static let bundledNames = ["Rage", "SpaceShooter", "Magazine"]
    public static let defaultBundledName = "Rage"

    /// The result of reading a catalog: the catalog when usable, and every problem and warning.
    public struct Report: Sendable {
        public var catalog: Catalog?
        public var problems: [CatalogProblem]
        public var format: CatalogFileFormat?
        /// What could be read of the catalog, errors or not, for checks beyond the reader's
        /// (lint's checks of its text); never to be used as a catalog, which is `catalog`.
        public var partial: Catalog?
        /// The file's JSON as parsed, for lint's checks to say where in the file they found something.
        public var root: JSONNode?
    }

    /// Loads the catalog at `path`, or throws a `CatalogError` listing every problem.
    public static func load(path: String) throws -> Catalog {
        try load(nameOrPath: path, bundledNamesAllowed: false)
    }

    /// Loads the catalog file at `nameOrPath`, or, when there is no such file, the built-in
    /// catalog of that name (any case, with or without `.json`); throws a `CatalogError`
    /// listing every problem.
    public static func load(nameOrPath: String, bundledNamesAllowed: Bool = true) throws -> Catalog {
        let report = bundledNamesAllowed ? lint(nameOrPath: nameOrPath) : lint(path: nameOrPath)
        guard let catalog = report.catalog else {
            throw CatalogError(file: nameOrPath, problems: report.problems)
        }
        return catalog
    }

    /// Loads a catalog that is built into the binary.
    public static func loadBundled(_ name: String = defaultBundledName) throws -> Catalog {
        guard let bytes = bundledBytes(name) else {
            throw CatalogError(file: name, problems: [noCatalog(file: name, "no built-in catalog named \(name); built in are \(bundledNamesAdvised)")])
        }
        let report = lint(bytes: bytes, file: "\(name).json (built in)")
        guard let catalog = report.catalog else { throw CatalogError(file: name, problems: report.problems) }
        return catalog
    }

    /// The built-in catalog that `name` spells, ignoring case and a `.json` ending.
    public static func bundledName(matching name: String) -> String? {
        let bare = name.lowercased().hasSuffix(".json") ? String(name.dropLast(5)) : name
        return bundledNames.first { $0.lowercased() == bare.lowercased() }
    }

    /// What names a built-in catalog whatever files the working folder holds:
    /// `builtin:Magazine`, which advice uses, where a bare name would read a file of that name.
    public static let builtInPrefix = "builtin:"

    /// Like `lint(path:)`, but a name that is not a file and spells a built-in catalog reads that
    /// catalog, so `--catalog SpaceShooter` works anywhere; a file of that name wins, except
    /// over a name with `builtInPrefix`, which never reads a file.
    public static func lint(nameOrPath: String) -> Report {
        if nameOrPath.hasPrefix(builtInPrefix) {
            let asked = String(nameOrPath.dropFirst(builtInPrefix.count))
            guard let name = bundledName(matching: asked), let bytes = bundledBytes(name) else {
                let wrong = asked.isEmpty ? "\(builtInPrefix) names no catalog" : "no built-in catalog named \(asked)"
                return Report(catalog: nil, problems: [noCatalog(file: nameOrPath, "\(wrong); built in are \(bundledNamesAdvised)")], format: nil)
            }
            return lint(bytes: bytes, file: "\(name).json (built in)")
        }
        guard !FileManager.default.fileExists(atPath: nameOrPath), let name = bundledName(matching: nameOrPath),
              let bytes = bundledBytes(name) else {
            var report = lint(path: nameOrPath)
            if !FileManager.default.fileExists(atPath: nameOrPath) {
                for index in report.problems.indices {
                    report.problems[index].message += "; or name a built-in catalog: \(bundledNamesAdvised)"
                }
            } else if report.catalog == nil, let name = bundledName(matching: nameOrPath) {
                // A file or folder of a built-in catalog's name is read instead of it: say how to reach the built-in one.
                for index in report.problems.indices {
                    report.problems[index].message += "; the built-in catalog of that name is \(builtInPrefix)\(name)"
                }
            }
            return report
        }
        return lint(bytes: bytes, file: "\(name).json (built in)")
    }

    /// The built-in catalogs as a name reaches them whatever files the working folder holds.
    static var bundledNamesAdvised: String {
        bundledNames.map { builtInPrefix + $0 }.joined(separator: ", ")
    }

    /// The problem of having found no catalog to read, which `CatalogError` says in one line.
    static func noCatalog(file: String, _ message: String) -> CatalogProblem {
        var problem = CatalogProblem(file: file, field: "", message: message)
        problem.foundNoCatalog = true
        return problem
    }

    static func bundledBytes(_ name: String) -> [UInt8]? {
        switch name {
        case "Rage": PackageResources.Rage_json
        case "SpaceShooter": PackageResources.SpaceShooter_json
        case "Magazine": PackageResources.Magazine_json
        default: nil
        }
    }

    /// Reads the file at `path` and reports every problem, whether or not the catalog is usable.
    public static func lint(path: String) -> Report {
        if let special = UnreadableCatalogFile.notOrdinary(path) {
            return Report(catalog: nil, problems: [noCatalog(file: path, "the catalog file \(special)")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = UnreadableCatalogFile.reason(path, missing: "does not exist (check the path)")
            return Report(catalog: nil, problems: [noCatalog(file: path, "the catalog file \(reason)")])
        }
        return lint(bytes: [UInt8](data), file: path)
    }

    /// Reads catalog text and reports every problem.
    public static func lint(bytes: [UInt8], file: String) -> Report {
        let collector = ProblemCollector(file: file)
        if let refusal = CatalogFileFormat.refuseNonJSON(bytes) {
            collector.error(refusal, at: nil, field: "")
            return Report(catalog: nil, problems: collector.problems)
        }
        let root: JSONNode
        let hasDuplicateKeys: Bool
        do {
            (root, hasDuplicateKeys, _) = try JSONParser.parseNotingAmbiguities(bytes)
        } catch {
            collector.problems(appending: CatalogProblem(file: file, line: error.line, column: error.column, field: "",
                                                         message: "malformed JSON: \(error.reason)"))
            return Report(catalog: nil, problems: collector.problems)
        }
        if hasDuplicateKeys { reportDuplicateKeys(in: root, to: collector) }
        let format = CatalogFileFormat.detect(root)
        let catalog: Catalog?
        switch format {
        case .storefront:
            catalog = CatalogFormatReader(root: root, collector: collector).read()
        case .storeKit:
            catalog = StoreKitCatalogReader(root: root, collector: collector).read()
        case nil:
            collector.error("this is neither a Storefront catalog (\"format\": \"storefront-catalog\") nor an Xcode StoreKit configuration (.storekit)",
                            at: root, field: "")
            catalog = nil
        }
        return Report(catalog: collector.hasErrors ? nil : catalog, problems: collector.problems, format: format, partial: catalog,
                      root: root)
    }

    /// Reports every member name written twice in one object as an error: which value counts is
    /// up to the reader (this one would take the first), so the file is ambiguous.
    static func reportDuplicateKeys(in root: JSONNode, to collector: ProblemCollector) {
        for duplicate in root.duplicateKeys() {
            collector.error("\"\(duplicate.key)\" is written twice in the same object (first at line \(duplicate.first.line), column \(duplicate.first.column)); keep one of them",
                            at: duplicate.repeated, field: duplicate.field,
                            product: productID(enclosing: duplicate.objectSteps, in: root))
        }
    }

    /// The id of the innermost product whose object holds the place `steps` lead to, in either
    /// format: an element of `products` or `nonRenewingSubscriptions`, or of a subscription
    /// group's `subscriptions`, by its `id` (Storefront's format) or `productID` (`.storekit`);
    /// nil outside every product.
    static func productID(enclosing steps: [JSONPathStep], in root: JSONNode) -> String? {
        let productLists: Set<String> = ["products", "nonRenewingSubscriptions", "subscriptions"]
        var node = root
        var found: String?
        var listName: String?
        for step in steps {
            switch step {
            case let .member(key):
                guard let next = node[key] else { return found }
                node = next
                listName = key
            case let .element(index):
                guard let elements = node.arrayElements, elements.indices.contains(index) else { return found }
                node = elements[index]
                if let listName, productLists.contains(listName),
                   let id = (node["id"] ?? node["productID"])?.stringValue {
                    found = id
                }
                listName = nil
            }
        }
        return found
    }
}

extension ProblemCollector {
    func problems(appending problem: CatalogProblem) {
        if problem.severity == .error {
            error(problem.message, at: JSONNode(.null, line: problem.line, column: problem.column), field: problem.field)
        } else {
            warning(problem.message, at: JSONNode(.null, line: problem.line, column: problem.column), field: problem.field)
        }
    }
}

/// The catalog file formats Storefront reads.
public enum CatalogFileFormat: String, Sendable {
    case storefront
    case storeKit

    /// Recognises the format from the parsed content, not from the file name.
    static func detect(_ root: JSONNode) -> CatalogFileFormat? {
        if root["format"] != nil { return .storefront }
        if root["products"] != nil || root["subscriptionGroups"] != nil || root["nonRenewingSubscriptions"] != nil,
           root["version"]?["major"] != nil || root["settings"] != nil || root["identifier"] != nil {
            return .storeKit
        }
        return nil
    }

    /// A clear refusal for files that are not JSON at all (a property list, a binary file).
    static func refuseNonJSON(_ bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if bytes.starts(with: Array("bplist".utf8)) {
            return "this is a binary property list, not JSON; a catalog or .storekit file is JSON (open the file in Xcode and save it as a StoreKit configuration)"
        }
        if head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("<!DOCTYPE plist") {
            return "this is an XML property list, not JSON; a catalog or .storekit file is JSON"
        }
        if bytes.isEmpty { return "the file is empty" }
        return nil
    }
}
