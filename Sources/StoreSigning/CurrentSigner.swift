import Foundation
import StoreLedger

/// The signer of a process that runs for long (the server): the store's certificate authority
/// as its file is now, not as it was when the process started.
///
/// The authority may be replaced while the process runs (a refused one moved aside, as its
/// error advises, and a new one made), or deleted, when loading makes a new one. Each
/// `signer()` costs one `lstat` of the file; only when its identity, size or change times
/// changed is it loaded again, the way the signing commands load it, and the change is
/// reported once. A file that is refused is not signed
/// with, and neither is the authority it replaced: that one is no longer the store's.
public final class CurrentSigner: @unchecked Sendable {
    /// What a change of the authority file came to.
    public enum Change: Sendable {
        /// Another authority was loaded: what is signed from now on verifies only with its root.
        case replaced(path: String)
        /// The file was gone, so a new authority was made in its place: what is signed from now
        /// on verifies only with the new root.
        case madeAnew(path: String)
        /// The file changed and is refused: nothing is signed until it is mended.
        case refused(SigningError)
        /// The file changed back to the authority signed with before it was refused.
        case restored(path: String)
    }

    /// The authority file watched; nil for a signer that never changes.
    private let path: String?
    private let load: @Sendable () throws(SigningError) -> TransactionSigner
    private let fileSystem: any FileSystem
    private let report: @Sendable (Change) -> Void
    /// Guards everything below.
    private let lock = NSLock()
    private var loaded: Result<TransactionSigner, SigningError>
    /// The last authority that loaded, to tell a restored file from a new one.
    private var lastSound: TransactionSigner
    /// The file as it was when `loaded` was loaded from it; nil when it could not be seen.
    private var seen: FileFingerprint?

    /// Signs with `signer` while its authority file (`signer.authorityPath`) stays as it is
    /// now; `load` loads the file again once it has changed, and `report` hears what came of it.
    public init(signer: TransactionSigner, load: @escaping @Sendable () throws(SigningError) -> TransactionSigner,
                fileSystem: any FileSystem = POSIXFileSystem(), report: @escaping @Sendable (Change) -> Void) {
        path = signer.authorityPath
        self.load = load
        self.fileSystem = fileSystem
        self.report = report
        loaded = .success(signer)
        lastSound = signer
        seen = FileFingerprint.of(signer.authorityPath, in: fileSystem)
    }

    /// Always signs with `signer` (a test's authority, kept in no file).
    public init(fixed signer: TransactionSigner) {
        path = nil
        load = { signer }
        fileSystem = POSIXFileSystem()
        report = { _ in }
        loaded = .success(signer)
        lastSound = signer
    }

    /// The signer of the authority the file holds now, or why it cannot sign.
    public func signer() throws(SigningError) -> TransactionSigner {
        guard let path else { return try loaded.get() }
        let now = FileFingerprint.of(path, in: fileSystem)
        let (current, change) = lock.withLock { () -> (Result<TransactionSigner, SigningError>, Change?) in
            guard now != seen else { return (loaded, nil) }
            seen = now
            let fresh = Result { () throws(SigningError) in try load() }
            var change = Self.change(from: loaded, to: fresh, lastSound: lastSound, path: path)
            // Loading makes a missing authority anew, as the signing commands do.
            if now == nil, case .replaced = change { change = .madeAnew(path: path) }
            loaded = fresh
            if case .success(let signer) = fresh { lastSound = signer }
            return (fresh, change)
        }
        if let change { report(change) }
        return try current.get()
    }

    /// What loading the changed file came to, worth telling; nil when nothing that matters
    /// changed (the same authority sealed anew, or the same refusal).
    private static func change(from old: Result<TransactionSigner, SigningError>, to new: Result<TransactionSigner, SigningError>,
                               lastSound: TransactionSigner, path: String) -> Change? {
        switch (old, new) {
        case (.success(let before), .success(let after)):
            return before.authority.root.der == after.authority.root.der ? nil : .replaced(path: path)
        case (.failure, .success(let after)):
            return lastSound.authority.root.der == after.authority.root.der ? .restored(path: path) : .replaced(path: path)
        case (.failure(let before), .failure(let after)):
            return "\(before)" == "\(after)" ? nil : .refused(after)
        case (.success, .failure(let after)):
            return .refused(after)
        }
    }
}
