import Foundation
import StoreEngine
import StoreLedger
import StorePostgres
import StorefrontText

/// Which store a command works on: an entitlements file, or a team store on PostgreSQL.
public enum StoreLocation: Sendable {
    case file(path: String)
    /// `filesBase` prefixes the files kept on this machine for the store: its key and signing files.
    case postgres(PostgresAddress, keyPath: String, filesBase: String)

    /// `--store`, else `--entitlements`, else `$STOREFRONT_STORE`, else the entitlements file's
    /// default (`LedgerLocation`).
    public static func resolve(_ arguments: CommandLineArguments, environment: [String: String]) throws(CommandFailure) -> StoreLocation {
        if let store = arguments.storeAddress, !store.isEmpty {
            guard !isBlank(store) else { throw CommandFailure(status: .usage, message: CommandLineText.Stores.blankStore("--store")) }
            return try named(store, givenBy: "--store", environment: environment)
        }
        if arguments.entitlementsPath == nil, let store = environment["STOREFRONT_STORE"] {
            // Taken as unset, an empty value would quietly put a team's commands on a file of their own.
            guard !store.isEmpty else { throw CommandFailure(status: .usage, message: CommandLineText.Stores.emptyStoreVariable) }
            guard !isBlank(store) else {
                throw CommandFailure(status: .usage, message: CommandLineText.Stores.blankStore("STOREFRONT_STORE"))
            }
            return try named(store, givenBy: "STOREFRONT_STORE", environment: environment, namedByEnvironment: true)
        }
        return .file(path: try StoreSession.ledgerPath(arguments, environment: environment))
    }

    /// The store `text` names: a PostgreSQL URI or keyword string, else a file's path.
    /// `givenBy` is the option or variable that held it, which a refusal of a malformed address
    /// names. `namedByEnvironment`: `text` is `STOREFRONT_STORE`'s, which then names the store
    /// for the commands that messages advise, too.
    public static func named(_ text: String, givenBy: String, environment: [String: String],
                             namedByEnvironment: Bool = false) throws(CommandFailure) -> StoreLocation {
        guard PostgresAddress.looksLikeAddress(text) else {
            // "postgresq://…" or "postgresql:/…" is a mistyped address, not a folder named
            // "postgresq:": taken as a path it would quietly become a new entitlements file.
            if let start = PostgresAddress.misspelledScheme(in: text) {
                throw CommandFailure(status: .usage, message: CommandLineText.Files.misspelledPostgresScheme(start))
            }
            if let scheme = PostgresAddress.unknownScheme(in: text) {
                throw CommandFailure(status: .usage, message: CommandLineText.Files.unknownStoreScheme(scheme, in: text))
            }
            if PostgresAddress.lacksScheme(text) {
                throw CommandFailure(status: .usage, message: CommandLineText.Files.addressWithoutScheme(givenBy: givenBy))
            }
            let path: String
            do {
                path = try LedgerLocation.path(explicit: text, environment: environment)
            } catch {
                throw CommandFailure(status: .usage, message: "\(error)")
            }
            // `localhost/shop` or a stray word would quietly become a new, empty entitlements file.
            if readsLikeAMistypedAddress(text), !FileManager.default.fileExists(atPath: path) {
                throw CommandFailure(status: .usage, message: CommandLineText.Files.noFileNorAddress(givenBy: givenBy))
            }
            return .file(path: path)
        }
        do {
            let address = try PostgresAddress(text, environment: environment, namedByEnvironment: namedByEnvironment)
            return .postgres(address, keyPath: try PostgresStoreFiles.keyPath(for: address, environment: environment),
                             filesBase: try PostgresStoreFiles.basePath(for: address, environment: environment))
        } catch PostgresStoreError.invalidAddress(let reason) {
            throw CommandFailure(status: .usage, message: CommandLineText.Stores.malformedAddress(givenBy: givenBy, reason: reason))
        } catch {
            throw CommandFailure(status: .usage, message: "\(error)")
        }
    }

    /// Whether `text`, given where a store is named, reads more like a mistyped address (`host/db`)
    /// or a stray word than like a new entitlements file: a relative path not written as `./…`
    /// or `../…` whose last part has no extension (`shop.jsonl` has one).
    private static func readsLikeAMistypedAddress(_ text: String) -> Bool {
        guard !["/", "./", "../", "~"].contains(where: { text.hasPrefix($0) }) else { return false }
        let last = text.split(separator: "/").last ?? ""
        return !last.dropFirst().contains(".")
    }

    /// Whether `text` holds only spaces and tabs: a value that names no store, like an empty one.
    private static func isBlank(_ text: String) -> Bool {
        text.allSatisfy(\.isWhitespace)
    }

    /// The store's name for messages: the file's path, or the address without its password.
    public var name: String {
        switch self {
        case .file(let path): path
        case .postgres(let address, _, _): address.display
        }
    }

    /// A PostgreSQL store's key path while no file is there: the first change to the store
    /// makes the key there, on this machine only, and the team must be told where it is.
    public var newKeyPath: String? {
        guard case .postgres(_, let keyPath, _) = self, !FileManager.default.fileExists(atPath: keyPath) else { return nil }
        return keyPath
    }

    /// The store as the commands that messages advise name it again: a file given by
    /// `--entitlements` or `--store` with its path, a database as its address was named.
    public func advised(_ arguments: CommandLineArguments) -> StoreCommandText.AdvisedStore {
        switch self {
        case .file(let path):
            .file(path: path, namedByOption: !(arguments.entitlementsPath ?? "").isEmpty || !(arguments.storeAddress ?? "").isEmpty)
        case .postgres(let address, _, _): .database(address.shown)
        }
    }

    /// The path signing files and checkpoints are named after: the ledger, or the key's prefix.
    public var filesBase: String {
        switch self {
        case .file(let path): path
        case .postgres(_, _, let base): base
        }
    }

    /// The store's key file, which seals the signing files to the store: the ledger's key, or
    /// the PostgreSQL store's key on this machine.
    public var keyPath: String {
        switch self {
        case .file(let path): LedgerFamily(ledgerPath: path).keyPath
        case .postgres(_, let keyPath, _): keyPath
        }
    }

    /// The file whose presence says a store has been started here: the entitlements file, or
    /// for a PostgreSQL store its key file on this machine.
    public var startedMarkerPath: String {
        switch self {
        case .file(let path): path
        case .postgres(_, let keyPath, _): keyPath
        }
    }

    /// Opens the store's event log; a server that cannot be reached fails with exit status 3.
    public func openLog() throws(CommandFailure) -> StoreEventLog {
        switch self {
        case .file(let path):
            do {
                return try LedgerEventLog.open(path: path)
            } catch {
                throw CommandFailure(status: .dataProblem, message: "\(error)")
            }
        case .postgres(let address, let keyPath, _):
            do {
                return try PostgresEventLog(address: address, keyPath: keyPath)
            } catch {
                throw CommandFailure(status: .dataProblem, message: "\(error)", passesWithWaiting: error.passesWithWaiting)
            }
        }
    }
}
