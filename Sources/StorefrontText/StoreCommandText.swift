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
        guard !store.namedByEnvironment else { return "`storefront \(arguments)`" }
        let command = "`storefront \(arguments) --store \(ShellWord.quoted(store.text))`"
        return store.passwordLeftOut ? command + " " + passwordSource : command
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
    /// given only when known, quoted for the shell; then where libpq finds the password when the
    /// address given held one.
    public static func createDatabase(_ name: String, host: String?, port: String?, user: String?,
                                      passwordLeftOut: Bool) -> String {
        let options = [("-h", host), ("-p", port), ("-U", user)].compactMap { flag, value in
            value.map { "\(flag) \(ShellWord.quoted($0))" }
        }
        // A name starting with a dash would be read as an option.
        let database = (name.hasPrefix("-") ? "-- " : "") + ShellWord.quoted(name)
        let command = "`" + (["createdb"] + options + [database]).joined(separator: " ") + "`"
        return passwordLeftOut ? command + " " + passwordSource : command
    }

    /// Where libpq looks for the password that the shown address leaves out.
    static let passwordSource = "(with the password from PGPASSWORD or ~/.pgpass, where libpq reads it)"
}
