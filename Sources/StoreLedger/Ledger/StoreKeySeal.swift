/// A MAC keyed by a store's ledger key, that ties a file kept beside the store to that store.
///
/// A file copied from another store carries a seal made with that store's key, which this
/// store's key does not reproduce. The MAC input starts with `purpose`, text that no line of
/// the ledger starts with (a line's MAC input is the previous MAC's hex digits, or nothing,
/// then `{`), so a seal can never stand in for a line's MAC or the other way round.
public struct StoreKeySeal {
    private let key: LedgerKey

    /// Loads the store's key from `keyPath`. A key that others could read still seals: the
    /// ledger reports it and refuses to be written, and refusing here as well would only hide
    /// that report behind a second one.
    public init(keyPath: String, fileSystem: any FileSystem = POSIXFileSystem()) throws(StoreKeySealError) {
        let loaded: LedgerKey.Loaded
        do {
            loaded = try LedgerKey.load(from: keyPath, fileSystem: fileSystem)
        } catch {
            throw .keyUnreadable(keyPath: keyPath, detail: "\(error)")
        }
        switch loaded {
        case .key(let key), .exposed(let key, _): self.key = key
        case .missing: throw .keyMissing(keyPath: keyPath)
        case .invalid(let reason): throw .keyUnreadable(keyPath: keyPath, detail: reason)
        }
    }

    /// The seal of `bytes` for `purpose`, as 64 lowercase hex digits.
    public func seal(_ bytes: some Collection<UInt8>, purpose: String) throws(CryptoError) -> String {
        do {
            return String(decoding: try key.macText(previous: Array(purpose.utf8), content: bytes), as: UTF8.self)
        } catch {
            guard case .crypto(let cause) = error else {
                throw .libcryptoFailure(operation: "compute a seal", detail: "\(error)")
            }
            throw cause
        }
    }
}

/// Why a store's key could not be had to make or check a seal.
public enum StoreKeySealError: Error, Sendable, Equatable {
    /// No key file: no store was ever started at this place.
    case keyMissing(keyPath: String)
    /// The key file is there but holds no key, or could not be read.
    case keyUnreadable(keyPath: String, detail: String)
}
