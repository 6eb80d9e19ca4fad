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
    var text: StoreText { StoreText(catalog: catalog, locale: locale, storefront: storefront) }

    /// Opens everything the command line names, or fails with the right exit status.
    static func open(_ arguments: CommandLineArguments, environment: [String: String]) throws(CommandFailure) -> StoreSession {
        let catalog = try loadCatalog(arguments.catalogPath)
        let locale = BuyerContext.locale(explicit: arguments.locale, environment: environment)
        let storefront: String
        switch BuyerContext.storefront(explicit: arguments.storefront, locale: locale, catalog: catalog) {
        case let .success(code): storefront = code
        case let .failure(error): throw CommandFailure(status: .usage, message: "\(error)")
        }
        let ledgerPath = LedgerLocation.path(explicit: arguments.entitlementsPath, environment: environment)
        do {
            let log = try LedgerEventLog.open(path: ledgerPath)
            let store = try Store(catalog: catalog, log: log)
            return StoreSession(catalog: catalog, store: store, buyer: Buyer(account: arguments.account, device: arguments.device),
                                locale: locale, storefront: storefront, ledgerPath: ledgerPath)
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
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }
}
