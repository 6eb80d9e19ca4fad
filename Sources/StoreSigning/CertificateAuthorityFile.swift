import StoreEngine
import StoreLedger

/// The file beside a ledger that holds its certificate authority.
///
/// `<ledger path>.authority.pem`, mode 0600: the leaf's private key (PKCS#8), then the leaf,
/// intermediate and root certificates. A file that breaks `SecretFileRules` is not used. It
/// is made on first use while holding the ledger's writer lock and written by atomic
/// replacement, so processes racing to make it all end up with the one written first, and
/// a crash leaves either no file or a whole one.
enum CertificateAuthorityFile {
    /// Anything longer is not a file this store wrote.
    static let maximumByteCount = 64 * 1024

    /// Where the certificate authority of the ledger at `ledgerPath` lives.
    static func path(forLedger ledgerPath: String) -> String {
        LedgerFamily(ledgerPath: ledgerPath).authorityPath
    }

    /// Reads the authority at `path`; a missing or empty file throws `authorityMissing`.
    static func load(at path: String, fileSystem: any FileSystem) throws(SigningError) -> CertificateAuthority {
        let text: [UInt8]
        let status: FileStatus
        do {
            let file = try fileSystem.open(path, access: .readOnly, options: [], permissions: 0)
            defer { try? fileSystem.close(file) }
            status = try fileSystem.status(of: file)
            text = try fileSystem.readAll(file, count: maximumByteCount + 1, at: 0)
        } catch where error.isNotFound {
            throw .authorityMissing(path: path)
        } catch {
            throw .authorityUnusable(path: path, error)
        }
        if let reason = SecretFileRules.violation(of: status, at: path) {
            throw .authorityNotPrivate(path: path, reason: reason)
        }
        guard !text.isEmpty else { throw .authorityMissing(path: path) }
        return try parse(text, path: path)
    }

    /// Reads the authority of the ledger at `ledgerPath`, making it first when it is missing.
    static func loadOrCreate(forLedger ledgerPath: String, fileSystem: any FileSystem) throws(SigningError) -> CertificateAuthority {
        let path = path(forLedger: ledgerPath)
        // The common case needs no lock: the file appears whole or not at all.
        do throws(SigningError) {
            return try load(at: path, fileSystem: fileSystem)
        } catch .authorityMissing {
            // Settled under the ledger's lock below.
        }
        let ledger = LedgerFile<StoreEvent>(path: ledgerPath, fileSystem: fileSystem)
        let made: Result<CertificateAuthority, SigningError>
        do {
            made = try ledger.withWriterLock { () -> Result<CertificateAuthority, SigningError> in
                do throws(SigningError) {
                    return .success(try load(at: path, fileSystem: fileSystem))
                } catch .authorityMissing {
                    return Result { () throws(SigningError) in try create(at: path, fileSystem: fileSystem) }
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw .authorityLockUnavailable(path: path, detail: "\(error)")
        }
        return try made.get()
    }

    private static func create(at path: String, fileSystem: any FileSystem) throws(SigningError) -> CertificateAuthority {
        let authority: CertificateAuthority
        let text: String
        do {
            authority = try CertificateAuthority.make()
            text = try authority.leafKey.pem() + authority.leaf.pem + authority.intermediate.pem + authority.root.pem
        } catch {
            throw .crypto(error)
        }
        do {
            try fileSystem.replaceFile(at: path, with: Array(text.utf8), permissions: SecretFileRules.permissions)
        } catch {
            throw .authorityUnusable(path: path, error)
        }
        return authority
    }

    private static func parse(_ text: [UInt8], path: String) throws(SigningError) -> CertificateAuthority {
        guard text.count <= maximumByteCount else {
            throw .authorityDamaged(path: path, reason: "it is larger than \(maximumByteCount) bytes")
        }
        let expected = [PEMBlock.privateKeyLabel, PEMBlock.certificateLabel, PEMBlock.certificateLabel, PEMBlock.certificateLabel]
        guard let blocks = PEMBlock.blocks(in: String(decoding: text, as: UTF8.self)), blocks.map(\.label) == expected else {
            throw .authorityDamaged(path: path, reason: "it does not hold a private key followed by three certificates in PEM form")
        }
        let key: P256PrivateKey
        let certificates: [Certificate]
        do {
            key = try P256PrivateKey(pem: blocks[0].text)
            certificates = try blocks.dropFirst().map { block throws(CryptoError) in try Certificate(der: block.bytes) }
        } catch {
            throw .authorityDamaged(path: path, reason: "\(error.detail)")
        }
        do {
            return try CertificateAuthority(leafKey: key, leaf: certificates[0], intermediate: certificates[1], root: certificates[2])
        } catch {
            throw .authorityForeign(path: path, reason: error.reason)
        }
    }
}
