import Glibc

/// The secret that keys the ledger's MAC chain, loaded from or written to the key file.
///
/// The key file holds 32 random bytes as 64 lowercase hex digits and a newline, mode 0600.
/// A key file that breaks `SecretFileRules` (others could read it, it belongs to another
/// user, it has a second name) is used for checking but refused for writing: whoever can read
/// it can forge entries.
/// Not `Sendable`: it keeps a libcrypto context, used only under the owning ledger's lock.
final class LedgerKey {
    static let byteCount = 32

    private let authenticator: HMACSHA256

    init(bytes: [UInt8]) throws(CryptoError) {
        authenticator = try HMACSHA256(key: bytes)
    }

    /// The MAC text (lowercase hex) of a line: HMAC over the previous line's MAC text, then
    /// the line's content.
    func macText(previous: some Collection<UInt8>, content: some Collection<UInt8>) throws(LedgerError) -> [UInt8] {
        do {
            return Hex.encode(try authenticator.mac(previous, content))
        } catch {
            throw .crypto(error)
        }
    }

    /// What was found at the key file's path.
    enum Loaded {
        case key(LedgerKey)
        /// A key that others could read or that belongs to another user; `reason` says which
        /// and how to fix it.
        case exposed(LedgerKey, reason: String)
        case missing
        case invalid(reason: String)
    }

    /// Reads the key file. A missing or malformed file is a result; other failures throw.
    static func load(from path: String, fileSystem: any FileSystem) throws(LedgerError) -> Loaded {
        let text: [UInt8]
        let status: FileStatus
        do {
            let file = try fileSystem.open(path, access: .readOnly, options: [], permissions: 0)
            defer { try? fileSystem.close(file) }
            status = try fileSystem.status(of: file)
            text = try fileSystem.read(file, upTo: 256, at: 0)
        } catch {
            if error.isNotFound { return .missing }
            throw .fileSystem(error)
        }
        let trimmed = text.prefix { $0 != LedgerLineCodec.newline && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: " ") }
        guard trimmed.count == byteCount * 2, let bytes = Hex.decode(trimmed) else {
            return .invalid(reason: "expected \(byteCount * 2) hexadecimal digits")
        }
        let key: LedgerKey
        do {
            key = try LedgerKey(bytes: bytes)
        } catch {
            throw .crypto(error)
        }
        if let reason = SecretFileRules.violation(of: status, at: path) {
            return .exposed(key, reason: reason)
        }
        return .key(key)
    }

    /// Creates a new random key and stores it at `path` durably: written to a temporary
    /// file, flushed, renamed into place, and the directory flushed.
    static func create(at path: String, fileSystem: any FileSystem) throws(LedgerError) -> LedgerKey {
        let bytes: [UInt8]
        let key: LedgerKey
        do {
            bytes = try SecureRandom.bytes(count: byteCount)
            key = try LedgerKey(bytes: bytes)
        } catch {
            throw .crypto(error)
        }
        do {
            try fileSystem.replaceFile(at: path, with: Hex.encode(bytes) + [LedgerLineCodec.newline], permissions: 0o600)
        } catch {
            throw .fileSystem(error)
        }
        return key
    }

    /// The key for a store being started: the key file's at `keyPath`, or a new one made
    /// there; refused when the file is exposed or holds no key (`storeName` names the store
    /// in the error).
    static func forNewLedger(keyPath: String, storeName: String, fileSystem: any FileSystem) throws(LedgerError) -> LedgerKey {
        switch try load(from: keyPath, fileSystem: fileSystem) {
        case .key(let key):
            return key
        case .exposed(_, let reason):
            throw LedgerError.refusedForWriting(path: storeName, problems: [.keyNotPrivate(keyPath: keyPath, reason: reason)])
        case .missing:
            return try create(at: keyPath, fileSystem: fileSystem)
        case .invalid(let reason):
            throw LedgerError.refusedForWriting(path: storeName, problems: [.keyInvalid(keyPath: keyPath, reason: reason)])
        }
    }
}
