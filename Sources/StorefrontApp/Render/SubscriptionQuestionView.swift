import StorefrontText
import TerminalUI

/// The questions before renewing a subscription now (what it charges, for which period) and
/// before ending it now (what stops; nothing comes back).
enum SubscriptionQuestionView {
    static func drawRenewNow(transactionID: String, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let (title, question) = state.renewNowQuestion(of: transactionID) else { return }
        QuestionDialog.draw(title: title, question: question, note: state.changeNote(of: .renewNowConfirmation(transactionID: transactionID)),
                            // Asked as fixing billing, its button says so, as its title does.
                            yes: title == StorefrontPaneText.fixBillingTitle ? "Fix billing" : "Renew now", no: "Keep",
                            width: min(60, area.width - 4),
                            in: area, into: &buffer)
    }

    static func drawExpire(transactionID: String, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let (title, question) = state.expireQuestion(of: transactionID) else { return }
        QuestionDialog.draw(title: title, question: question, note: state.changeNote(of: .expireConfirmation(transactionID: transactionID)),
                            yes: "Expire now", no: "Keep", width: min(60, area.width - 4),
                            in: area, into: &buffer)
    }
}
