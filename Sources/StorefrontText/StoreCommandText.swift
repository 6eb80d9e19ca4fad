import StoreEngine
import StoreLedger

/// The commands that messages about a database store advise, written to be pasted into a
/// POSIX shell as they are.
public enum StoreCommandText {
    /// `storefront ARGUMENTS` on `store`, in backquotes: with `--store` and the shown address,
    /// quoted for the shell, followed by where libpq then finds the password when the address
    /// given held one; without `--store` when `STOREFRONT_STORE` named the store, as it will again.
    public static func command(_ arguments: String, on store: ShownStoreAddress) -> String {
        guard !store.namedByEnvironment else { return "`storefront \(arguments)`" }
        let command = "`storefront \(arguments) --store \(ShellWord.quoted(store.text))`"
        return store.passwordLeftOut ? command + " " + passwordSource : command
    }

    /// Where libpq looks for the password that the shown address leaves out.
    static let passwordSource = "(with the password from PGPASSWORD or ~/.pgpass, where libpq reads it)"
}
