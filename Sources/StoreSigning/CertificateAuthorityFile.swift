import StoreEngine
import StoreLedger

/// The file beside a ledger that holds its certificate authority.
///
/// `<ledger path>.authority.pem`, mode 0600, as `CertificateAuthorityText` writes it: sealed
/// with the store's key, so a file from another store is told apart from this store's own. A
/// file that breaks `SecretFileRules` is not used. It is made on first use while holding the
/// ledger's writer lock and written by atomic replacement, so processes racing to make it
/// all end up with the one written first, and a crash leaves either no file or a whole one.
/// A file that is there but refused is never replaced or changed: every token signed so far
/// depends on it, and only the user can tell whether a backup exists.
enum CertificateAuthorityFile {
    /// Where the certificate authority of the ledger at `ledgerPath` lives.
    static func path(forLedger ledgerPath: String) -> String {
        LedgerFamily(ledgerPath: ledgerPath).authorityPath
    }

    /// Reads the authority at `path` and checks that the key at `keyPath` sealed it; a file
    /// that is not there throws `authorityMissing`.
    static func load(at path: String, keyPath: String, fileSystem: any FileSystem) throws(SigningError) -> CertificateAuthority {
        let contents = try read(at: path, fileSystem: fileSystem)
        guard let seal = contents.seal else { throw .authorityRefused(path: path, problem: .unsealed) }
        guard seal == (try expectedSeal(of: contents.authority, keyPath: keyPath, fileSystem: fileSystem)) else {
            throw .authorityRefused(path: path, problem: .otherStore)
        }
        return contents.authority
    }

    /// Reads the authority of the ledger at `ledgerPath`, making it first when the file is not
    /// there. Nothing is made without the store's key at `keyPath`: no key, no store.
    static func loadOrCreate(forLedger ledgerPath: String, keyPath: String,
                             fileSystem: any FileSystem) throws(SigningError) -> CertificateAuthority {
        let path = path(forLedger: ledgerPath)
        // The common case needs no lock: the file appears whole or not at all.
        do throws(SigningError) {
            return try load(at: path, keyPath: keyPath, fileSystem: fileSystem)
        } catch .authorityMissing {
            // Settled under the ledger's lock below.
        }
        let sealer = try storeKey(at: keyPath, fileSystem: fileSystem)
        let ledger = LedgerFile<StoreEvent>(path: ledgerPath, fileSystem: fileSystem)
        let made: Result<CertificateAuthority, SigningError>
        do {
            made = try ledger.withWriterLock { () -> Result<CertificateAuthority, SigningError> in
                do throws(SigningError) {
                    return .success(try load(at: path, keyPath: keyPath, fileSystem: fileSystem))
                } catch .authorityMissing {
                    return Result { () throws(SigningError) in try create(at: path, sealer: sealer, fileSystem: fileSystem) }
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw .authorityLockUnavailable(path: path, detail: "\(error)")
        }
        return try made.get()
    }

    /// Seals the sound authority at the ledger's path with the store's key, keeping its keys
    /// and certificates: for an authority this store is to go on signing with although it is
    /// not sealed with this store's key.
    static func adopt(forLedger ledgerPath: String, keyPath: String, fileSystem: any FileSystem) throws(SigningError) {
        let path = path(forLedger: ledgerPath)
        let sealer = try storeKey(at: keyPath, fileSystem: fileSystem)
        let ledger = LedgerFile<StoreEvent>(path: ledgerPath, fileSystem: fileSystem)
        let adopted: Result<Void, SigningError>
        do {
            adopted = try ledger.withWriterLock { () -> Result<Void, SigningError> in
                Result { () throws(SigningError) in
                    try write(try read(at: path, fileSystem: fileSystem).authority, at: path, sealer: sealer, fileSystem: fileSystem)
                }
            }
        } catch {
            throw .authorityLockUnavailable(path: path, detail: "\(error)")
        }
        try adopted.get()
    }

    /// The file's contents, checked in every way but the seal.
    private static func read(at path: String, fileSystem: any FileSystem) throws(SigningError) -> CertificateAuthorityText.Contents {
        let bytes: [UInt8]
        let status: FileStatus
        do {
            let file = try fileSystem.open(path, access: .readOnly, options: [], permissions: 0)
            defer { try? fileSystem.close(file) }
            status = try fileSystem.status(of: file)
            bytes = try fileSystem.readAll(file, count: CertificateAuthorityText.maximumByteCount + 1, at: 0)
        } catch where error.isNotFound {
            throw .authorityMissing(path: path)
        } catch {
            throw .authorityUnusable(path: path, error)
        }
        if let reason = SecretFileRules.violation(of: status, at: path) {
            throw .authorityNotPrivate(path: path, reason: reason)
        }
        do {
            return try CertificateAuthorityText.read(bytes)
        } catch {
            throw .authorityRefused(path: path, problem: error)
        }
    }

    private static func create(at path: String, sealer: StoreKeySeal, fileSystem: any FileSystem) throws(SigningError) -> CertificateAuthority {
        let authority: CertificateAuthority
        do {
            authority = try CertificateAuthority.make()
        } catch {
            throw .crypto(error)
        }
        try write(authority, at: path, sealer: sealer, fileSystem: fileSystem)
        return authority
    }

    private static func write(_ authority: CertificateAuthority, at path: String, sealer: StoreKeySeal,
                              fileSystem: any FileSystem) throws(SigningError) {
        let text: String
        do {
            text = try CertificateAuthorityText.text(of: authority, seal: try seal(of: authority, with: sealer))
        } catch {
            throw .crypto(error)
        }
        do {
            try fileSystem.replaceFile(at: path, with: Array(text.utf8), permissions: SecretFileRules.permissions)
        } catch {
            throw .authorityUnusable(path: path, error)
        }
    }

    private static func expectedSeal(of authority: CertificateAuthority, keyPath: String,
                                     fileSystem: any FileSystem) throws(SigningError) -> String {
        let sealer = try storeKey(at: keyPath, fileSystem: fileSystem)
        do {
            return try seal(of: authority, with: sealer)
        } catch {
            throw .crypto(error)
        }
    }

    private static func seal(of authority: CertificateAuthority, with sealer: StoreKeySeal) throws(CryptoError) -> String {
        try sealer.seal(authority.root.der, purpose: CertificateAuthorityText.sealPurpose)
    }

    private static func storeKey(at keyPath: String, fileSystem: any FileSystem) throws(SigningError) -> StoreKeySeal {
        do {
            return try StoreKeySeal(keyPath: keyPath, fileSystem: fileSystem)
        } catch {
            throw .storeKeyUnavailable(error)
        }
    }
}
