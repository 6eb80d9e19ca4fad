/// The key file as it was when a reader took its key from it (or found none), so that a reader
/// that stays open notices with one `lstat`, before each commit and each look for changes,
/// that the file was removed, put back, replaced by another key, made readable by others,
/// given a second name or turned into a link. The key itself is read again only then.
struct LedgerKeyFileWatch: Sendable, Equatable {
    /// What was at the key file's path; nil when nothing was.
    let fingerprint: FileFingerprint?

    /// Whether what is at `keyPath` now is not the file the key was taken from.
    func hasChanged(keyPath: String, fileSystem: any FileSystem) -> Bool {
        FileFingerprint.of(keyPath, in: fileSystem) != fingerprint
    }
}

/// What a reader found at the key file's path, and the watch on it.
struct WatchedKeyFile {
    /// What the file held, or why it could not be opened or read (a symbolic link, say),
    /// which a reader opening the ledger reports as an error and an open one as a problem.
    var found: Result<LedgerKey.Loaded, FileSystemError>
    var watch: LedgerKeyFileWatch
}

extension LedgerKey {
    /// `load`, with a watch on the file taken just before it is read: a change made after that
    /// shows at the next comparison, at worst loading the same key once more, where a watch
    /// taken after the read could miss it.
    static func loadWatched(from path: String, fileSystem: any FileSystem) throws(LedgerError) -> WatchedKeyFile {
        let watch = LedgerKeyFileWatch(fingerprint: FileFingerprint.of(path, in: fileSystem))
        do throws(LedgerError) {
            return WatchedKeyFile(found: .success(try load(from: path, fileSystem: fileSystem)), watch: watch)
        } catch .fileSystem(let error) {
            return WatchedKeyFile(found: .failure(error), watch: watch)
        }
    }

    /// `forNewLedger`, with a watch on the file it used or made.
    static func forNewLedgerWatched(
        keyPath: String, storeName: String, fileSystem: any FileSystem
    ) throws(LedgerError) -> (key: LedgerKey, watch: LedgerKeyFileWatch) {
        let before = FileFingerprint.of(keyPath, in: fileSystem)
        let key = try forNewLedger(keyPath: keyPath, storeName: storeName, fileSystem: fileSystem)
        // A key just made is watched as it was written; one found is watched as it was found.
        return (key, LedgerKeyFileWatch(fingerprint: before ?? FileFingerprint.of(keyPath, in: fileSystem)))
    }
}
