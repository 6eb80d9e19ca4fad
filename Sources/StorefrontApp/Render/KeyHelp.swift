import TerminalUI

/// The footer's hints and the help screen's lines, both read from the screens' key tables.
enum KeyHelp {
    /// A key and what it does, e.g. ("Enter", "buy"), with the keys of the binding it offers.
    struct Hint: Equatable, Sendable {
        var key: String
        var label: String
        /// The keys that do what the hint says; not part of how the hint reads.
        var keys: [Key]

        init(_ key: String, _ label: String, keys: [Key] = []) {
            self.key = key
            self.label = label
            self.keys = keys
        }

        /// Hints are equal when they read the same.
        static func == (lhs: Hint, rhs: Hint) -> Bool { lhs.key == rhs.key && lhs.label == rhs.label }
    }

    /// The short hints for what is on top of the screen now.
    static func footerHints(for state: AppState) -> [Hint] {
        // A change from the product list (a restore) said to wait for the lock: the list's keys
        // would only wait behind it; Esc drops it and q leaves (see `AppState.receive`).
        if state.activity != nil, state.lockWait != nil, state.overlays.isEmpty, !state.isSearching, !state.askedToDropChange {
            return [Hint("Esc", "cancel", keys: [.escape]), Hint("q", "quit", keys: [.character("q")]), Hint("?", "help", keys: [.character("?")])]
        }
        let hints = KeyContext.of(state).table.footerHints(state)
        // Enter only closes a notice shown (see `AppState.press`); every other key does its own work.
        guard state.notice != nil else { return hints }
        return [closeNotice] + hints.filter { $0.key != closeNotice.key && !$0.keys.contains(.enter) }
    }

    /// What Enter does while a notice ("Purchase complete") shows.
    static let closeNotice = Hint("Enter", "close", keys: [.enter])

    /// Whether a restore could bring anything: a product restore delivers (non-consumable,
    /// subscription, pass) that this device does not have now.
    static func hasSomethingToRestore(_ state: AppState) -> Bool {
        state.catalog.products.contains { product in
            guard product.type != .consumable else { return false }
            switch state.snapshot.status(of: product.id) {
            case .owned, .active, .runningBeforeSwitch, .notSold: return false
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
    struct Line: Equatable, Sendable {
        var keys: String
        var meaning: String
        /// Whether the line means the same on every screen that has it (`?`, `q`), so the help
        /// lists it once rather than in every section.
        var isShared = false
    }

    /// The help for `topic`: its own keys first, then every other screen's. Each section lists
    /// all of its screens' keys, even those another section lists too (the two pickers move
    /// alike); only a shared line shows once, where it first appears.
    static func lines(for topic: HelpTopic) -> [Line] {
        let first = sections.first { $0.topics.contains(topic) }
        // A dialog's section is followed by the screen's it opens over.
        let under = first?.over.flatMap { over in sections.first { $0.topics.contains(over) } }
        let ordered = [first, under].compactMap { $0 } + sections.filter { $0.title != first?.title && $0.title != under?.title }
        var shown: [Line] = []
        for section in ordered {
            var listed: [Line] = []
            for line in section.lines where !listed.contains(line) && !(line.isShared && shown.contains(line)) {
                listed.append(line)
            }
            shown += [Line(keys: "", meaning: section.title)] + listed
        }
        return shown
    }

    /// Every key, for the help screen, in the order shown from the main screen.
    static var all: [Line] { lines(for: .main) }

    /// One screen's or dialog's part of the help: its title, the topics (where `?` was
    /// pressed) it answers first, notes on rows that are not keys, and its key tables.
    struct Section {
        var title: String
        var topics: [HelpTopic]
        var notes: [Line] = []
        var contexts: [KeyContext]
        /// The topic of the screen this dialog opens over, whose section comes next.
        var over: HelpTopic? = nil
        /// Rows that are no key table's, after the tables' (the run loop's own keys).
        var closingNotes: [Line] = []

        var lines: [Line] { notes + contexts.flatMap(\.table.helpLines) + closingNotes }
    }

    static let sections: [Section] = [
        // Ctrl-L is the run loop's, before any screen's keys, so no key table lists it.
        Section(title: "Main screen", topics: [.main], contexts: [.main, .everywhere],
                closingNotes: [Line(keys: "Ctrl-L", meaning: "repaint the whole screen, from anywhere")]),
        Section(title: "Search", topics: [.search], contexts: [.search]),
        Section(title: "Payment sheet", topics: [.paymentSheet], contexts: [.buySheet]),
        Section(title: "Messages", topics: [.message], contexts: [.alert]),
        Section(title: "Using credits", topics: [.spending], contexts: [.spend]),
        Section(title: "Language and storefront", topics: [.localePicker, .typedLocale],
                notes: [Line(keys: "Other locale…", meaning: "type one: de_DE, pt_BR, zh_Hant_TW, es_419")],
                contexts: [.pickerList, .pickerTyping]),
        Section(title: "Accounts and devices", topics: [.accountPicker, .typedName],
                notes: [Line(keys: "New account…", meaning: "type a name: any printable text, spaces too"),
                        Line(keys: "New device…", meaning: "type a device name the same way")],
                contexts: [.pickerList, .pickerTyping]),
        Section(title: "Transactions", topics: [.transactions], contexts: [.transactions]),
        // A question's own keys come first where `?` was pressed on it, then the screen's under it.
        Section(title: "Questions (refund, cancel renewal, renew now or fix billing, expire)", topics: [.refund, .cancelRenewal, .renewNow, .expire],
                contexts: [.confirmation], over: .transactions),
        Section(title: "Settings", topics: [.settings], contexts: [.settings]),
        Section(title: "This help", topics: [], contexts: [.help]),
    ]
}
