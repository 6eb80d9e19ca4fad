/// One thing wrong (or suspicious) in a catalog file, located as precisely as the file allows.
public struct CatalogProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public var severity: Severity
    public var file: String
    /// 1-based line and column of the offending value, or 0 when the problem has no single place.
    public var line: Int
    public var column: Int
    /// The product the problem belongs to, if any.
    public var productID: String?
    /// The key path of the field, e.g. `products[3].prices.DEU`.
    public var field: String
    public var message: String
    /// Whether the problem is that no catalog was found to read (no such file or built-in
    /// catalog, a folder, a file that may not be read): there is nothing in a file to fix.
    public var foundNoCatalog = false

    public init(severity: Severity = .error, file: String, line: Int = 0, column: Int = 0,
                productID: String? = nil, field: String, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.productID = productID
        self.field = field
        self.message = message
    }

    /// `problems` in the order an editor meets them: by file (in the order the files first
    /// appear), then by line and column; those without a place come after their file's others,
    /// in the order they were found.
    public static func inFileOrder(_ problems: [CatalogProblem]) -> [CatalogProblem] {
        var fileRank: [String: Int] = [:]
        for problem in problems where fileRank[problem.file] == nil { fileRank[problem.file] = fileRank.count }
        return problems.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            let keyA = (fileRank[a.file] ?? 0, a.line == 0 ? Int.max : a.line, a.column, first.offset)
            let keyB = (fileRank[b.file] ?? 0, b.line == 0 ? Int.max : b.line, b.column, second.offset)
            return keyA < keyB
        }.map(\.element)
    }

    /// `file:line:column: error: product X, field Y: message` — the shape compilers use, so
    /// editors can jump to it.
    /// One line: the file's name and the ids it echoes may hold a line break.
    public var description: String {
        var text = EchoedText.oneLine(file)
        if line > 0 { text += ":\(line):\(column)" }
        text += ": \(severity.rawValue): "
        if let productID { text += "product \(productID), " }
        if !field.isEmpty { text += "field \(field): " }
        return EchoedText.oneLine(text + message)
    }
}

/// A catalog that cannot be used, with every problem found in it.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var problems: [CatalogProblem]

    public init(file: String, problems: [CatalogProblem]) {
        self.file = file
        self.problems = problems
    }

    public var errors: [CatalogProblem] { problems.filter { $0.severity == .error } }

    public var description: String {
        if problems.count == 1, let only = problems.first, only.foundNoCatalog {
            // Nothing was read, so there are no problems in it to fix: one line says what was not found.
            return EchoedText.oneLine("\(file): \(only.message)")
        }
        let count = errors.count
        let warnings = problems.count - count
        let heading = "\(EchoedText.oneLine(file)): the catalog has \(count) problem\(count == 1 ? "" : "s")"
            + (warnings > 0 ? " (and \(warnings) warning\(warnings == 1 ? "" : "s"))" : "")
            + "; fix \(count == 1 ? "it" : "them") and try again:"
        // In the order an editor meets them, as `catalog lint` lists them.
        return ([heading] + CatalogProblem.inFileOrder(problems).map { "  " + $0.description }).joined(separator: "\n")
    }
}
