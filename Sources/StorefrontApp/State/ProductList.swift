import Foundation
import StoreEngine
import TerminalUI
import StoreCatalog
import StorefrontText

/// The main list: the catalog's products grouped in sections, filtered by the search text,
/// with the selection and scroll position.
///
/// Entries refer to products by their index in the catalog, so drawing a row needs no search,
/// and only the rows on screen are ever formatted.
public struct ProductList: Equatable, Sendable {
    /// One row of the list: a section heading or a product.
    public enum Entry: Equatable, Sendable {
        case section(ProductSection.Kind)
        /// A subscription group's heading, by group id, when subscriptions of several groups show.
        case group(String)
        /// The product at this index of `catalog.products`.
        case product(Int)

        /// True for the rows that name what follows them rather than a product.
        public var isHeading: Bool {
            if case .product = self { return false }
            return true
        }
    }

    /// The search text the list is filtered by; empty shows everything.
    public private(set) var query: String
    public private(set) var entries: [Entry]
    public private(set) var scroll: ScrollState
    /// Catalog index of every product id, built once per catalog.
    private let indexByID: [String: Int]

    /// The list of `catalog` with titles in `locale`, filtered by `query`, the first product selected.
    public init(catalog: Catalog, locale: String, query: String = "") {
        var indexByID: [String: Int] = [:]
        indexByID.reserveCapacity(catalog.products.count)
        for (index, product) in catalog.products.enumerated() where indexByID[product.id] == nil {
            indexByID[product.id] = index
        }
        self.indexByID = indexByID
        self.query = query
        self.entries = []
        self.scroll = ScrollState()
        rebuild(catalog: catalog, locale: locale, query: query, viewportHeight: 1)
    }

    /// The catalog index of the selected product, if any row is selected.
    public var selectedProductIndex: Int? {
        guard let index = scroll.selectedIndex, case .product(let productIndex) = entries[index] else { return nil }
        return productIndex
    }

    /// How many products the list shows.
    public var productCount: Int {
        entries.reduce(0) { count, entry in if case .product = entry { count + 1 } else { count } }
    }

    /// Filters by `query` (titles in `locale` and ids), keeping the selected product when it still shows.
    public mutating func rebuild(catalog: Catalog, locale: String, query: String, viewportHeight: Int) {
        let previous = selectedProductIndex
        self.query = query
        let text = StoreText(catalog: catalog, locale: locale, storefront: "")
        let needle = query.trimmingCharacters(in: .whitespaces)
        let matching = needle.isEmpty ? catalog.products : catalog.products.filter { product in
            product.id.range(of: needle, options: [.caseInsensitive]) != nil
                || text.title(of: product).range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        var entries: [Entry] = []
        entries.reserveCapacity(matching.count + ProductSection.Kind.allCases.count)
        for section in ProductSection.sections(of: matching) {
            entries.append(.section(section.kind))
            for group in Self.groupedByGroup(section.products) {
                if let id = group.id { entries.append(.group(id)) }
                for product in group.products {
                    if let index = indexByID[product.id] { entries.append(.product(index)) }
                }
            }
        }
        self.entries = entries
        scroll = ScrollState(itemCount: entries.count)
        let keep = previous.flatMap { wanted in entries.firstIndex(of: .product(wanted)) }
        if let keep {
            scroll.select(keep, viewportHeight: viewportHeight)
        } else {
            move(.first, viewportHeight: viewportHeight)
        }
    }

    /// A way to move the selection.
    public enum Movement: Equatable, Sendable {
        case up, down, pageUp, pageDown, first, last
    }

    /// Moves the selection, skipping section headings, and scrolls so it stays visible.
    ///
    /// Moving up also brings the heading above the selected product into view when there is room.
    public mutating func move(_ movement: Movement, viewportHeight: Int) {
        guard let current = scroll.selectedIndex else { return }
        let height = max(1, viewportHeight)
        let target: Int
        let forward: Bool
        switch movement {
        case .up: (target, forward) = (current - 1, false)
        case .down: (target, forward) = (current + 1, true)
        case .pageUp: (target, forward) = (current - height, false)
        case .pageDown: (target, forward) = (current + height, true)
        case .first: (target, forward) = (0, true)
        case .last: (target, forward) = (entries.count - 1, false)
        }
        let clamped = min(max(0, target), entries.count - 1)
        guard let product = nearestProduct(to: clamped, forward: forward) ?? nearestProduct(to: clamped, forward: !forward)
        else {
            scroll.select(clamped, viewportHeight: height)
            return
        }
        if product > 0, entries[product - 1].isHeading, !forward || movement == .first {
            if product > 1, entries[product - 2].isHeading { scroll.select(product - 2, viewportHeight: height) }
            scroll.select(product - 1, viewportHeight: height)
        }
        scroll.select(product, viewportHeight: height)
    }

    /// Keeps the selection visible in a viewport that changed size.
    public mutating func fit(viewportHeight: Int) {
        scroll.select(scroll.selection, viewportHeight: max(1, viewportHeight))
    }

    /// The headings the row at `index` sits under: its section, and its group if it has one.
    public func headings(above index: Int) -> (section: ProductSection.Kind?, group: String?) {
        var group: String?
        var candidate = index
        while entries.indices.contains(candidate) {
            switch entries[candidate] {
            case .section(let kind): return (kind, group)
            case .group(let id): if group == nil { group = id }
            case .product: break
            }
            candidate -= 1
        }
        return (nil, group)
    }

    /// Products of one section split by subscription group, in catalog order of the groups;
    /// products of no group come first under no heading. One group alone needs no heading.
    private static func groupedByGroup(_ products: [Product]) -> [(id: String?, products: [Product])] {
        var order: [String?] = []
        var members: [String?: [Product]] = [:]
        for product in products {
            let group = product.type == .autoRenewable ? product.subscription?.group : nil
            if members[group] == nil { order.append(group) }
            members[group, default: []].append(product)
        }
        let named = order.compactMap { $0 }
        guard named.count > 1 else { return [(nil, products)] }
        let ungrouped = members[nil].map { [(id: String?.none, products: $0)] } ?? []
        return ungrouped + named.map { (id: $0, products: members[$0] ?? []) }
    }

    private func nearestProduct(to index: Int, forward: Bool) -> Int? {
        var candidate = index
        while entries.indices.contains(candidate) {
            if case .product = entries[candidate] { return candidate }
            candidate += forward ? 1 : -1
        }
        return nil
    }
}
