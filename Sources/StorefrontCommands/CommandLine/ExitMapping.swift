import StoreEngine
import StoreLedger

/// The one place that turns what ended a command into its exit status and message, so the
/// same error exits the same from every command (the rules are the README's "Exit status").
public enum ExitMapping {
    /// The exit status and the message for people (stderr) for `error`.
    public static func exit(for error: any Error) -> (status: ExitStatus, message: String) {
        switch error {
        case let error as UsageError: (.usage, error.description)
        case let failure as CommandFailure: (failure.status, failure.message)
        case let error as StoreError: (status(for: error), error.description)
        case let failure as StoreFailure: (.refused, failure.description)
        // The server is down or cut off: like a ledger that cannot be read, a data problem.
        case let lost as StoreUnreachable: (.dataProblem, "\(lost)")
        default: (.dataProblem, "\(error)")
        }
    }

    /// Whether `error` is a change refused because the store is damaged: its words list the
    /// problems, which the warning of a damaged store would say again.
    public static func refusesADamagedStore(_ error: any Error) -> Bool {
        if case .refusedForWriting? = error as? LedgerError { return true }
        return (error as? CommandFailure)?.refusesADamagedStore ?? (error is StoreDamaged)
    }

    /// 2 when the command line named something that does not exist or gave a value that is
    /// not one (a mistake in what was typed); 1 when the store says no to a valid request.
    public static func status(for error: StoreError) -> ExitStatus {
        switch error {
        case .unknownCredit, .invalidAmount, .invalidSettingValue, .invalidNotificationURL, .pastLatestStoreTime: .usage
        case .unknownTransaction, .notRefundable, .transactionOfAnotherAccount, .purchaseOfAnotherAccount, .subscriptionOfAnotherAccount,
             .unknownSubscription, .subscriptionOnAnotherPlan, .subscriptionEnded, .subscriptionNotInBillingRetry, .billingNotRetriedWithAutoRenewOff,
             .renewalChangedSinceShown, .periodBeginsAfterStoreTimeStops,
             .subscriptionChangedSinceShown, .switchChangedSinceShown, .transactionChangedSinceShown,
             .notAwaiting, .freeSubscriptionNotRefundable, .nothingLeftToRefund, .freeSubscriptionNotRenewing, .unknownInAppPurchaseKey, .planNotInCatalog: .refused
        }
    }

    /// The exit status of a purchase outcome: 0 when it went through (or changed a plan), 2 when
    /// it named a product, offer or quantity the catalog does not have, else 1.
    public static func status(for outcome: PurchaseOutcome) -> ExitStatus {
        switch outcome {
        case .purchased, .alreadyOwned, .changeScheduled, .renewalResumed: .success
        case .refused(.unknownProduct), .refused(.unknownOffer), .refused(.invalidQuantity): .usage
        case .cancelled, .failed, .refused, .pending, .needsAction: .refused
        }
    }
}
