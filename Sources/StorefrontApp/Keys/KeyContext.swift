import TerminalUI

/// The screens that take keys, each with a table of its own: what is on top decides which.
enum KeyContext: CaseIterable, Sendable {
    case main
    case search
    case buySheet
    case alert
    case spend
    case pickerList
    case pickerTyping
    case transactions
    case confirmation
    case settings
    case help
    /// Keys that work on every screen (F1, Ctrl-C).
    case everywhere

    /// The screen that takes the keys in `state`.
    static func of(_ state: AppState) -> KeyContext {
        switch state.overlays.last {
        case nil: state.isSearching ? .search : .main
        case .buySheet: .buySheet
        case .alert: .alert
        case .spend: .spend
        case .picker(let picker): picker.typing == nil ? .pickerList : .pickerTyping
        case .transactions: .transactions
        case .refundConfirmation, .cancelRenewalConfirmation, .renewNowConfirmation, .expireConfirmation: .confirmation
        case .settings: .settings
        case .help: .help
        }
    }

    /// This screen's table, with its commands hidden, for the footer, the help and tests.
    var table: AnyKeyTable {
        switch self {
        case .main: AnyKeyTable(MainReducer.keys)
        case .search: AnyKeyTable(SearchReducer.keys)
        case .buySheet: AnyKeyTable(BuySheetReducer.keys)
        case .alert: AnyKeyTable(AlertReducer.keys)
        case .spend: AnyKeyTable(SpendReducer.keys)
        case .pickerList: AnyKeyTable(PickerListReducer.keys)
        case .pickerTyping: AnyKeyTable(PickerTypingReducer.keys)
        case .transactions: AnyKeyTable(TransactionsReducer.keys)
        case .confirmation: AnyKeyTable(ConfirmationReducer.keys)
        case .settings: AnyKeyTable(SettingsReducer.keys)
        case .help: AnyKeyTable(HelpReducer.keys)
        case .everywhere: AnyKeyTable(EverywhereKeys.table)
        }
    }
}

/// A key table whose commands are hidden: what the footer, the help and tests need of it.
struct AnyKeyTable: Sendable {
    let footerHints: @Sendable (AppState) -> [KeyHelp.Hint]
    let helpLines: [KeyHelp.Line]
    /// Whether `key` is bound, and whether its binding applies in the state; nil when unbound.
    let isAvailable: @Sendable (Key, AppState) -> Bool?
    /// Every key bound, typed text aside.
    let boundKeys: [Key]

    init<Command>(_ table: KeyTable<Command>) {
        footerHints = { table.footerHints(in: $0) }
        helpLines = table.helpLines
        isAvailable = { table.lookup($0, in: $1)?.isAvailable }
        boundKeys = table.bindings.flatMap(\.keys)
    }
}
