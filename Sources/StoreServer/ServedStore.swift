import Foundation
import StoreEngine
import StoreLedger
import StoreNotifications
import StoreSigning
import StorefrontText

/// One app's store as the server's routes see it: the engine, the signer of what it hands
/// out (with the store's certificate authority as its file is now), the check of bearer tokens,
/// and the wall clock.
///
/// Each request reads what other processes appended first, so a purchase made in the CLI
/// or the TUI is in the next answer.
public final class ServedStore: @unchecked Sendable {
    public let store: Store
    private let currentSigner: CurrentSigner
    let wallClock: @Sendable () -> Date
    private let keyCache = VerifyingKeyCache()
    /// The app's notifications, for the notification endpoints; nil when not served.
    let notificationFeed: NotificationFeed?
    /// Told the cause of every 500, which the answer itself leaves out (it may hold paths), so
    /// the one running the server can see it.
    private let reportInternalFailure: @Sendable (_ sentence: String) -> Void
    /// Told of every 500 answered because the store's database cannot be reached, with the
    /// sentence for it; it decides whether to say it (an outage answers many requests alike).
    private let reportUnreachable: @Sendable (_ lost: StoreUnreachable, _ sentence: String) -> Void

    /// - Parameter reportUnreachable: told of each 500 for an unreachable database instead of
    ///   `reportInternalFailure`; by default that one says it.
    public init(store: Store, signer: CurrentSigner, notificationFeed: NotificationFeed? = nil,
                wallClock: @escaping @Sendable () -> Date = { Date() },
                reportInternalFailure: @escaping @Sendable (_ sentence: String) -> Void = { _ in },
                reportUnreachable: (@Sendable (_ lost: StoreUnreachable, _ sentence: String) -> Void)? = nil) {
        self.store = store
        currentSigner = signer
        self.notificationFeed = notificationFeed
        self.wallClock = wallClock
        self.reportInternalFailure = reportInternalFailure
        self.reportUnreachable = reportUnreachable ?? { _, sentence in reportInternalFailure(sentence) }
    }

    /// The 500 for `failure`, its `cause` reported to the server's operator first; a store
    /// whose server cannot be reached is Apple's retryable 500, whatever was being done.
    func internalError(_ failure: AppStoreAPIError.InternalFailure, cause: any Error) -> AppStoreAPIError {
        if let lost = cause as? StoreUnreachable {
            reportUnreachable(lost, ServerText.storeUnreachableReport(store: lost.store.text, reason: lost.reason))
            return .storeUnreachable
        }
        reportInternalFailure(ServerText.internalFailureReport(failure.text, cause: "\(cause)"))
        return .internalError(failure)
    }

    /// The bundle id of the app served.
    public var bundleID: String { store.catalog.bundleID }

    /// The `environment` setting as Apple names it in answers ("Sandbox", "Production", ...).
    public var environmentName: String { store.environment.rawValue }

    /// Who `token` speaks for when this app's keys verify it, or a 401 saying why not.
    public func authorize(_ token: BearerToken) throws(AppStoreAPIError) -> AuthorizedCaller {
        try refreshed()
        let check = BearerTokenCheck(keys: store.inAppPurchaseKeys, bundleID: bundleID, now: wallClock(),
                                     isValidSignature: { [keyCache] key, signature, input in
                                         keyCache.publicKey(for: key)?.isValidRawSignature(signature, for: input) ?? false
                                     })
        do {
            return try check.authorize(token)
        } catch {
            // A key made after the damage is not read, and "make one" would send its owner to a
            // store that refuses every write; the operator is told instead, as for unknown ids.
            guard let keyID = token.header.kid, error == BearerTokenCheck.unknownKeyRefusal(keyID),
                  let refusal = refusalOfUnknownKey(keyID) else { throw error }
            throw refusal
        }
    }

    /// The ledger as it is now, with what others appended since the last request.
    @discardableResult
    public func refreshed() throws(AppStoreAPIError) -> LedgerState {
        do {
            if store.hasExternalChanges() { try store.refresh() }
        } catch {
            throw internalError(.readingStore, cause: error)
        }
        return store.snapshot
    }

    /// The retryable 500 to answer instead of "no such id" while the ledger is damaged, its
    /// damage told to the server's operator; nil while the store holds every event.
    ///
    /// A damaged ledger is read up to the damage, so an id after it is not found: answered as
    /// unknown, an app's server would take a purchase that was made for one never made.
    public func refusalOfUnknownIDs() -> AppStoreAPIError? {
        let cutShort = problemsCuttingLedgerShort
        guard !cutShort.isEmpty else { return nil }
        reportInternalFailure(ServerText.storeReadInPartReport(cutShort, in: store.medium))
        return .storeReadInPart
    }

    /// The retryable 500 to answer instead of "no such API key" while the ledger is damaged,
    /// where trust stops told to the server's operator; nil while the store holds every event.
    private func refusalOfUnknownKey(_ keyID: String) -> AppStoreAPIError? {
        let cutShort = problemsCuttingLedgerShort
        guard let firstUntrustedLine = cutShort.compactMap(\.firstUntrustedLine).min() else { return nil }
        reportInternalFailure(ServerText.keyReadInPartReport(
            keyID: keyID, firstUntrustedLine: firstUntrustedLine, medium: store.medium,
            problems: cutShort.map { StoreProblemText.describe($0, in: store.medium) }))
        return .keyReadInPart
    }

    /// The ledger's problems that stop its reading before some line.
    private var problemsCuttingLedgerShort: [LedgerProblem] {
        store.ledgerProblems.filter { $0.firstUntrustedLine != nil }
    }

    /// Runs a change the app's server asked for; a store that cannot record it is a 500.
    public func record(_ change: (Store) throws -> Void) throws(AppStoreAPIError) {
        do {
            try change(store)
        } catch {
            throw internalError(.recordingChange, cause: error)
        }
    }

    /// The signer of the store's certificate authority as its file is now; an authority that
    /// was replaced by one that is refused is a 500.
    public func signer() throws(AppStoreAPIError) -> TransactionSigner {
        do {
            return try currentSigner.signer()
        } catch {
            throw internalError(.signing, cause: error)
        }
    }

    /// The renewal info of `subscription`, signed now; nil for one that never renews.
    public func signedRenewalInfo(_ subscription: Entitlements.Subscription) throws(AppStoreAPIError) -> String? {
        let signer = try signer()
        do {
            return try store.signedRenewalInfo(subscription, signer: signer)
        } catch {
            throw internalError(.signing, cause: error)
        }
    }

    /// `record` signed as the store issues it now.
    public func signedTransaction(_ record: TransactionRecord) throws(AppStoreAPIError) -> String {
        let signer = try signer()
        do {
            return try store.signedTransaction(record, signer: signer)
        } catch {
            throw internalError(.signing, cause: error)
        }
    }
}
