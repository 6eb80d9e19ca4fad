/// The keys of each screen: the footer shows the short hints, the help screen every key.
enum KeyHelp {
    /// A key and what it does, e.g. ("Enter", "buy").
    struct Hint: Equatable {
        var key: String
        var label: String

        init(_ key: String, _ label: String) {
            self.key = key
            self.label = label
        }
    }

    /// The short hints for what is on top of the screen now.
    static func footerHints(for state: AppState) -> [Hint] {
        switch state.overlays.last {
        case nil:
            if state.isSearching { return [Hint("Enter", "done"), Hint("Esc", "clear")] }
            var hints: [Hint] = []
            if state.productsUnavailableReason == nil {
                hints.append(Hint("Enter", "buy"))
                if !state.catalog.credits.isEmpty { hints.append(Hint("u", "use")) }
                if hasSomethingToRestore(state) { hints.append(Hint("r", "restore")) }
            }
            hints += [Hint("/", "search"), Hint("l", "locale"), Hint("a", "account"), Hint("t", "history"),
                      Hint("s", "settings"), Hint("?", "help"), Hint("q", "quit")]
            if !state.list.query.isEmpty { hints.insert(Hint("Esc", "show all"), at: 0) }
            // Last: the pane itself says when it has more, so narrow windows can do without it.
            if detailOverflows(state) { hints.append(Hint("[ ]", "details")) }
            return hints
        case let .buySheet(productID, _):
            let offers = BuySheetOffers.choices(for: productID, state: state).count > 1 ? [Hint("← →", "offer")] : []
            return [Hint("Enter", "buy")] + offers + [Hint("Esc", "cancel")]
        case .alert: return [Hint("Enter", "OK")]
        case .spend: return [Hint("Space", "use one"), Hint("Enter", "use one or buy more"), Hint("Esc", "back")]
        case .picker(let picker):
            if picker.typing != nil { return [Hint("Enter", "apply"), Hint("Esc", "back")] }
            return [Hint("↑↓", "move"), Hint("Enter", "choose"), Hint("Esc", "close")]
        case .transactions(let screen):
            let selected = screen.scroll.selectedIndex.flatMap {
                state.snapshot.transactions.indices.contains($0) ? state.snapshot.transactions[$0] : nil
            }
            let actions = selected.map { record in
                TransactionAction.allCases.filter { $0.isAvailable(for: record, in: state.snapshot) }
            } ?? []
            return [Hint("↑↓", "move")] + actions.map { Hint($0.hint.key, $0.hint.label) } + [Hint("Esc", "close")]
        case .refundConfirmation: return [Hint("Enter", "refund"), Hint("Esc", "keep")]
        case .settings: return [Hint("↑↓", "move"), Hint("Enter", "change"), Hint("Esc", "close")]
        case .help: return [Hint("↑↓", "scroll"), Hint("Esc", "close")]
        }
    }

    /// Whether a restore could bring anything: a product restore delivers (non-consumable,
    /// subscription, pass) that this device does not have now. Like the space shooter's menu,
    /// Restore is offered only while something is missing.
    static func hasSomethingToRestore(_ state: AppState) -> Bool {
        state.catalog.products.contains { product in
            guard product.type != .consumable else { return false }
            switch state.snapshot.status(of: product.id) {
            case .owned, .active, .notSold: return false
            default: return true
            }
        }
    }

    /// Whether the selected product's details are taller than the pane.
    static func detailOverflows(_ state: AppState) -> Bool {
        let pane = MainLayout(state: state, size: state.size).detail.inset(by: 1).inset(horizontal: 1, vertical: 0)
        return pane.height > 0 && DetailView.lineCount(state, width: pane.width) > pane.height
    }

    /// One line of the help screen: a heading (no keys) or keys and what they do.
    struct Line: Equatable {
        var keys: String
        var meaning: String
    }

    /// Every key, for the help screen.
    static let all: [Line] = [
        Line(keys: "", meaning: "Main screen"),
        Line(keys: "↑ ↓  k j", meaning: "move the selection"),
        Line(keys: "PgUp PgDn", meaning: "move a page"),
        Line(keys: "Home End  g G", meaning: "first or last product"),
        Line(keys: "Enter  b", meaning: "buy the selected product"),
        Line(keys: "u", meaning: "use credits: rage faces, extra lives"),
        Line(keys: "r", meaning: "restore purchases onto this device"),
        Line(keys: "/", meaning: "search titles and ids as you type"),
        Line(keys: "l", meaning: "language, region and storefront"),
        Line(keys: "a", meaning: "switch or create an account or device"),
        Line(keys: "t", meaning: "transactions, newest first"),
        Line(keys: "s", meaning: "settings: purchases, Ask to Buy, billing, time rate, errors"),
        Line(keys: "[  ]", meaning: "scroll the product's details"),
        Line(keys: "?", meaning: "this help"),
        Line(keys: "q", meaning: "quit"),
        Line(keys: "Ctrl-C", meaning: "quit from anywhere"),
        Line(keys: "Esc", meaning: "close the top window; clear the search"),
        Line(keys: "", meaning: "Payment sheet"),
        Line(keys: "Enter  y", meaning: "buy"),
        Line(keys: "Esc  n", meaning: "cancel (recorded as a user cancel)"),
        Line(keys: "← →  o", meaning: "choose a promotional offer (for subscribers)"),
        Line(keys: "", meaning: "Using credits"),
        Line(keys: "Space  Enter", meaning: "use one; at zero Enter buys more"),
        Line(keys: "", meaning: "Transactions"),
        Line(keys: "A  D", meaning: "approve or decline an Ask to Buy request"),
        Line(keys: "C", meaning: "complete an interrupted purchase"),
        Line(keys: "R", meaning: "refund the selected transaction"),
        Line(keys: "N  E", meaning: "renew a subscription now, or end it now"),
        Line(keys: "X", meaning: "cancel a subscription's renewal"),
        Line(keys: "B", meaning: "fix a subscription's billing problem"),
        Line(keys: "U", meaning: "unsubscribe from a free subscription"),
        Line(keys: "", meaning: "Settings"),
        Line(keys: "Enter  Space", meaning: "change the selected setting"),
        Line(keys: "← →", meaning: "previous or next value"),
    ]
}
