import StoreEngine
import TerminalUI

/// A screen or sheet shown over the main screen; the app keeps a stack of them and Esc closes the top one.
public enum Overlay: Equatable, Sendable {
    /// The confirmation before a purchase, like the App Store's payment sheet.
    case buySheet(productID: String)
    case alert(Alert)
    case spend(SpendScreen)
    case picker(Picker)
    case transactions(TransactionsScreen)
    /// The confirmation before refunding a transaction.
    case refundConfirmation(transactionID: String)
    case settings(SettingsScreen)
    case help(HelpScreen)
}

/// The screen that spends one credit at a time (rage faces, extra lives, ...).
public struct SpendScreen: Equatable, Sendable {
    public var credit: String
    /// The rage face on show, an index into the drawn faces.
    public var face: Int
    /// Credits spent since the screen opened.
    public var spent: Int

    public init(credit: String, face: Int = 0, spent: Int = 0) {
        self.credit = credit
        self.face = face
        self.spent = spent
    }
}

/// The account's transactions, newest first, with actions on the selected one.
public struct TransactionsScreen: Equatable, Sendable {
    public var scroll: ScrollState

    public init(count: Int) {
        scroll = ScrollState(itemCount: count)
    }
}

/// An action that can be taken on one transaction from the transactions screen.
///
/// The screen's keys and hints come from this list, so a new action (approving an Ask to Buy
/// request, cancelling a subscription) is one more case here and one more effect.
public enum TransactionAction: CaseIterable, Equatable, Sendable {
    case refund

    /// The key that starts the action.
    public var key: Key {
        switch self {
        case .refund: .character("R")
        }
    }

    /// The key and what it does, for hints: "R refund".
    public var hint: (key: String, label: String) {
        switch self {
        case .refund: ("R", "refund")
        }
    }

    /// Whether the action applies to `record`.
    public func isAvailable(for record: TransactionRecord) -> Bool {
        switch self {
        case .refund: record.state == .purchased
        }
    }
}

/// The device's settings: purchases allowed, and the outcome of the next purchase.
public struct SettingsScreen: Equatable, Sendable {
    /// The rows, in the order shown.
    public enum Row: CaseIterable, Equatable, Sendable {
        case purchasesAllowed
        case nextPurchase
    }

    public var selection: Row

    public init(selection: Row = .purchasesAllowed) {
        self.selection = selection
    }
}

/// The list of every key.
public struct HelpScreen: Equatable, Sendable {
    /// The first line shown, when the list is taller than the screen.
    public var offset: Int

    public init(offset: Int = 0) {
        self.offset = offset
    }
}
