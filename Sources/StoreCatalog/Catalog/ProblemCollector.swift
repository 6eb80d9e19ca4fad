import Foundation
import StoreJSON

/// Walks parsed JSON and collects every problem instead of stopping at the first.
///
/// Shared by the readers of both catalog formats: each accessor checks a member's type and
/// records a located problem when it is wrong, so a user sees all mistakes in one run.
public final class ProblemCollector {
    public let file: String
    public private(set) var problems: [CatalogProblem] = []
    /// How many of `problems` are errors, kept so that readers can ask after every product.
    public private(set) var errorCount = 0

    public init(file: String) { self.file = file }

    public var hasErrors: Bool { errorCount > 0 }

    /// `product`: the product's id, if it has one; "" (a product read on without its id, so
    /// that its other problems are listed too) names none.
    public func error(_ message: String, at node: JSONNode?, field: String, product: String? = nil) {
        record(CatalogProblem(file: file, line: node?.line ?? 0, column: node?.column ?? 0,
                              productID: product == "" ? nil : product, field: field, message: message))
    }

    public func warning(_ message: String, at node: JSONNode?, field: String, product: String? = nil) {
        record(CatalogProblem(severity: .warning, file: file, line: node?.line ?? 0,
                              column: node?.column ?? 0, productID: product == "" ? nil : product, field: field,
                              message: message))
    }

    /// Warns about a language tag of texts that is no locale (`xx_YY`, `english`): a buyer's
    /// locale, checked by the same rule, never matches it, so its texts would show only as the
    /// default language's.
    /// `isDefault`: the tag is the catalog's default language, whose texts every buyer whose
    /// locale has none of its own sees.
    public func warnUnknownLocale(_ tag: String, at node: JSONNode?, field: @autoclosure () -> String, product: String? = nil,
                                  isDefault: Bool = false) {
        guard tag.isEmpty || !LocaleIdentifier.isKnown(tag) else { return }
        warning("\"\(EchoedText.cut(EchoedText.oneLine(tag)))\" is not a locale Storefront knows (a language such as en, with an "
                + "optional script and region: de_DE, zh_Hans, es_419); no buyer's locale matches it, so "
                + (isDefault ? "its texts show only to buyers whose locale has none of its own, never as their own language"
                             : "its texts show only where it is the default language")
                + "; correct the tag", at: node, field: field(), product: product)
    }

    /// Adds a problem found in another file (an imported one), keeping that file's name and place.
    public func record(_ problem: CatalogProblem) {
        problems.append(problem)
        if problem.severity == .error { errorCount += 1 }
    }

    // The methods that read a member take its path as an autoclosure: it is only spelled out for a
    // problem, and building it for every value read took a tenth of reading a large catalog.

    /// Warns about members that the format does not know, so typos do not pass silently.
    ///
    /// `known` may be a set, or an array when there are only a few keys: comparing a key with
    /// each of a few costs less than hashing it.
    public func warnUnknownKeys(in node: JSONNode, known: some Collection<String>, path: @autoclosure () -> String,
                                product: String? = nil) {
        guard let members = node.objectMembers else { return }
        // Looking at each key in place does not copy the members' values.
        for index in members.indices where !known.contains(members[index].key) {
            let (key, child) = members[index]
            warning("unknown key \"\(key)\" is ignored (check its spelling)", at: child,
                    field: join(path(), key), product: product)
        }
    }

    public func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A required member of object `node`; records "missing" when absent.
    public func required(_ node: JSONNode, _ key: String, path: @autoclosure () -> String, product: String? = nil) -> JSONNode? {
        guard let child = node[key] else {
            error("is missing", at: node, field: join(path(), key), product: product)
            return nil
        }
        return child
    }

    public func string(_ node: JSONNode?, field: @autoclosure () -> String, product: String? = nil) -> String? {
        guard let node else { return nil }
        guard let text = node.stringValue else {
            error("expected a string, found \(node.typeName)", at: node, field: field(), product: product)
            return nil
        }
        return text
    }

    public func bool(_ node: JSONNode?, field: @autoclosure () -> String, product: String? = nil) -> Bool? {
        guard let node else { return nil }
        guard let flag = node.boolValue else {
            error("expected true or false, found \(node.typeName)", at: node, field: field(), product: product)
            return nil
        }
        return flag
    }

    public func integer(_ node: JSONNode?, field: @autoclosure () -> String, product: String? = nil) -> Int? {
        guard let node else { return nil }
        guard let literal = node.numberLiteral, let value = Int(literal) else {
            if let literal = node.numberLiteral, JSONNumberRange.isBeyondDouble(literal) {
                error("\(literal) is out of range: it is too large for a JSON number (other readers refuse it or read infinity); write a whole number",
                      at: node, field: field(), product: product)
            } else {
                error("expected a whole number, found \(node.numberLiteral.map { "\($0)" } ?? node.typeName)",
                      at: node, field: field(), product: product)
            }
            return nil
        }
        return value
    }

    /// A whole number within `range`; records one error naming the range for anything else.
    public func integer(_ node: JSONNode?, within range: ClosedRange<Int>, field: @autoclosure () -> String,
                        product: String? = nil) -> Int? {
        guard let node else { return nil }
        guard let literal = node.numberLiteral,
              literal.allSatisfy({ $0.isASCIIDigit || $0 == "-" }) || JSONNumberRange.isBeyondDouble(literal) else {
            return integer(node, field: field(), product: product)
        }
        guard let value = Int(literal), range.contains(value) else {
            error("\(literal) is out of range; use a whole number from \(range.lowerBound) to \(range.upperBound)",
                  at: node, field: field(), product: product)
            return nil
        }
        return value
    }

    public func object(_ node: JSONNode?, field: @autoclosure () -> String, product: String? = nil) -> [(key: String, node: JSONNode)]? {
        guard let node else { return nil }
        guard let members = node.objectMembers else {
            error("expected an object, found \(node.typeName)", at: node, field: field(), product: product)
            return nil
        }
        return members
    }

    public func array(_ node: JSONNode?, field: @autoclosure () -> String, product: String? = nil) -> [JSONNode]? {
        guard let node else { return nil }
        guard let elements = node.arrayElements else {
            error("expected an array, found \(node.typeName)", at: node, field: field(), product: product)
            return nil
        }
        return elements
    }

    /// An exact, non-negative decimal price in `currency`, written as a string ("0.99") with no
    /// more decimal places than the currency has; see `PriceLiteral` for what is refused and why.
    public func price(_ node: JSONNode?, currency: String, field: @autoclosure () -> String, product: String? = nil) -> Decimal? {
        guard let node else { return nil }
        let parsed: Result<Decimal, PriceLiteral.Refusal>
        if let text = node.stringValue {
            // Taken as written: a space (or a zero-width one) around a price is a mistake to point
            // out, as anything else but digits and a point is.
            parsed = PriceLiteral.parse(text, currency: currency)
        } else if let number = node.numberLiteral {
            parsed = .failure(PriceLiteral.refusalOfJSONNumber(number, currency: currency))
        } else {
            error("expected a price as a decimal string such as \"0.99\", found \(node.typeName)",
                  at: node, field: field(), product: product)
            return nil
        }
        switch parsed {
        case let .success(value): return value
        case let .failure(refusal):
            error(refusal.message, at: node, field: field(), product: product)
            return nil
        }
    }
}
