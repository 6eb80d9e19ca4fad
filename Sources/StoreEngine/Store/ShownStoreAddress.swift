/// A database store's address as people are shown it, with what a command advised to them
/// needs to reach the same store.
///
/// `text` never holds a password. Advice names the store again with `--store` and `text`,
/// unless `STOREFRONT_STORE` named it: the variable still names it then, with whatever it holds
/// besides (a password, libpq settings), so advice leaves `--store` out.
public struct ShownStoreAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address without its password, as messages show it.
    public var text: String
    /// Whether the address as given held a password, which a command advised must get elsewhere.
    public var passwordLeftOut: Bool
    /// Whether `STOREFRONT_STORE` named the store, rather than `--store` or another option.
    public var namedByEnvironment: Bool
    /// The address's settings of how to connect (SSL, timeouts) as the environment variables
    /// that give them to a program other than Storefront (`createdb`), by variable name.
    public var settingVariables: [String: String] = [:]
    /// The service whose section of a libpq service file gave the password, where one did.
    public var passwordFromService: String?

    public init(_ text: String, passwordLeftOut: Bool = false, namedByEnvironment: Bool = false) {
        self.text = text
        self.passwordLeftOut = passwordLeftOut
        self.namedByEnvironment = namedByEnvironment
    }

    public var description: String { text }
}
