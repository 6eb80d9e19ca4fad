import Foundation
import StoreEngine

/// The store opened for one command: catalog, ledger, buyer, locale and storefront.
struct StoreSession {
    let catalog: Catalog
    let store: Store
    let buyer: Buyer
    let locale: String
    let storefront: String
    let ledgerPath: String
    /// Sentences for stderr about choices the command line made that could not be honoured.
    let warnings: [String]
    /// Made once per command: it holds the price and date formatters, which are costly to
    /// create and are used for every product row.
    let text: StoreText

    /// Opens everything the command line names, or fails with the right exit status.
    static func open(_ arguments: CommandLineArguments, environment: [String: String]) throws(CommandFailure) -> StoreSession {
        let catalog = try loadCatalog(arguments.catalogPath)
        let localeChoice = LocaleChoice.choose(explicit: arguments.locale, environment: environment,
                                               catalogLocale: catalog.initialSettings?.locale)
        let locale = localeChoice.locale
        let storefront: String
        switch BuyerContext.storefront(explicit: arguments.storefront, locale: locale, catalog: catalog) {
        case let .success(code): storefront = code
        case let .failure(error): throw CommandFailure(status: .usage, message: "\(error)")
        }
        let ledgerPath = LedgerLocation.path(explicit: arguments.entitlementsPath, environment: environment)
        do {
            let log = try LedgerEventLog.open(path: ledgerPath)
            let store = try Store(catalog: catalog, log: log)
            // Renewals and expiries that fell due while nobody watched are recorded before
            // the command runs, so it sees the store as it is now. A damaged ledger is left
            // alone: it is read-only, and reading commands still work on the projected state.
            if store.ledgerProblems.isEmpty, FileManager.default.fileExists(atPath: ledgerPath) {
                try store.applyCatalogTimeRate(buyer: Buyer(account: arguments.account, device: arguments.device))
                try store.catchUp()
            }
            return StoreSession(catalog: catalog, store: store, buyer: Buyer(account: arguments.account, device: arguments.device),
                                locale: locale, storefront: storefront, ledgerPath: ledgerPath, warnings: localeChoice.warnings,
                                text: StoreText(catalog: catalog, locale: locale, storefront: storefront))
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    static func loadCatalog(_ path: String?) throws(CommandFailure) -> Catalog {
        do {
            if let path { return try CatalogLoader.load(path: path) }
            return try CatalogLoader.loadBundled()
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    /// Runs a store operation, turning storage and request errors into exit statuses.
    func perform<T>(_ operation: () throws -> T) throws(CommandFailure) -> T {
        do {
            return try operation()
        } catch let error as StoreError {
            throw CommandFailure(status: .refused, message: "\(error)")
        } catch let failure as StoreFailure {
            throw CommandFailure(status: .refused, message: "\(failure)")
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }
}
