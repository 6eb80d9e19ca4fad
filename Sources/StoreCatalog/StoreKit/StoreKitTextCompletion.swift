/// Chooses the catalog's default language and gives every product a title in it.
///
/// A Storefront catalog needs a title in its default language for every product; StoreKit files
/// often lack one (empty display names in test files, one product localized for en_GB in an
/// en_US file), so the missing titles are filled from the nearest text and reported.
struct StoreKitTextCompletion {
    let collect: ProblemCollector

    /// The localization key that best matches the file's `_locale`: the locale itself, one in
    /// the same language and script (the same region, then the bare language, then the most used
    /// of the other regions), or else the key the file uses most.
    func defaultLanguage(locale: String, products: [ImportedProduct], groups: [ImportedGroup]) -> String {
        let orders = products.map(\.localeOrder) + groups.map(\.localeOrder)
        var uses: [String: Int] = [:]
        var firstSeen: [String] = []
        for key in orders.joined() {
            if uses[key] == nil { firstSeen.append(key) }
            uses[key, default: 0] += 1
        }
        if uses[locale] != nil { return locale }
        let sameScript = LanguageFallback.ranked(firstSeen, for: locale)
        if let closest = sameScript.min(by: { $0.rank < $1.rank }), closest.rank < 2 { return closest.key }
        return mostUsed(sameScript.map(\.key), uses: uses) ?? mostUsed(firstSeen, uses: uses) ?? locale
    }

    /// The key used most often; the one seen first wins a tie, so the choice is stable.
    private func mostUsed(_ keysInFirstSeenOrder: [String], uses: [String: Int]) -> String? {
        var best: (key: String, count: Int)?
        for key in keysInFirstSeenOrder {
            let count = uses[key, default: 0]
            if count > best?.count ?? 0 { best = (key, count) }
        }
        return best?.key
    }

    /// Gives `imported` a title in `language`, from its nearest localization or its names.
    func complete(_ imported: inout ImportedProduct, language: String) {
        let product = imported.product
        if product.localizations[language] != nil { return }
        let field = "\(imported.path).localizations"
        let wanted = LocaleIdentifier.language(of: language)
        let source = LanguageFallback.bestKey(in: imported.localeOrder, for: language)
            ?? imported.localeOrder.first { LocaleIdentifier.language(of: $0) == wanted } ?? imported.localeOrder.first
        if let source, let text = product.localizations[source] {
            imported.product.localizations[language] = text
            collect.warning("has no text for \"\(language)\", the file's locale; its \"\(source)\" text is shown there",
                            at: imported.node["localizations"] ?? imported.node, field: field, product: product.id)
            return
        }
        let title = product.referenceName
        let origin = imported.hasReferenceName ? "its reference name" : "its product ID"
        imported.product.localizations[language] = LocalizedText(title: title, description: "")
        collect.warning("has no display name; \(origin) \"\(title)\" is shown as its title",
                        at: imported.node["localizations"] ?? imported.node, field: field, product: product.id)
    }

    /// Names a group in `language` after its reference name when no localization does.
    func complete(_ imported: inout ImportedGroup, language: String) {
        guard imported.group.names[language] == nil else { return }
        let wanted = LocaleIdentifier.language(of: language)
        if let source = imported.localeOrder.first(where: { LocaleIdentifier.language(of: $0) == wanted }),
           let name = imported.group.names[source] {
            imported.group.names[language] = name
        } else if !imported.referenceName.isEmpty {
            imported.group.names[language] = imported.referenceName
        } else if let first = imported.localeOrder.first, let name = imported.group.names[first] {
            imported.group.names[language] = name
        }
    }
}
