import TerminalUI

/// The question before turning a subscription's renewal off (what stops, and until when it
/// runs), or before unsubscribing from a free subscription.
enum CancelRenewalConfirmationView {
    static func draw(transactionID: String, state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let (title, question) = state.cancelRenewalQuestion(of: transactionID),
              let record = state.snapshot.transactions.first(where: { $0.id == transactionID }) else { return }
        let unsubscribes = record.productType == .freeSubscription
        QuestionDialog.draw(title: title, question: question,
                            note: state.changeNote(of: .cancelRenewalConfirmation(transactionID: transactionID)),
                            yes: unsubscribes ? "Unsubscribe" : "Cancel renewal", no: unsubscribes ? "Stay subscribed" : "Keep renewing",
                            width: min(60, area.width - 4), in: area, into: &buffer)
    }
}
