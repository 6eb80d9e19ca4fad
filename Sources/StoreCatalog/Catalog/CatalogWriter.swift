import Foundation
import TextControls

/// Writes a catalog in Storefront's own JSON catalog format, so that `catalog convert` can turn
/// an Xcode StoreKit configuration into a file people edit.
///
/// The output is stable: keys in a fixed order, texts with the default language first and the
/// others sorted, prices as exact decimal strings in storefront order. Reading the output back
/// gives the same catalog (apart from its source and StoreKit test settings, which the format
/// has no place for).
public enum CatalogWriter {
    /// The catalog as pretty JSON text, ending in a newline.
    public static func write(_ catalog: Catalog) -> String {
        render(document(catalog), indent: "") + "\n"
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where UnicodeControls.isControl(scalar):
                result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    // MARK: - Building the document

    private indirect enum Value {
        case object([(String, Value)])
        case array([Value])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    private static func document(_ catalog: Catalog) -> Value {
        let order = languageOrder(catalog)
        let storefrontCodes = catalog.storefronts.map(\.code)
        return .object([
            ("format", .string(CatalogFormatReader.formatName)),
            ("version", .number(String(CatalogFormatReader.supportedVersion))),
            ("app", .object([("name", .string(catalog.appName)), ("bundleId", .string(catalog.bundleID))]
                + (catalog.appAppleID.map { [("appAppleId", .number(String($0)))] } ?? []))),
            ("defaultLanguage", .string(catalog.defaultLanguage)),
            ("storefronts", .array(catalog.storefronts.map {
                .object([("code", .string($0.code)), ("currency", .string($0.currency))])
            })),
            ("credits", .array(catalog.credits.map { credit in
                var members: [(String, Value)] = [("id", .string(credit.id)), ("names", names(credit.names, order: order))]
                if let maximum = credit.maximum { members.append(("maximum", .number(String(maximum)))) }
                members.append(("scope", .string(credit.scope.rawValue)))
                return .object(members)
            })),
            ("subscriptionGroups", .array(catalog.subscriptionGroups.map {
                .object([("id", .string($0.id)), ("names", names($0.names, order: order))])
            })),
            ("products", .array(catalog.products.map { product(Content(product: $0, order: order, storefronts: storefrontCodes)) })),
        ])
    }

    /// What every part of a product needs to be written in a stable order.
    private struct Content {
        let product: Product
        let order: [String]
        let storefronts: [String]
    }

    private static func product(_ content: Content) -> Value {
        let product = content.product
        var members: [(String, Value)] = [
            ("id", .string(product.id)),
            ("type", .string(product.type.rawValue)),
            ("referenceName", .string(product.referenceName)),
        ]
        if product.familyShareable { members.append(("familyShareable", .bool(true))) }
        let languages = sorted(product.localizations.keys, order: content.order)
        members.append(("localizations", .object(languages.compactMap { language in
            product.localizations[language].map { text in
                (language, .object([("title", .string(text.title)), ("description", .string(text.description))]))
            }
        })))
        members.append(("prices", prices(product.prices, storefronts: content.storefronts)))
        switch product.type {
        case .consumable:
            members.append(("grant", product.grant.map {
                .object([("credit", .string($0.credit)), ("amount", .number(String($0.amount)))])
            } ?? .null))
        case .nonRenewing:
            if let duration = product.duration { members.append(("duration", .string(duration.description))) }
        case .autoRenewable:
            if let subscription = product.subscription { members.append(("subscription", self.subscription(subscription, storefronts: content.storefronts))) }
        case .nonConsumable, .freeSubscription:
            break
        }
        return .object(members)
    }

    private static func subscription(_ info: SubscriptionInfo, storefronts: [String]) -> Value {
        var members: [(String, Value)] = [
            ("group", .string(info.group)),
            ("period", .string(info.period.description)),
            ("level", .number(String(info.level))),
        ]
        if let intro = info.introOffer { members.append(("introOffer", introOffer(intro, storefronts: storefronts))) }
        if !info.promotionalOffers.isEmpty {
            members.append(("promotionalOffers", .array(info.promotionalOffers.map { promotional($0, storefronts: storefronts) })))
        }
        if !info.offerCodes.isEmpty {
            members.append(("offerCodes", .array(info.offerCodes.map { code in
                .object([("id", .string(code.id)),
                         ("eligibility", .array(code.eligibility.map { .string($0.rawValue) })),
                         ("stackable", .bool(code.isStackable))]
                        + terms(code.paymentMode, code.period, code.periodCount, code.prices, storefronts: storefronts))
            })))
        }
        if !info.winBackOffers.isEmpty {
            members.append(("winBackOffers", .array(info.winBackOffers.map { promotional($0, storefronts: storefronts) })))
        }
        if !info.billingPlans.isEmpty {
            members.append(("billingPlans", .array(info.billingPlans.map { plan in
                var planMembers: [(String, Value)] = [("type", .string(plan.kind.rawValue)),
                                                      ("prices", prices(plan.prices, storefronts: storefronts))]
                if !plan.commitmentPrices.isEmpty {
                    planMembers.append(("commitmentPrices", prices(plan.commitmentPrices, storefronts: storefronts)))
                }
                planMembers.append(("enabled", .bool(plan.isEnabled)))
                if let intro = plan.introOffer { planMembers.append(("introOffer", introOffer(intro, storefronts: storefronts))) }
                return .object(planMembers)
            })))
        }
        return .object(members)
    }

    private static func introOffer(_ offer: IntroOffer, storefronts: [String]) -> Value {
        .object(terms(offer.paymentMode, offer.period, offer.periodCount, offer.prices, storefronts: storefronts))
    }

    private static func promotional(_ offer: PromotionalOffer, storefronts: [String]) -> Value {
        .object([("id", .string(offer.id))]
                + terms(offer.paymentMode, offer.period, offer.periodCount, offer.prices, storefronts: storefronts))
    }

    private static func terms(_ mode: OfferPaymentMode, _ period: SubscriptionPeriod, _ count: Int,
                              _ offerPrices: [String: Decimal], storefronts: [String]) -> [(String, Value)] {
        var members: [(String, Value)] = [("paymentMode", .string(mode.rawValue)), ("period", .string(period.description))]
        if count != 1 { members.append(("periods", .number(String(count)))) }
        if !offerPrices.isEmpty { members.append(("prices", prices(offerPrices, storefronts: storefronts))) }
        return members
    }

    private static func prices(_ table: [String: Decimal], storefronts: [String]) -> Value {
        let codes = storefronts.filter { table[$0] != nil } + table.keys.filter { !storefronts.contains($0) }.sorted()
        return .object(codes.compactMap { code in table[code].map { (code, .string(ExactDecimal.string($0))) } })
    }

    private static func names(_ table: [String: String], order: [String]) -> Value {
        .object(sorted(table.keys, order: order).compactMap { language in table[language].map { (language, .string($0)) } })
    }

    /// The catalog's languages: the default first, then the rest sorted.
    private static func languageOrder(_ catalog: Catalog) -> [String] {
        var all = Set(catalog.products.flatMap(\.localizations.keys))
        all.formUnion(catalog.credits.flatMap(\.names.keys))
        all.formUnion(catalog.subscriptionGroups.flatMap(\.names.keys))
        all.remove(catalog.defaultLanguage)
        return [catalog.defaultLanguage] + all.sorted()
    }

    private static func sorted(_ keys: Dictionary<String, some Any>.Keys, order: [String]) -> [String] {
        keys.sorted { (order.firstIndex(of: $0) ?? Int.max, $0) < (order.firstIndex(of: $1) ?? Int.max, $1) }
    }

    // MARK: - Rendering

    /// An object or array of scalars that fits on one line is written on one line, as people
    /// write short entries such as `{ "code": "USA", "currency": "USD" }`.
    private static let inlineWidth = 100

    private static func render(_ value: Value, indent: String) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .number(let literal): return literal
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if let line = inline(value), indent.count + line.count <= inlineWidth { return line }
            let inner = indent + "  "
            return "[\n" + elements.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            if let line = inline(value), indent.count + line.count <= inlineWidth { return line }
            let inner = indent + "  "
            return "{\n" + members.map { inner + quoted($0.0) + ": " + render($0.1, indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// The one-line form of a container whose members are all scalars or empty; nil otherwise.
    private static func inline(_ value: Value) -> String? {
        switch value {
        case .array(let elements):
            let parts = elements.map { scalarText($0) }
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return "[" + parts.compactMap { $0 }.joined(separator: ", ") + "]"
        case .object(let members):
            let parts = members.map { member in scalarText(member.1).map { quoted(member.0) + ": " + $0 } }
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return "{ " + parts.compactMap { $0 }.joined(separator: ", ") + " }"
        default:
            return scalarText(value)
        }
    }

    private static func scalarText(_ value: Value) -> String? {
        switch value {
        case .object(let members) where members.isEmpty: "{}"
        case .array(let elements) where elements.isEmpty: "[]"
        case .object, .array: nil
        default: render(value, indent: "")
        }
    }
}
