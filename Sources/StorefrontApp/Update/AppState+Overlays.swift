import Foundation
import TerminalUI

extension AppState {
    /// Keys when an overlay is on top: the overlay's own reducer takes them.
    mutating func press(_ key: Key, on overlay: Overlay, at time: Date) -> [Effect] {
        if overlay.isConfirmation, !isConfirmationArmed(at: time), ![.escape, .left, .right].contains(key) {
            // Typed ahead or pasted: only Esc may answer a sheet this young; ← → only choose
            // an offer, which still needs an Enter once the sheet is armed.
            return []
        }
        let effects = dispatch(key, on: overlay)
        if key == .enter, !overlay.isConfirmation, overlays.last?.isConfirmation == true {
            // An Enter that closed a help or an alert over a sheet is the sheet's yes too: a
            // second one pressed at once (a double press, a held key) would confirm what the
            // sheet says unread. The sheet is armed anew; closed with Esc or ?, it is not.
            confirmationOpenedAt = time
        }
        return effects
    }

    /// Hands `key` to the reducer of `overlay`, the overlay on top.
    private mutating func dispatch(_ key: Key, on overlay: Overlay) -> [Effect] {
        switch overlay {
        case let .buySheet(productID, offerID):
            return BuySheetReducer.press(key, screen: .init(productID: productID, offerID: offerID), state: &self)
        case .alert(let alert): return AlertReducer.press(key, screen: alert, state: &self)
        case .spend(let screen): return SpendReducer.press(key, screen: screen, state: &self)
        case .picker(let picker) where picker.typing == nil: return PickerListReducer.press(key, screen: picker, state: &self)
        case .picker(let picker): return PickerTypingReducer.press(key, screen: picker, state: &self)
        case .transactions(let screen): return TransactionsReducer.press(key, screen: screen, state: &self)
        case .refundConfirmation(let transactionID):
            return ConfirmationReducer.press(key, screen: .refund(transactionID: transactionID), state: &self)
        case .cancelRenewalConfirmation(let transactionID):
            return ConfirmationReducer.press(key, screen: .cancelRenewal(transactionID: transactionID), state: &self)
        case .renewNowConfirmation(let transactionID):
            return ConfirmationReducer.press(key, screen: .renewNow(transactionID: transactionID), state: &self)
        case .expireConfirmation(let transactionID):
            return ConfirmationReducer.press(key, screen: .expire(transactionID: transactionID), state: &self)
        case .settings(let screen): return SettingsReducer.press(key, screen: screen, state: &self)
        case .help(let screen): return HelpReducer.press(key, screen: screen, state: &self)
        }
    }
}
