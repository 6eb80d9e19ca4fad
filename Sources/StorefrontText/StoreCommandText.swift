import StoreEngine
import StoreLedger

/// The commands that messages about a store advise, written to be pasted into a POSIX shell as
/// they are.
public enum StoreCommandText {
    /// A store as the commands advised about it must name it again.
    public enum AdvisedStore: Sendable, Hashable {
        /// An entitlements file; `namedByOption`: `--entitlements` or `--store` named it, which
        /// the advice must then repeat (the environment or the default names it again by itself).
        case file(path: String, namedByOption: Bool)
        case database(ShownStoreAddress)
    }

    /// `storefront ARGUMENTS` on `store`, in backquotes: with `--store` and the shown address,
    /// quoted for the shell, followed by where libpq then finds the password when the address
    /// given held one; without `--store` when `STOREFRONT_STORE` named the store, as it will again.
    public static func command(_ arguments: String, on store: ShownStoreAddress) -> String {
        let command = commandAlone(arguments, on: store)
        return store.passwordLeftOut && !store.namedByEnvironment ? command + " " + passwordSource : command
    }

    /// `command(_:on:)` without the password's source, for advice that says it once for two commands.
    static func commandAlone(_ arguments: String, on store: ShownStoreAddress) -> String {
        store.namedByEnvironment ? "`storefront \(arguments)`" : "`storefront \(arguments) --store \(ShellWord.quoted(store.text))`"
    }

    /// `storefront ARGUMENTS` on `store`: for a file named by an option, with `--entitlements`
    /// and its path quoted for the shell, so that pasted elsewhere it checks the same file.
    public static func command(_ arguments: String, on store: AdvisedStore) -> String {
        switch store {
        case .database(let address): command(arguments, on: address)
        case .file(let path, true): "`storefront \(arguments) --entitlements \(ShellWord.quoted(path))`"
        case .file(_, false): "`storefront \(arguments)`"
        }
    }

    /// `createdb` making the database `name` on the server at `host` and `port` as `user`, each
    /// given only when known, quoted for the shell, after the variables that carry the store's
    /// settings of how to connect (`PGSSLMODE=verify-full`); then `store init` on `store`, and
    /// where libpq finds the password (once, for both) when the address given held one.
    public static func createDatabaseThenInit(_ name: String, host: String?, port: String?, user: String?,
                                              store: ShownStoreAddress, thenInstead next: String? = nil) -> String {
        let variables = store.settingVariables.sorted { $0.key < $1.key }.map { "\($0.key)=\(ShellWord.quoted($0.value))" }
        let options = [("-h", host), ("-p", port), ("-U", user)].compactMap { flag, value in
            value.map { "\(flag) \(ShellWord.quoted($0))" }
        }
        // A name starting with a dash would be read as an option.
        let database = (name.hasPrefix("-") ? "-- " : "") + ShellWord.quoted(name)
        let create = "`" + (variables + ["createdb"] + options + [database]).joined(separator: " ") + "`"
        // `next` (running a copy again, say) needs no password of its own to be pointed out.
        if let next { return create + (store.passwordLeftOut ? " " + passwordSource : "") + ", then " + next }
        let initialize = commandAlone("store init", on: store)
        guard store.passwordLeftOut else { return create + ", then " + initialize }
        // A store named by STOREFRONT_STORE gets its password from there; createdb does not read it.
        return store.namedByEnvironment
            ? create + " " + passwordSource + ", then " + initialize
            : create + ", then " + initialize + " " + passwordSourceForBoth
    }

    /// Where libpq looks for the password that the shown address leaves out.
    static let passwordSource = "(with the password from PGPASSWORD or ~/.pgpass, where libpq reads it)"
    static let passwordSourceForBoth = "(each with the password from PGPASSWORD or ~/.pgpass, where libpq reads it)"
}
