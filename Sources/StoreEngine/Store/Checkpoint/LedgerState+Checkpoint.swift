import Foundation
import StoreCatalog

/// A folded state written into a checkpoint, and read back, so that opening a long ledger
/// need not decode and fold every event again.
extension LedgerState {
    /// Names the payload's layout. Change it whenever what `checkpointPayload` writes changes
    /// (a test pins the layout's bytes) or an event comes to fold differently, so checkpoints
    /// written by another version are passed over rather than trusted.
    static let checkpointLayout = "storefront-state 17"

    /// Every value of the state, after the inputs it was folded with (`fingerprint`). Sets and
    /// dictionaries are written sorted, so equal states give equal bytes.
    func checkpointPayload(initialSettings: StoreSettings, initialTimeRate: TimeRate = .realTime) -> [UInt8] {
        var writer = CheckpointWriter()
        writer.write(Self.checkpointLayout)
        writer.write(bytes: Self.fingerprint(app: app, creditScopes: creditScopes, initialSettings: initialSettings,
                                             initialTimeRate: initialTimeRate))
        transactions.write(to: &writer)
        writer.write(deliveries.sorted()) { $0.write(Int64(bitPattern: $1)) }
        let sortedBalances = balances.sorted {
            ($0.key.account, $0.key.device ?? "", $0.key.credit) < ($1.key.account, $1.key.device ?? "", $1.key.credit)
        }
        writer.write(sortedBalances) { writer, balance in
            writer.write(balance.key.account)
            writer.write(balance.key.device) { $0.write($1) }
            writer.write(balance.key.credit)
            writer.write(balance.value)
        }
        spendIDs.write(to: &writer)
        writer.write(renewalKeys.sorted()) { $0.write($1) }
        writer.write(subscriptions.sorted { $0.key < $1.key }) { writer, chain in chain.value.write(to: &writer) }
        writer.write(purchasesDisallowed.sorted()) { $0.write($1) }
        writer.write(nextOutcome.sorted { $0.key < $1.key }) { writer, outcome in
            writer.write(outcome.key)
            writer.write(outcome.value.rawValue)
        }
        settings.write(to: &writer)
        writer.write(timeline.anchorReal)
        writer.write(timeline.anchorStore)
        writer.write(timeline.rate.rawValue)
        writer.write(accounts) { $0.write($1) }
        writer.write(devices) { $0.write($1) }
        writer.write(Int(highestTransactionNumber))
        writer.write(eventCount)
        writer.write(inAppPurchaseKeys) { writer, key in
            for text in [key.keyID, key.issuerID, key.publicKey] { writer.write(text) }
            writer.write(key.created)
            writer.write(key.revoked) { $0.write($1) }
        }
        writer.write(usedOfferNonces.sorted()) { $0.write($1) }
        writeServerRequests(to: &writer)
        writer.write(otherApps.sorted()) { $0.write($1) }
        return writer.bytes
    }

    /// The state a checkpoint holds; it must have been folded for the same app with the same
    /// credit scopes and initial settings, or the fold would differ.
    init(checkpointPayload payload: ArraySlice<UInt8>, app: String, creditScopes: [String: CreditScope],
         initialSettings: StoreSettings, initialTimeRate: TimeRate = .realTime) throws(CheckpointFormatError) {
        self.init(app: app, creditScopes: creditScopes, initialSettings: initialSettings, initialTimeRate: initialTimeRate)
        var reader = CheckpointReader(payload)
        guard try reader.readString() == Self.checkpointLayout else {
            throw CheckpointFormatError(reason: "it was written in another layout")
        }
        let text = { (reader: inout CheckpointReader) throws(CheckpointFormatError) -> String in try reader.readString() }
        let expected = Self.fingerprint(app: app, creditScopes: creditScopes, initialSettings: initialSettings,
                                        initialTimeRate: initialTimeRate)
        guard try reader.readBytes().elementsEqual(expected) else {
            throw CheckpointFormatError(reason: "it was made for another app or catalog")
        }
        transactions = try TransactionTable(from: &reader)
        deliveries = Set(try reader.readList { reader throws(CheckpointFormatError) in UInt64(bitPattern: try reader.readInt64()) })
        for _ in 0..<(try reader.readCount()) {
            let key = CreditKey(account: try reader.readString(), device: try reader.readOptional(text), credit: try reader.readString())
            balances[key] = try reader.readInt()
        }
        spendIDs = try SpendIDSet(from: &reader)
        renewalKeys = Set(try reader.readList(text))
        for chain in try reader.readList(SubscriptionChain.init(from:)) { subscriptions[chain.originalID] = chain }
        purchasesDisallowed = Set(try reader.readList(text))
        for _ in 0..<(try reader.readCount()) {
            nextOutcome[try reader.readString()] = try reader.readEnum(PurchaseSimulation.self)
        }
        settings = try StoreSettings(from: &reader)
        timeline = StoreTimeline(anchorReal: try reader.readDate(), anchorStore: try reader.readDate(),
                                 rate: try reader.readEnum(TimeRate.self))
        accounts = try reader.readList(text)
        devices = try reader.readList(text)
        // Before the app's first event the catalog's rate waits to be anchored (see `apply`).
        if accounts.isEmpty { timeline = .startingAtFirstEvent(rate: initialTimeRate) }
        accountSet = Set(accounts)
        deviceSet = Set(devices)
        highestTransactionNumber = try reader.readInt64()
        eventCount = try reader.readInt()
        inAppPurchaseKeys = try reader.readList { reader throws(CheckpointFormatError) in
            InAppPurchaseKey(keyID: try reader.readString(), issuerID: try reader.readString(),
                             publicKey: try reader.readString(), created: try reader.readDate(),
                             revoked: try reader.readOptional { reader throws(CheckpointFormatError) in try reader.readDate() })
        }
        usedOfferNonces = Set(try reader.readList(text))
        try readServerRequests(from: &reader)
        otherApps = Set(try reader.readList(text))
        guard reader.isAtEnd else { throw CheckpointFormatError(reason: "it has bytes after the state") }
    }

    /// What the fold depends on besides the events, as numbers to compare.
    private static func fingerprint(app: String, creditScopes: [String: CreditScope], initialSettings: StoreSettings,
                                    initialTimeRate: TimeRate) -> [UInt8] {
        var writer = CheckpointWriter()
        writer.write(app)
        writer.write(creditScopes.sorted { $0.key < $1.key }) { writer, scope in
            writer.write(scope.key)
            writer.write(scope.value.rawValue)
        }
        initialSettings.write(to: &writer)
        // Left out at real time, so checkpoints of catalogs without a rate stay usable.
        if initialTimeRate != .realTime { writer.write(initialTimeRate.rawValue) }
        return writer.bytes
    }
}

extension StoreSettings {
    func write(to writer: inout CheckpointWriter) {
        for flag in [askToBuy, interruptedPurchases, billingRetry, gracePeriod] { writer.write(flag) }
        writer.write(environment.rawValue)
        writer.write(promotionalOfferSignatures.rawValue)
        writer.write(receiptSharedSecret) { $0.write($1) }
        writer.write(notificationURL?.text) { $0.write($1) }
        writer.write(failures.sorted { $0.key.rawValue < $1.key.rawValue }) { writer, failure in
            writer.write(failure.key.rawValue)
            writer.write(failure.value.settingValue)
        }
    }

    init(from reader: inout CheckpointReader) throws(CheckpointFormatError) {
        self.init()
        askToBuy = try reader.readBool()
        interruptedPurchases = try reader.readBool()
        billingRetry = try reader.readBool()
        gracePeriod = try reader.readBool()
        environment = try reader.readEnum(StoreEnvironment.self)
        promotionalOfferSignatures = try reader.readEnum(OfferSignatureRequirement.self)
        receiptSharedSecret = try reader.readOptional { reader throws(CheckpointFormatError) in try reader.readString() }
        if let text = try reader.readOptional({ reader throws(CheckpointFormatError) in try reader.readString() }) {
            guard let url = try? NotificationURL.parseSetting(text) else {
                throw CheckpointFormatError(reason: "\"\(text)\" is not a notification URL")
            }
            notificationURL = url
        }
        for _ in 0..<(try reader.readCount()) {
            let operation = try reader.readEnum(StoreOperation.self)
            let value = try reader.readString()
            guard let failure = InjectedFailure(settingValue: value) else {
                throw CheckpointFormatError(reason: "\"\(value)\" is not an injected error")
            }
            failures[operation] = failure
        }
    }
}

extension SubscriptionChain {
    func write(to writer: inout CheckpointWriter) {
        for text in [originalID, account, group, productID, latestTransactionID] { writer.write(text) }
        for date in [originalPurchaseDate, periodStart, expiresDate] { writer.write(date) }
        writer.write(status.rawValue)
        writer.write(willAutoRenew)
        writer.write(pendingProductID) { $0.write($1) }
        writer.write(expirationReason) { $0.write($1.rawValue) }
        writer.write(gracePeriodExpiresDate) { $0.write($1) }
        writer.write(billingRetryStartDate) { $0.write($1) }
        writer.write(offer) { $0.write($1.rawValue) }
        writer.write(offerPeriodsLeft)
        writer.write(renewalCount)
        writer.write(billingAnchor)
        writer.write(revocationDate) { $0.write($1) }
        writer.write(accessEndDate) { $0.write($1) }
    }

    init(from reader: inout CheckpointReader) throws(CheckpointFormatError) {
        let text = { (reader: inout CheckpointReader) throws(CheckpointFormatError) -> String in try reader.readString() }
        let date = { (reader: inout CheckpointReader) throws(CheckpointFormatError) -> Date in try reader.readDate() }
        self.init(
            originalID: try reader.readString(), account: try reader.readString(), group: try reader.readString(),
            productID: try reader.readString(), latestTransactionID: try reader.readString(),
            originalPurchaseDate: try reader.readDate(), periodStart: try reader.readDate(), expiresDate: try reader.readDate(),
            status: try reader.readEnum(Status.self), willAutoRenew: try reader.readBool(),
            pendingProductID: try reader.readOptional(text),
            expirationReason: try reader.readOptional { reader throws(CheckpointFormatError) in try reader.readEnum(ExpirationReason.self) },
            gracePeriodExpiresDate: try reader.readOptional(date), billingRetryStartDate: try reader.readOptional(date),
            offer: try reader.readOptional { reader throws(CheckpointFormatError) in try reader.readEnum(AppliedOffer.self) }, offerPeriodsLeft: try reader.readInt(), renewalCount: try reader.readInt(),
            billingAnchor: try reader.readDate(), revocationDate: try reader.readOptional(date),
            accessEndDate: try reader.readOptional(date))
    }
}
