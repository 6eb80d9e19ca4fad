import StoreLedger
/// The Ed25519 key that signs a ledger's transactions, in a PEM file beside the ledger.
///
/// The file is `<ledger path>.signing.pem`, mode 0600, holding the private key as unencrypted
/// PKCS#8 PEM. A file that breaks `SecretFileRules` is neither read nor filled. It is created on first use under an exclusive lock on the file itself, and
/// filled only while empty, so processes racing to create it all end up with the one key
/// that was written first.
enum SigningKeyFile {
    /// Anything longer is not a key this store wrote.
    static let maximumByteCount = 16 * 1024

    /// Where the signing key of the ledger at `ledgerPath` lives.
    static func path(forLedger ledgerPath: String) -> String {
        LedgerFamily(ledgerPath: ledgerPath).signingKeyPath
    }

    /// Reads the key at `path`; a missing or empty file throws `keyFileMissing`.
    static func load(at path: String, fileSystem: any FileSystem) throws(SigningError) -> Ed25519PrivateKey {
        let text: [UInt8]
        let status: FileStatus
        do {
            let file = try fileSystem.open(path, access: .readOnly, options: [], permissions: 0)
            defer { try? fileSystem.close(file) }
            status = try fileSystem.status(of: file)
            text = try read(file, fileSystem: fileSystem)
        } catch where error.isNotFound {
            throw .keyFileMissing(path: path)
        } catch {
            throw .keyFileUnusable(path: path, error)
        }
        if let reason = SecretFileRules.violation(of: status, at: path) {
            throw .keyFileNotPrivate(path: path, reason: reason)
        }
        guard !text.isEmpty else { throw .keyFileMissing(path: path) }
        return try parse(text, path: path)
    }

    /// Reads the key at `path`, creating it first when it is missing or empty.
    static func loadOrCreate(at path: String, fileSystem: any FileSystem) throws(SigningError) -> Ed25519PrivateKey {
        // The common case needs no lock: a file that parses as a whole key was fully written.
        do throws(SigningError) {
            return try load(at: path, fileSystem: fileSystem)
        } catch .keyFileMissing, .keyFileCorrupt {
            // Missing, empty or still being written: settle it under the lock below.
        }
        return try createUnderLock(at: path, fileSystem: fileSystem)
    }

    private static func createUnderLock(at path: String, fileSystem: any FileSystem) throws(SigningError) -> Ed25519PrivateKey {
        let file: OpenFile
        let created: Bool
        do {
            try fileSystem.makeDirectories(FilePath.parent(of: path), permissions: 0o700)
            (file, created) = try fileSystem.openCreatingIfMissing(path, access: .readWrite, options: [], permissions: 0o600)
        } catch {
            throw .keyFileUnusable(path: path, error)
        }
        defer { try? fileSystem.close(file) }
        let status: FileStatus
        do {
            status = try fileSystem.status(of: file)
        } catch {
            throw .keyFileUnusable(path: path, error)
        }
        // Checked before anything is written into it: an empty file planted by someone else
        // must not receive the key.
        if let reason = SecretFileRules.violation(of: status, at: path) {
            throw .keyFileNotPrivate(path: path, reason: reason)
        }
        do {
            try fileSystem.lockExclusively(file)
        } catch {
            throw .keyFileUnusable(path: path, error)
        }
        defer { try? fileSystem.unlock(file) }
        let existing: [UInt8]
        do {
            existing = try read(file, fileSystem: fileSystem)
        } catch {
            throw .keyFileUnusable(path: path, error)
        }
        if !existing.isEmpty { return try parse(existing, path: path) }
        let key: Ed25519PrivateKey
        let pem: String
        do {
            key = try Ed25519PrivateKey.generate()
            pem = try key.pem()
        } catch {
            throw .crypto(error)
        }
        do {
            try fileSystem.writeAll(file, Array(pem.utf8))
            try fileSystem.synchronize(file, dataOnly: false)
            if created { try fileSystem.synchronizeDirectory(containing: path) }
        } catch {
            // Leave no half-written key behind: an empty file is filled by the next use.
            try? fileSystem.truncate(file, toLength: 0)
            throw .keyFileUnusable(path: path, error)
        }
        return key
    }

    private static func read(_ file: OpenFile, fileSystem: any FileSystem) throws(FileSystemError) -> [UInt8] {
        try fileSystem.readAll(file, count: maximumByteCount + 1, at: 0)
    }

    private static func parse(_ text: [UInt8], path: String) throws(SigningError) -> Ed25519PrivateKey {
        guard text.count <= maximumByteCount else {
            throw .keyFileCorrupt(path: path, reason: "it is larger than \(maximumByteCount) bytes")
        }
        do {
            return try Ed25519PrivateKey(pem: String(decoding: text, as: UTF8.self))
        } catch {
            throw .keyFileCorrupt(path: path, reason: "it does not hold an unencrypted Ed25519 private key in "
                                  + "PKCS#8 PEM form (\(error.detail))")
        }
    }
}
