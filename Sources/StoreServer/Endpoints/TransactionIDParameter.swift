import StorefrontText
/// A transaction id in a path, checked as Apple checks it: digits only.
enum TransactionIDParameter {
    /// `text` when it is a transaction id, or 400 with Apple's InvalidTransactionIdError.
    static func parse(_ text: String, code: Int = AppStoreAPIError.Code.invalidTransactionID) throws(AppStoreAPIError) -> String {
        guard !text.isEmpty, text.utf8.count <= 19, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .badRequest(code, ServerText.notATransactionID(text))
        }
        return text
    }
}
