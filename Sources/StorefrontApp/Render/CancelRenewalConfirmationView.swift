import StorefrontText
import StoreEngine
import TerminalUI

/// The question before turning a subscription's renewal off: what stops, and until when it runs.
enum CancelRenewalConfirmationView {
    static func draw(transactionID: String, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let record = state.snapshot.transactions.first(where: { $0.id == transactionID }) else { return }
        let text = state.text
        let width = min(60, area.width - 4)
        if record.productType == .freeSubscription {
            QuestionDialog.draw(title: "Unsubscribe", question: StorefrontPaneText.unsubscribeQuestion(productID: record.productID, text: text),
                                yes: "Unsubscribe", no: "Stay subscribed", width: width, in: area, into: &buffer)
            return
        }
        let subscription = state.snapshot.subscription(latest: record.id)
        let message = StorefrontPaneText.cancelRenewalQuestion(
            productID: record.productID, expiry: subscription?.expiresDate,
            graceEnds: subscription?.state == .inGracePeriod ? subscription?.gracePeriodExpiresDate : nil,
            now: state.storeNow, text: text)
        QuestionDialog.draw(title: "Cancel renewal", question: message, yes: "Cancel renewal", no: "Keep renewing",
                            width: width, in: area, into: &buffer)
    }
}
