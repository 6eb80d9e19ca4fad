import StoreEngine
import StoreCatalog

/// `catalog lint` warnings for catalog text that a terminal would act on.
///
/// Titles, descriptions, the app's name, credit and group names are shown in terminals. The
/// CLI and the storefront remove escape sequences, control characters and bidi overrides
/// before showing them, so such text never reaches the screen as written: the catalog's
/// author should know, since what they wrote is not what buyers see.
enum CatalogTextWarnings {
    static func warnings(for catalog: Catalog, file: String) -> [CatalogProblem] {
        var found: [CatalogProblem] = []
        func check(_ text: String, field: String, productID: String? = nil) {
            guard let first = text.unicodeScalars.first(where: isActedOnByTerminals) else { return }
            found.append(CatalogProblem(
                severity: .warning, file: file, productID: productID, field: field,
                message: "the text contains control characters, escape sequences or bidi overrides (first: U+\(first.hexDigits)); "
                    + "they are removed when shown, so remove them from the catalog"))
        }
        check(catalog.appName, field: "app.name")
        for credit in catalog.credits {
            for (language, name) in credit.names.sorted(by: { $0.key < $1.key }) {
                check(name, field: "credits.\(credit.id).names.\(language)")
            }
        }
        for group in catalog.subscriptionGroups {
            for (language, name) in group.names.sorted(by: { $0.key < $1.key }) {
                check(name, field: "subscriptionGroups.\(group.id).names.\(language)")
            }
        }
        for product in catalog.products {
            for (language, text) in product.localizations.sorted(by: { $0.key < $1.key }) {
                check(text.title, field: "localizations.\(language).title", productID: product.id)
                check(text.description, field: "localizations.\(language).description", productID: product.id)
            }
        }
        return found
    }

    /// C0 controls other than tab and line breaks (which are shown as spaces), DEL, C1
    /// controls, and the bidi embeddings, overrides and isolates that reorder a line.
    private static func isActedOnByTerminals(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
