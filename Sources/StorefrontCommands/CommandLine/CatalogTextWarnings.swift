import StoreEngine
import StorefrontText
import StoreCatalog
import StoreJSON
import TextControls

/// `catalog lint` warnings for catalog text that a terminal would act on.
///
/// Titles, descriptions, the app's name, credit and group names are shown in terminals. The
/// CLI and the storefront remove escape sequences, control characters and bidi overrides
/// before showing them, so such text never reaches the screen as written: the catalog's
/// author should know, since what they wrote is not what buyers see.
enum CatalogTextWarnings {
    /// `root`, the file's JSON in Storefront's format, places each warning at its value, with
    /// the field named as the reader's errors name it (`products[2].localizations.en.title`);
    /// without it (a .storekit file) the field is named by ids and the warning has no place.
    /// `importedFile`: for an overlay, the `.storekit` file it imports, which a text not written
    /// in the overlay itself (a product's, a group's, an app name it leaves out) is named in.
    static func warnings(for catalog: Catalog, file: String, root: JSONNode? = nil, importedFile: String? = nil) -> [CatalogProblem] {
        var found: [CatalogProblem] = []
        // `linesAllowed`: a description is written in lines; a title or a name is one line, whose
        // line breaks are shown as spaces as a tab is.
        // Each kind of problem a text has is said, so mending one does not bring up the next.
        func check(_ text: String, field: String, at place: (node: JSONNode, field: String)?, productID: String? = nil,
                   linesAllowed: Bool = false) {
            var messages: [String] = []
            let hasTab = text.unicodeScalars.contains("\t")
            let hasLineBreak = !linesAllowed && text.unicodeScalars.contains { ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }
            var actedOn: [Unicode.Scalar] = []
            for scalar in text.unicodeScalars where isActedOnByTerminals(scalar) && !actedOn.contains(scalar) { actedOn.append(scalar) }
            if !actedOn.isEmpty {
                messages.append(CommandLineText.Catalogs.textActedOnByTerminals(scalarsHex: actedOn.map(\.hexDigits), alsoTab: hasTab))
            } else if hasTab {
                // Shown as a space, so a tab typed in a title (often pasted from a table) goes unseen
                // until columns of names do not line up.
                messages.append(CommandLineText.Catalogs.textWithTab)
            }
            if hasLineBreak { messages.append(CommandLineText.Catalogs.oneLineTextWithLineBreak) }
            if case let invisible = Self.invisibles(in: text), !invisible.isEmpty {
                messages.append(CommandLineText.Catalogs.textWithInvisibles(scalarsHex: invisible.map(\.hexDigits)))
            }
            for message in messages {
                found.append(CatalogProblem(
                    severity: .warning, file: place == nil ? importedFile ?? file : file, line: place?.node.line ?? 0, column: place?.node.column ?? 0,
                    productID: productID, field: place?.field ?? field, message: message))
            }
        }
        check(catalog.appName, field: "app.name", at: root?["app"]?["name"].map { ($0, "app.name") })
        var creditEntries = ElementsByID(of: root, in: "credits")
        for credit in catalog.credits {
            let entry = creditEntries.next(withID: credit.id)
            for (language, name) in credit.names.sorted(by: { $0.key < $1.key }) {
                check(name, field: "credits.\(credit.id).names.\(language)",
                      at: entry.flatMap { entry in entry.node["names"]?[language].map { ($0, "\(entry.field).names.\(language)") } })
            }
        }
        var groupEntries = ElementsByID(of: root, in: "subscriptionGroups")
        for group in catalog.subscriptionGroups {
            let entry = groupEntries.next(withID: group.id)
            for (language, name) in group.names.sorted(by: { $0.key < $1.key }) {
                check(name, field: "subscriptionGroups.\(group.id).names.\(language)",
                      at: entry.flatMap { entry in entry.node["names"]?[language].map { ($0, "\(entry.field).names.\(language)") } })
            }
        }
        var productEntries = ElementsByID(of: root, in: "products")
        for product in catalog.products {
            let entry = productEntries.next(withID: product.id)
            for (language, text) in product.localizations.sorted(by: { $0.key < $1.key }) {
                for (key, value) in [("title", text.title), ("description", text.description)] {
                    let place = entry.flatMap { entry in
                        entry.node["localizations"]?[language]?[key].map { ($0, "\(entry.field).localizations.\(language).\(key)") }
                    }
                    check(value, field: "localizations.\(language).\(key)", at: place, productID: product.id, linesAllowed: key == "description")
                }
            }
        }
        return found
    }

    /// The elements of `root`'s array `array` by id, with their field names (`products[2]`),
    /// handed out in the order written: the catalog keeps its elements in that order, so the
    /// second element with a repeated id (itself an error) is warned of where it is, not at the
    /// first. Found in one pass, as looking each id up in the array made linting a long catalog
    /// take quadratic time.
    private struct ElementsByID {
        private var found: [String: [(node: JSONNode, field: String)]] = [:]
        private var handedOut: [String: Int] = [:]

        init(of root: JSONNode?, in array: String) {
            guard case .array(let elements)? = root?[array]?.value else { return }
            for (index, element) in elements.enumerated() {
                guard let id = element["id"]?.stringValue else { continue }
                found[id, default: []].append((element, "\(array)[\(index)]"))
            }
        }

        /// The next element with `id` not handed out yet (the last one again once all were).
        mutating func next(withID id: String) -> (node: JSONNode, field: String)? {
            guard let entries = found[id], !entries.isEmpty else { return nil }
            let index = handedOut[id, default: 0]
            handedOut[id] = index + 1
            return entries[min(index, entries.count - 1)]
        }
    }

    /// The characters of `text` that draw nothing and join or mark nothing, once each: zero-width
    /// spaces, word joiners, a byte-order mark. Joiners (U+200C, U+200D), which emoji and several
    /// scripts need, variation selectors and the tags of flag emoji, the bidi marks (kept, see `UnicodeControls`) and what
    /// a terminal acts on (warned of already) are left out.
    private static func invisibles(in text: String) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where scalar.properties.isDefaultIgnorableCodePoint && !found.contains(scalar) {
            switch scalar.value {
            case 0x200C, 0x200D, 0x200E, 0x200F, 0x061C, 0xFE00...0xFE0F, 0xE0020...0xE007F, 0xE0100...0xE01EF: continue
            default: if !isActedOnByTerminals(scalar) { found.append(scalar) }
            }
        }
        return found
    }

    /// C0 controls other than tab and line breaks (which are shown as spaces), DEL, C1
    /// controls, and the bidi embeddings, overrides and isolates that reorder a line.
    private static func isActedOnByTerminals(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        default: UnicodeControls.isControl(scalar) || UnicodeControls.isBidiControl(scalar)
        }
    }
}
