import Foundation
import StoreEngine
import StoreCatalog
import StoreLedger
import StorefrontText
import StorePostgres

/// The store opened for one command: catalog, ledger, buyer, locale and storefront.
public struct StoreSession {
    public let catalog: Catalog
    public let store: Store
    public let buyer: Buyer
    public let locale: String
    public let storefront: String
    /// The entitlements file, or for a PostgreSQL store the prefix of the files this machine
    /// keeps for it (`StoreLocation.filesBase`): signing files are named after it.
    public let ledgerPath: String
    /// Where the store is.
    public let location: StoreLocation
    /// The store's event log (the file, or the PostgreSQL connection).
    public let log: StoreEventLog
    /// Sentences for stderr about choices the command line made that could not be honoured.
    public let warnings: [String]
    /// The locales set aside as unknown (`--locale "xx"`, `LANG="xx"`), which `warnings` words
    /// for stderr and a storefront shows when it opens.
    public var skippedLocales: [String] = []
    /// Made once per command: it holds the price and date formatters, which are costly to
    /// create and are used for every product row.
    public let text: StoreText
    /// Why the renewals and expiries due could not be recorded on opening (the ledger may not
    /// be written), when they could not; what is shown includes them all the same.
    public var catchUpSkipped: String? = nil
    /// The session that held the store's writer lock on opening, so the renewals and expiries
    /// due were not recorded (they are shown all the same); a command that writes then waits
    /// for it as any commit does. Nil when none did.
    public var catchUpHeld: StoreWriterLockHeld? = nil
    /// Says where a new PostgreSQL store's key was made, once for the whole invocation (the
    /// sessions `opening` makes share it).
    public let newKeyNotice: NewStoreKeyNotice

    /// Opens everything the command line names, or fails with the right exit status.
    public static func open(_ arguments: CommandLineArguments, environment: [String: String]) throws(CommandFailure) -> StoreSession {
        let catalog = try loadCatalog(arguments.catalogPath)
        let localeChoice = LocaleChoice.choose(explicit: arguments.locale, environment: environment,
                                               catalogLocale: catalog.initialSettings?.locale)
        let locale = localeChoice.locale
        let storefront: String
        switch BuyerContext.storefront(explicit: arguments.storefront, locale: locale, catalog: catalog) {
        case let .success(code): storefront = code
        case let .failure(error): throw CommandFailure(status: .usage, message: "\(error)")
        }
        let location = try StoreLocation.resolve(arguments, environment: environment)
        // Made before the store is opened, since opening may record renewals that fell due.
        var session = try open(catalog, at: location, buyer: Buyer(account: arguments.account, device: arguments.device),
                               locale: locale, storefront: storefront, warnings: localeChoice.warnings,
                               newKeyNotice: NewStoreKeyNotice(location))
        session.skippedLocales = localeChoice.skipped
        return session
    }

    /// The same store opened once more for `other`'s app, over a log of its own, with this
    /// session's buyer and locale (and the storefront the locale picks in that catalog):
    /// `serve` opens one per app it serves.
    func opening(_ other: Catalog) throws(CommandFailure) -> StoreSession {
        let storefront = (try? BuyerContext.storefront(explicit: nil, locale: locale, catalog: other).get()) ?? self.storefront
        return try Self.open(other, at: location, buyer: buyer, locale: locale, storefront: storefront, warnings: [],
                             newKeyNotice: newKeyNotice)
    }

    private static func open(_ catalog: Catalog, at location: StoreLocation, buyer: Buyer, locale: String, storefront: String,
                             warnings: [String], newKeyNotice: NewStoreKeyNotice) throws(CommandFailure) -> StoreSession {
        let log = try location.openLog()
        // Before the first commit, which the catch-up below may be.
        newKeyNotice.watch(log)
        do {
            let store = try openStore(catalog, log: log)
            let caughtUp = try catchUp(store, buyer: buyer, location: location)
            return StoreSession(catalog: catalog, store: store, buyer: buyer,
                                locale: locale, storefront: storefront, ledgerPath: location.filesBase, location: location, log: log,
                                warnings: warnings,
                                text: StoreText(catalog: catalog, locale: locale, storefront: storefront),
                                catchUpSkipped: caughtUp.skipped, catchUpHeld: caughtUp.held, newKeyNotice: newKeyNotice)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)",
                                 passesWithWaiting: (error as? StoreUnreachable).map { StoreUnreachable.passesWithWaiting($0.reason) } ?? false)
        }
    }

    /// The store over `log`, read through; a connection lost while reading is said to have
    /// come before the command changed anything, since opening only reads.
    static func openStore(_ catalog: Catalog, log: StoreEventLog) throws -> Store {
        do {
            return try Store(catalog: catalog, log: log)
        } catch var lost as StoreUnreachable where lost.change == .unknown {
            lost.change = .beforeAnyChange
            throw lost
        }
    }

    /// The entitlements path the arguments and environment name, or a usage failure saying
    /// what to set.
    static func ledgerPath(_ arguments: CommandLineArguments, environment: [String: String]) throws(CommandFailure) -> String {
        do {
            return try LedgerLocation.path(explicit: arguments.entitlementsPath, environment: environment)
        } catch {
            throw CommandFailure(status: .usage, message: "\(error)")
        }
    }

    /// Records the renewals and expiries that fell due while nobody watched, so the command
    /// sees the store as it is now; returns why that was not possible, if it was not: the
    /// store's refusal to be written (`skipped`), or a session holding its writer lock (`held`).
    ///
    /// The writer lock is taken only when there is something to record: reading needs no
    /// write access, and it is waited for only briefly, so a session sitting on it does not
    /// hold up a command that only reads. A damaged ledger is left alone (it is read-only), and
    /// a ledger that may not be written (a read-only file system, a folder of another user) is
    /// shown as it would be with them recorded; a command that writes then fails with its own error.
    private static func catchUp(_ store: Store, buyer: Buyer, location: StoreLocation) throws
        -> (skipped: String?, held: StoreWriterLockHeld?) {
        guard store.ledgerProblems.isEmpty else { return (nil, nil) }
        if case .file(let path) = location, !FileManager.default.fileExists(atPath: path) { return (nil, nil) }
        do {
            // A command waits for an entitlements file's lock, held for milliseconds by a
            // change, as for any change; a database's writer lock only up to 100 ms, as a
            // session left in a transaction can sit on it.
            let waits = if case .file = location { true } else { false }
            if store.hasDueEvents { try store.catchUp(waitingForLock: waits) }
            return (nil, nil)
        } catch let held as StoreWriterLockHeld {
            return (nil, held)
        } catch let error as LedgerError {
            guard let refusal = error.writeRefusal else { throw error }
            return ("\(refusal)", nil)
        } catch let error as PostgresStoreError {
            guard error.storeWriteRefusal != nil else { throw error }
            return ("\(error)", nil)
        }
    }
    static func loadCatalog(_ path: String?) throws(CommandFailure) -> Catalog {
        do {
            if let path { return try CatalogLoader.load(nameOrPath: path) }
            return try CatalogLoader.loadBundled()
        } catch {
            // A catalog refused is reported as `catalog lint` reports it, text warnings and all,
            // so both give the same count and list (the text is checked only once it is refused).
            if let path, case let report = CatalogCommands.lintReport(path), report.catalog == nil {
                throw CommandFailure(status: .dataProblem, message: "\(CatalogError(file: path, problems: report.problems))")
            }
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    /// Runs a store operation, turning storage and request errors into exit statuses.
    func perform<T>(_ operation: () throws -> T) throws(CommandFailure) -> T {
        do {
            return try operation()
        } catch {
            throw Self.failure(for: error)
        }
    }

    /// The exit status and message for an error of a store operation: the store saying no,
    /// or a data problem.
    static func failure(for error: any Error) -> CommandFailure {
        let (status, message) = ExitMapping.exit(for: error)
        return CommandFailure(status: status, message: message, refusesADamagedStore: ExitMapping.refusesADamagedStore(error))
    }
}
