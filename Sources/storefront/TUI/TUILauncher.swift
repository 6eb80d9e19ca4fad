import StorefrontText
import Foundation
import NcursesTerminal
import StoreEngine
import StoreLedger
import StoreNotifications
import StorefrontApp
import StorefrontCommands
import TerminalUI
import StorefrontRuntime
import StorePostgres

/// Opens the interactive storefront: the store from the command line's options, the terminal,
/// and the run loop; always gives the terminal back.
enum TUILauncher {
    /// True when both standard input and output are terminals, so a screen can be shown.
    static var hasTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Returns the process exit status: 0, 1 when a change under way at quitting did not go
    /// through, 2 when the terminal cannot be used, 128 + the signal's number when a signal ended it.
    static func run(_ arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> Int32 {
        let session = try openSaying(arguments, environment: environment, console: console)
        // Reads run on the loop that draws: one held up by a table lock gives up soon and shows a banner.
        (session.log as? PostgresEventLog)?.readLockWaitMilliseconds = PostgresEventLog.lockHeldWaitMilliseconds
        // Written before the screen opens, so they are still there when it closes.
        for warning in session.warnings { console.err("storefront: \(warning)") }
        // Listening starts before the notifications' reader connects: where a role's connection
        // limit leaves two, the storefront listens rather than reading on every look.
        _ = session.store.changeSignal
        let serverSide = LedgerServerSide(feed: notificationFeed(session, console: console),
                                          family: LedgerFamily(ledgerPath: session.ledgerPath),
                                          app: session.catalog.bundleID)
        let screen = NcursesScreen()
        do {
            try screen.start()
        } catch {
            console.err("storefront: \(error)")
            return ExitStatus.usage.rawValue
        }
        var state = AppState(catalog: session.catalog, buyer: session.buyer, locale: session.locale,
                             storefront: session.storefront,
                             snapshot: StoreSnapshot(store: session.store, buyer: session.buyer, storefront: session.storefront),
                             size: screen.size, seed: UInt64(truncatingIfNeeded: Int(Date().timeIntervalSince1970)),
                             unavailableReason: writeRefusal(session), now: Date())
        state.heldCatchUpReason = session.catchUpHeld.map(StorefrontScreenText.catchUpHeld)
        state.advisedOptions = console.advisedOptions
        state.notice = AppState.localesSetAsideNotice(session.skippedLocales, using: session.locale)
        // An empty store read from the role's own database is most likely a database left out
        // of the address: said over the empty list, as a reading command says it on stderr.
        if let unnamed = (session.log as? PostgresEventLog)?.unnamedDatabaseWithoutStore() {
            state.notice = Alert(title: StorefrontScreenText.noStoreHereTitle, message: "\(unnamed)", tone: .warning)
        }
        state.noticeCatalogGaps()
        state.snapshot.serverSide = serverSide.read()
        deliverUnfinished(session, into: &state, serverSide: serverSide)
        let loop = TUIRunLoop(store: session.store, terminal: screen, state: state, serverSide: serverSide,
                              writeAccess: writeAccessCheck(session))
        loop.run()
        screen.stop()
        // A change stored while Ctrl-C waited for it: its outcome was never on the screen.
        for outcome in loop.state.outcomesAfterQuitting {
            console.err("storefront: " + StorefrontScreenText.outcomeAfterQuitting(title: outcome.title, message: outcome.message))
        }
        // Once the terminal is given back, never over the screen: the first purchase on a new
        // database made its key, as a command's would.
        session.newKeyNotice.sayIfMade(console)
        if let signal = screen.terminationSignal { return 128 + signal }
        // A script that quits the storefront learns that the last change failed, as from a command.
        return (loop.state.changeFailedAfterQuitting ? ExitStatus.refused : ExitStatus.success).rawValue
    }

    /// How long a start may stay silent while it opens the store.
    static let openingNoticeDelay = 1

    /// The store the options name, opened; when that takes over `openingNoticeDelay`, a line
    /// on standard error says what it waits for, since no screen shows until it is open.
    private static func openSaying(_ arguments: CommandLineArguments, environment: [String: String],
                                   console: Console) throws -> StoreSession {
        let location = try StoreLocation.resolve(arguments, environment: environment)
        let address: String?
        switch location {
        case .file: address = nil
        case .postgres(let postgres, _, _): address = postgres.display
        }
        var saidWaiting = false
        while true {
            let notice = SlowStepNotice(after: TimeInterval(openingNoticeDelay)) {
                console.err("storefront: " + StorefrontScreenText.stillOpening(database: address, file: location.filesBase,
                                                                              seconds: openingNoticeDelay))
            }
            let failure: CommandFailure
            do {
                let session = try StoreSession.open(arguments, environment: environment)
                notice.finish()
                return session
            } catch let failed as CommandFailure {
                notice.finish()
                failure = failed
            } catch {
                notice.finish()
                throw error
            }
            // A server not started yet, restarting or with no connection free: the storefront
            // waits for it, as an open one does, rather than leaving as a command would.
            guard failure.passesWithWaiting else { throw failure }
            if !saidWaiting {
                console.err("storefront: \(failure.message)")
                console.err("storefront: " + StorefrontScreenText.waitingForServer(seconds: Int(serverWaitInterval)))
                saidWaiting = true
            }
            Thread.sleep(forTimeInterval: serverWaitInterval)
        }
    }

    /// How long a storefront that started while its store's server could not take it waits
    /// before trying again.
    static let serverWaitInterval: TimeInterval = 2

    /// Why the store cannot be written, so the storefront opens read-only (as reading commands
    /// show such a store) rather than failing on the renewals it would record or the first key.
    static func writeRefusal(_ session: StoreSession) -> String? {
        switch session.location {
        case .file:
            if let refusal = session.writeRefusalNow() { return refusal }
        case .postgres(let address, _, _):
            let refusal = session.writeRefusalNow() ?? session.catchUpSkipped
            return refusal.map { StorefrontScreenText.storeCannotBeWritten(address.display, reason: $0) }
        }
        return session.catchUpSkipped.map { StorefrontScreenText.cannotWrite(reason: "\($0)") }
    }

    /// The start-up check, asked again while the storefront is open: an entitlements file's on
    /// each change noticed to it (a file made immutable or read-only turns the storefront
    /// read-only, and writable again, back); a database role's INSERT privilege on a timer while
    /// read-only, since privileges move nothing the follower sees (a revoke is found by the next
    /// commit it refuses).
    static func writeAccessCheck(_ session: StoreSession) -> WriteAccessCheck? {
        switch session.location {
        case .file(let path):
            return WriteAccessCheck { LedgerWriteAccess.refusal(ledgerPath: path) }
        case .postgres(let address, _, _):
            guard let log = session.log as? PostgresEventLog else { return nil }
            return WriteAccessCheck(schedule: .whileRefused(every: privilegeRecheckInterval)) {
                log.writeRefusal().map { StorefrontScreenText.storeCannotBeWritten(address.display, reason: $0) }
            }
        }
    }

    /// How often a storefront read-only for its role's privileges asks whether they were
    /// granted: as often as a damaged store is read again, so a grant shows within seconds.
    static let privilegeRecheckInterval = PostgresEventLog.defaultDamagedRecheckInterval

    /// The feed the transaction detail's notifications come from; nil, after saying why on
    /// standard error, when the store's signing authority cannot be read.
    private static func notificationFeed(_ session: StoreSession, console: Console) -> NotificationFeed? {
        do {
            // Read on the loop that draws, like the store: a table lock holds it up 100 ms, not lock_timeout.
            return try session.notificationFeed(readLockWaitMilliseconds: PostgresEventLog.lockHeldWaitMilliseconds)
        } catch {
            console.err("storefront: \(StorefrontScreenText.notificationsUnavailable(reason: error.message))")
            return nil
        }
    }

    /// Transactions an app left unfinished are delivered when the storefront starts, once.
    private static func deliverUnfinished(_ session: StoreSession, into state: inout AppState, serverSide: LedgerServerSide) {
        guard state.readOnlyReason == nil, session.store.ledgerProblems.isEmpty, !session.store.unfinishedTransactions(for: session.buyer).isEmpty else { return }
        do {
            let delivered = try session.store.deliverUnfinished(session.buyer)
            var snapshot = StoreSnapshot(store: session.store, buyer: session.buyer, storefront: session.storefront)
            snapshot.serverSide = serverSide.read()
            _ = update(&state, .storeChanged(snapshot))
            if !delivered.isEmpty {
                _ = update(&state, .unfinishedDelivered(delivered))
            }
        } catch {
            _ = update(&state, .operationFailed(message: "\(error)"))
        }
    }
}
