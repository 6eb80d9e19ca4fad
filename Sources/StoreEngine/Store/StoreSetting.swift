/// Settings the ledger records, so every process sees the same store.
public enum StoreSetting: String, Sendable, CaseIterable {
    /// Per device: whether purchases are allowed (parental restrictions); "true" or "false".
    case purchasesAllowed = "purchases-allowed"
    /// Per device, one shot: the outcome of the next purchase ("succeed", "cancel", "fail").
    case nextPurchaseOutcome = "next-purchase"
}

/// An outcome to force on a purchase, for testing the app's failure paths.
public enum PurchaseSimulation: String, Sendable, CaseIterable, Codable {
    case succeed
    case cancel
    case fail
}
