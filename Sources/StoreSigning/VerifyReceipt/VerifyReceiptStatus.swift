/// The `status` of a `/verifyReceipt` answer, with Apple's numbers.
public enum VerifyReceiptStatus: Int, Sendable, Codable, CaseIterable {
    /// The receipt is valid.
    case valid = 0
    /// The body is not JSON with a `receipt-data` string, or the receipt is not one.
    case malformed = 21002
    /// The receipt was not signed by this store's certificate authority.
    case notAuthentic = 21003
    /// The app has a shared secret (`receipt-shared-secret`) and `password` is not it.
    case wrongSharedSecret = 21004
    /// The receipt could not be answered for now (signing the latest receipt failed).
    case unavailable = 21005
    /// A sandbox receipt sent to a store whose environment is Production: send it to a sandbox store.
    case sandboxReceiptInProduction = 21007
    /// A production receipt sent to a store whose environment is not Production.
    case productionReceiptInSandbox = 21008
    /// The receipt is authentic but names an app this store does not serve.
    case unknownApp = 21010
}
