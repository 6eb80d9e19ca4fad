import Foundation
import StoreEngine
import StoreLedger
import StoreNotifications
import StorePostgres
import StoreSigning
import StorefrontText

/// `storefront notifications [--json]`: every App Store Server Notification of this app, with
/// its delivery attempts.
enum NotificationCommands {
    static func list(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let feed = try session.notificationFeed()
        // Oldest first by their dates: a renewal paid ahead is dated when its period begins,
        // after notifications of events recorded later.
        let notifications = (try feed?.refresh().notifications ?? []).enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        let server = ServerPresence.servingAddress(LedgerFamily(ledgerPath: session.ledgerPath),
                                                   app: session.catalog.bundleID)
        if arguments.json {
            try console.json(JSONShapes.NotificationList(notifications: notifications.map(entry), servedBy: server))
            return .success
        }
        // What keeps servers from delivering, or from being seen, is named here too: a server
        // names it only once, in its own terminal.
        let addressBlocker = server == nil ? ServerSideFileBlocker.sentence(session, role: .address) : nil
        let claimBlocker = server == nil ? ServerSideFileBlocker.sentence(session, role: .deliveryClaim) : nil
        let blockers = [addressBlocker, claimBlocker].compactMap { $0 }
        guard !notifications.isEmpty else {
            // Without a feed there is no store yet, so no URL either; opening one would make it.
            let url = feed == nil ? nil : session.store.snapshot.settings.notificationURL?.text
            console.out(CommandLineText.Notifications.none(sentTo: url))
            blockers.forEach(console.out)
            return .success
        }
        let anyWaiting = notifications.contains { if case .pending = $0.deliveryState { true } else { false } }
        console.out(server.map(CommandLineText.Notifications.servedBy)
            ?? (addressBlocker != nil ? CommandLineText.Notifications.notAnnounced : CommandLineText.Notifications.notServed(anyWaiting: anyWaiting)))
        blockers.forEach(console.out)
        for notification in notifications {
            let kind = [notification.type.rawValue, notification.subtype?.rawValue].compactMap { $0 }.joined(separator: "/")
            console.out(CommandLineText.Notifications.listed(date: session.text.dateTime(notification.time), kind: kind,
                                                             transactionID: notification.transactionID,
                                                             state: notification.deliveryState.name, id: notification.id))
            for attempt in notification.attempts {
                console.out(CommandLineText.Notifications.attempt(date: session.text.dateTime(attempt.storeTime),
                                                                  outcome: attempt.outcome.summary))
            }
            if case let .pending(due) = notification.deliveryState, !notification.attempts.isEmpty {
                console.out(CommandLineText.Notifications.nextAttempt(date: session.text.dateTime(due)))
            }
        }
        return .success
    }

    static func entry(_ notification: StoreNotification) -> JSONShapes.NotificationEntry {
        let next: Date? = if case let .pending(due) = notification.deliveryState { due } else { nil }
        return JSONShapes.NotificationEntry(
            notificationUUID: notification.id, notificationType: notification.type.rawValue,
            subtype: notification.subtype?.rawValue, transactionId: notification.transactionID,
            originalTransactionId: notification.originalTransactionID, productId: notification.productID,
            account: notification.account, date: notification.time, state: notification.deliveryState.name,
            nextAttemptDate: next,
            sendAttempts: notification.attempts.map { attempt in
                let code: Int? = if case let .answered(code) = attempt.outcome { code } else { nil }
                return JSONShapes.SendAttempt(attemptDate: attempt.storeTime, wallClockDate: attempt.wallTime,
                                              sendAttemptResult: attempt.outcome.sendAttemptResult, statusCode: code)
            })
    }
}

extension StoreSession {
    /// A feed of this app's notifications over a connection of its own to the store; nil
    /// while the store holds nothing yet (no ledger file, or a database without the store's
    /// header), and so no notification.
    /// `readLockWaitMilliseconds`: how long the feed's reads wait for a lock on a database's
    /// tables (see `PostgresEventLog.readLockWaitMilliseconds`); nil for the session's `lock_timeout`.
    public func notificationFeed(readLockWaitMilliseconds: Int? = nil) throws(CommandFailure) -> NotificationFeed? {
        switch location {
        case .file(let path):
            guard FileManager.default.fileExists(atPath: path) else { return nil }
        case .postgres:
            guard try storeHeaderLine() != nil else { return nil }
        }
        return try servedNotificationFeed(formerAuthority: try currentAuthority(), readLockWaitMilliseconds: readLockWaitMilliseconds)
    }

    /// The store's certificate authority, for the attempts recorded under the UUIDs it gave;
    /// nil when there is none yet. A refused one fails the command as it fails `serve`: without
    /// it those attempts would be listed as never made.
    private func currentAuthority() throws(CommandFailure) -> CertificateAuthority? {
        do {
            return try TransactionSigner(ledgerPath: ledgerPath, keyPath: location.keyPath, missingAuthority: .fail).authority
        } catch .authorityMissing {
            return nil
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }
}

extension StoreSession {
    /// The notification feed a server follows, over a connection of its own to the store. A
    /// database that holds no store yet gets its tables and header first, as a first write
    /// would make them: the server records delivery attempts there, and the header names the
    /// store's notifications.
    ///
    /// Both kinds of store name their notifications by their header line, which lives as long
    /// as the store; an entitlements file's certificate authority named them before, so the
    /// authority the file has now (`formerAuthority`) still finds attempts recorded then.
    func servedNotificationFeed(formerAuthority: CertificateAuthority?,
                                readLockWaitMilliseconds: Int? = nil) throws(CommandFailure) -> NotificationFeed {
        do {
            let identity: NotificationIdentity
            var former: [NotificationIdentity] = []
            switch location {
            case .file(let path):
                guard let header = try LedgerFile<StoreEvent>(path: path).headerLine() else {
                    throw CommandFailure(status: .dataProblem, message: CommandLineText.Notifications.noLedgerHeader(path))
                }
                identity = try NotificationIdentity(storeHeaderLine: header)
                if let formerAuthority { former.append(try NotificationIdentity(authority: formerAuthority)) }
            case .postgres(let address, _, _):
                if try storeHeaderLine() == nil { try (log as? PostgresEventLog)?.initialize() }
                guard let header = try storeHeaderLine() else {
                    throw PostgresStoreError.noStore(store: address.shown, namesDatabase: address.namesDatabase)
                }
                identity = try NotificationIdentity(storeHeaderLine: header)
            }
            let feedLog = try location.openLog()
            (feedLog as? PostgresEventLog)?.readLockWaitMilliseconds = readLockWaitMilliseconds
            return NotificationFeed(log: feedLog, catalog: catalog, identity: identity, formerIdentities: former)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    /// The header line of a store on PostgreSQL; nil for a database that holds no store yet.
    private func storeHeaderLine() throws(CommandFailure) -> String? {
        do {
            return try (log as? PostgresEventLog)?.storeHeaderLine()
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    /// The claim to be the one process delivering this app's notifications from this store.
    func deliveryClaim() -> any DeliveryClaim {
        switch location {
        case .file(let path): LedgerDeliveryClaim(family: LedgerFamily(ledgerPath: path), app: catalog.bundleID)
        case .postgres(let address, _, _): PostgresDeliveryClaim(address: address, app: catalog.bundleID)
        }
    }
}

/// One process's claim to deliver an app's notifications from a store (a lock on a file beside
/// the ledger, or an advisory lock in the database), so servers sharing a store send each
/// notification once.
protocol DeliveryClaim: Sendable {
    /// Whether this process holds the claim now, taking it when nobody does; throws when the
    /// store's server, which keeps the claim, cannot be reached.
    func isHeld() throws(StoreUnreachable) -> Bool
    /// After `isHeld` said no: what stands at the claim file's path when it is no file a claim
    /// can be kept in (nil when another server holds the claim, or the claim is no file).
    func obstacle() -> FileKind?
    /// Gives the claim up.
    func release()
}

extension LedgerDeliveryClaim: DeliveryClaim {}
extension PostgresDeliveryClaim: DeliveryClaim {
    /// An advisory lock in the database: nothing at a path can stand in its way.
    func obstacle() -> FileKind? { nil }
}

/// Tells the server's operator when delivering notifications fails, once per distinct
/// problem, so a damaged ledger does not print a line every second. An unreachable store is
/// not such a failure: `DeliveryStateReport` tells of it.
final class DeliveryProblemReport: @unchecked Sendable {
    private let console: AppConsole
    private let lock = NSLock()
    private var last: String?

    init(console: AppConsole) {
        self.console = console
    }

    func report(_ error: Error) {
        let message = "\(error)"
        let isNew = lock.withLock {
            defer { last = message }
            return last != message
        }
        if isNew { console.warn(CommandLineText.Notifications.deliveryFailed(message)) }
    }
}

/// The server's stderr for what concerns one app: when it serves several, each warning names
/// the app it is about.
struct AppConsole: Sendable {
    let console: Console
    /// The app's bundle id, when the server serves more than this app; nil when it serves one.
    let app: String?

    func warn(_ sentence: String) {
        console.err(CommandLineText.Report.warning(aboutApp(sentence)))
    }

    /// A line of the delivery's report: a warning, or news that needs no action.
    func say(_ line: DeliveryStateReport.Line) {
        switch line {
        case .warning(let sentence): warn(sentence)
        case .notice(let sentence): console.err(CommandLineText.Report.notice(aboutApp(sentence)))
        }
    }

    private func aboutApp(_ sentence: String) -> String {
        app.map { ServerText.aboutApp($0, sentence) } ?? sentence
    }
}
