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
            if state.isSearching {
                let enter = state.list.productCount == 1 ? Hint("Enter", "buy the match") : Hint("Enter", "keep filter")
                return [enter, Hint("Esc", "clear")]
            }
            var hints: [Hint] = []
            if state.productsUnavailableReason == nil {
                // A read-only store refuses buying and restoring, so they are not offered.
                let writable = state.readOnlyReason == nil
                if writable { hints.append(Hint("Enter", "buy")) }
                if !state.catalog.credits.isEmpty { hints.append(Hint("u", "use")) }
                if writable, hasSomethingToRestore(state) { hints.append(Hint("r", "restore")) }
            }
            hints += [Hint("/", "search"), Hint("l", "locale"), Hint("a", "account"), Hint("t", "history"),
                      Hint("s", "settings"), Hint("?", "help"), Hint("q", "quit")]
            if !state.list.query.isEmpty { hints.insert(Hint("Esc", "show all"), at: 0) }
            // Last: the pane itself says when it has more, so narrow windows can do without it.
            if detailOverflows(state) { hints.append(Hint("[ ]", "details")) }
            return hints
        case let .buySheet(productID, _):
            // Enter shows only once the sheet takes it (see `ConfirmationArming`).
            let armed = state.isConfirmationArmed(at: state.keyTime)
            let offers = BuySheetOffers.choices(for: productID, state: state).count > 1 ? [Hint("← →", "offer")] : []
            return (armed ? [Hint("Enter", "buy")] : []) + offers + [Hint("Esc", "cancel"), Hint("?", "help")]
        case .alert: return [Hint("Enter", "OK"), Hint("?", "help")]
        case .spend: return [Hint("Space", "use one"), Hint("Enter", "use one or buy more"), Hint("Esc", "back"), Hint("?", "help")]
        case .picker(let picker):
            if picker.typing != nil { return [Hint("Enter", "apply"), Hint("Esc", "back"), Hint("?", "help")] }
            return [Hint("↑↓", "move"), Hint("Enter", "choose"), Hint("Esc", "close"), Hint("?", "help")]
        case .transactions(let screen):
            let selected = screen.scroll.selectedIndex.flatMap {
                state.snapshot.transactions.indices.contains($0) ? state.snapshot.transactions[$0] : nil
            }
            let actions = selected.map { record in
                TransactionAction.allCases.filter { $0.isAvailable(for: record, in: state.snapshot) }
            } ?? []
            return [Hint("↑↓", "move")] + actions.map { Hint($0.hint.key, $0.hint.label) } + [Hint("Esc", "close"), Hint("?", "help")]
        case .refundConfirmation:
            let armed = state.isConfirmationArmed(at: state.keyTime)
            return (armed ? [Hint("Enter", "refund")] : []) + [Hint("Esc", "keep"), Hint("?", "help")]
        case .cancelRenewalConfirmation:
            let armed = state.isConfirmationArmed(at: state.keyTime)
            return (armed ? [Hint("Enter", "cancel renewal")] : []) + [Hint("Esc", "keep renewing"), Hint("?", "help")]
        case .settings: return [Hint("↑↓", "move"), Hint("Enter", "change"), Hint("Esc", "close"), Hint("?", "help")]
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

    /// The help for `topic`: its own keys first, then every other screen's.
    static func lines(for topic: HelpTopic) -> [Line] {
        let first = sections.first { $0.topics.contains(topic) }
        let rest = sections.filter { $0.title != first?.title }
        return (first.map { [$0] } ?? []).flatMap(\.lines) + rest.flatMap(\.lines)
    }

    /// Every key, for the help screen, in the order shown from the main screen.
    static var all: [Line] { lines(for: .main) }

    /// The keys of one screen or dialog, and the topics (where `?` was pressed) they answer.
    struct Section {
        var title: String
        var topics: [HelpTopic]
        var keys: [(String, String)]

        var lines: [Line] { [Line(keys: "", meaning: title)] + keys.map { Line(keys: $0.0, meaning: $0.1) } }
    }

    static let sections: [Section] = [
        Section(title: "Main screen", topics: [.main], keys: [
            ("↑ ↓  k j", "move the selection"),
            ("PgUp PgDn", "move a page"),
            ("Home End  g G", "first or last product"),
            ("Enter  b", "buy the selected product"),
            ("u", "use credits: rage faces, extra lives"),
            ("r", "restore purchases onto this device"),
            ("/", "search titles and ids as you type"),
            ("l", "language, region and storefront"),
            ("a", "switch or create an account or device"),
            ("t", "transactions, newest first"),
            ("s", "settings: Ask to Buy, billing, time, errors"),
            ("[  ]", "scroll the product's details"),
            ("?  F1", "help for the screen you are on"),
            ("q", "quit (on a sheet, q only cancels the sheet)"),
            ("Ctrl-C", "quit from anywhere"),
            ("Esc", "close the top window; clear the search"),
        ]),
        Section(title: "Search", topics: [.search], keys: [
            ("letters", "filter titles and ids; a paste is typed in too"),
            ("Enter", "one match: buy it; more or none: keep filter"),
            ("Esc", "clear the search and show everything"),
            ("↑ ↓", "move through the matches"),
            ("F1", "this help (? is typed into the search)"),
        ]),
        Section(title: "Payment sheet", topics: [.paymentSheet], keys: [
            ("Enter  y", "buy (taken a moment after the sheet opens)"),
            ("Esc  n  q", "cancel (recorded as a user cancel)"),
            ("← →  o", "choose a promotional offer (for subscribers)"),
            ("Ctrl-C", "cancel, then quit"),
        ]),
        Section(title: "Messages", topics: [.message], keys: [
            ("Enter  Esc", "close the message; good news needs no key"),
        ]),
        Section(title: "Using credits", topics: [.spending], keys: [
            ("Space  Enter", "use one and see it; at zero Enter buys more"),
            ("Esc", "back to the products"),
        ]),
        Section(title: "Language and storefront", topics: [.localePicker, .typedLocale], keys: [
            ("↑ ↓  Enter", "choose a language or a storefront"),
            ("Other locale…", "type one: de_DE, pt_BR, zh_Hant_TW, es_419"),
            ("Enter", "apply; its region picks the storefront if sold"),
            ("Esc", "leave the field, then close"),
        ]),
        Section(title: "Accounts and devices", topics: [.accountPicker, .typedName], keys: [
            ("↑ ↓  Enter", "switch to an account or a device"),
            ("New account…", "type a name: letters, digits and _ - . @"),
            ("New device…", "type a device name the same way"),
            ("Esc", "leave the field, then close"),
        ]),
        Section(title: "Transactions", topics: [.transactions, .refund, .cancelRenewal], keys: [
            ("A  D", "approve or decline an Ask to Buy request"),
            ("C", "complete an interrupted purchase"),
            ("R", "refund the selected transaction (asks first)"),
            ("N  E", "renew a subscription now, or end it now"),
            ("X", "cancel renewal (asks first); unsubscribe if free"),
            ("U", "resume a cancelled renewal"),
            ("B", "fix a subscription's billing problem"),
            ("Enter  Esc q", "on a question: do it, or keep things as is"),
        ]),
        Section(title: "Settings", topics: [.settings], keys: [
            ("Enter  Space", "change the selected setting"),
            ("← →", "previous or next value"),
        ]),
    ]
}
