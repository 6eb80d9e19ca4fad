import StoreEngine
import TerminalUI
import StoreCatalog

extension AppState {
    /// Keys on the main screen with nothing over it.
    mutating func pressOnMain(_ key: Key) -> [Effect] {
        if let movement = ProductList.Movement(key) {
            list.move(movement, viewportHeight: listViewportHeight)
            return []
        }
        switch key {
        case .enter, .character("b"):
            return selectedProduct.map { startPurchase(of: $0) } ?? []
        case .character("u"):
            openSpendScreen()
        case .character("r"):
            return perform(.restore(buyer), showing: .restoring)
        case .character("/"):
            isSearching = true
        case .character("l"):
            push(.picker(localePicker()))
        case .character("a"):
            push(.picker(accountPicker()))
        case .character("t"):
            push(.transactions(TransactionsScreen(count: snapshot.transactions.count)))
        case .character("s"):
            push(.settings(SettingsScreen()))
        case .character("?"):
            push(.help(HelpScreen(topic: .main)))
        case .character("]"), .character("["):
            scrollDetail(by: key == .character("]") ? 1 : -1)
        case .character("q"):
            return quit()
        case .escape where !list.query.isEmpty:
            list.rebuild(catalog: catalog, locale: locale, query: "", viewportHeight: listViewportHeight)
        default:
            break
        }
        return []
    }

    /// Keys while the search field is open: typing filters the list at once.
    mutating func pressWhileSearching(_ key: Key) -> [Effect] {
        switch key {
        case .character(let character):
            search(for: list.query + String(character))
        case .paste(let text):
            search(for: list.query + TextField.singleLine(text))
        case .backspace:
            search(for: String(list.query.dropLast()))
        case .enter:
            // Enter buys only a single match; with more (or none) it keeps the filter and
            // closes the field, so a search never buys a product the person did not see alone.
            isSearching = false
            guard list.productCount == 1 else { return [] }
            return selectedProduct.map { startPurchase(of: $0) } ?? []
        case .escape:
            isSearching = false
            search(for: "")
        case .up, .down, .pageUp, .pageDown:
            if let movement = ProductList.Movement(key) { list.move(movement, viewportHeight: listViewportHeight) }
        default:
            break
        }
        return []
    }

    /// Filters the list by `query`, cut to the longest search the field takes.
    private mutating func search(for query: String) {
        list.rebuild(catalog: catalog, locale: locale, query: String(query.prefix(TextField.maximumLength)),
                     viewportHeight: listViewportHeight)
    }

    /// Opens the payment sheet, or goes straight to the store when it would not show one:
    /// the store is read-only, the product is not sold here, purchases are disabled, or the
    /// buyer already has it.
    mutating func startPurchase(of product: Product) -> [Effect] {
        if refusedAsReadOnly() { return [] }
        let status = snapshot.status(of: product.id)
        if case .notSold = status {
            let refusal = PurchaseOutcome.refused(.notSoldHere(productID: product.id, storefront: storefront))
            push(.alert(Alert(title: "Not available", message: text.message(for: refusal, product: product), tone: .warning)))
            return []
        }
        let alreadyHas: Bool = switch status {
        case .owned, .restoreToUnlock, .awaitingDelivery, .changeScheduled: true
        case .active: product.type != .nonRenewing
        default: false
        }
        if alreadyHas || !snapshot.purchasesAllowed {
            return perform(.purchase(productID: product.id, buyer: buyer, storefront: storefront, simulate: nil),
                           showing: .purchasing(productID: product.id))
        }
        push(.buySheet(productID: product.id))
        return []
    }

    /// Scrolls the detail pane, which is shorter than a product's details on small windows.
    mutating func scrollDetail(by delta: Int) {
        let pane = MainLayout(state: self, size: size).detail.inset(by: 1).inset(horizontal: 1, vertical: 0)
        let maximum = DetailView.lineCount(self, width: pane.width) - pane.height
        detailScroll.scroll(by: delta, on: list.selectedProductIndex, maximum: maximum)
    }

    /// Opens the spend screen of the selected product's credit, or else of the catalog's first credit.
    mutating func openSpendScreen() {
        let credit = selectedProduct?.grant?.credit ?? catalog.credits.first?.id
        guard let credit else {
            push(.alert(Alert(title: "Nothing to use", message: "This catalog has no credits to spend.", tone: .info)))
            return
        }
        // No face until one is spent: every face on show is one paid for.
        push(.spend(SpendScreen(credit: credit)))
    }
}

extension ProductList.Movement {
    /// The movement a navigation key asks for: arrows, j/k, PgUp/PgDn, Home/End, g/G.
    init?(_ key: Key) {
        switch key {
        case .up, .character("k"): self = .up
        case .down, .character("j"): self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home, .character("g"): self = .first
        case .end, .character("G"): self = .last
        default: return nil
        }
    }
}
