import StoreLedger
import StorefrontText
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a refused write to the entitlements file advises: a file attribute for EPERM (the mode
/// may well allow writing), the permissions for EACCES, in the same words on the command line
/// and in the storefront's read-only banner.
@Suite("Ledger: the words of a refused write")
struct LedgerWriteRefusalWordsTests {
    static let path = "/srv/my shop/entitlements.jsonl"
    static let attributeAdvice = "A file attribute (immutable i, append-only a) forbids this whatever the "
        + "permissions say: `lsattr -d '/srv/my shop/entitlements.jsonl' '/srv/my shop'` shows it; `chattr -i -a PATH` "
        + "(as root) on the one flagged clears it"

    @Test("A folder given as the entitlements path is advised a file in it with one slash, however the path ends (before: \"/srv/d//entitlements.jsonl\")",
          arguments: ["/srv/d/", "/srv/d"])
    func aFolderIsAdvisedAFileInItWithOneSlash(folder: String) {
        let words = LedgerError.notAFile(path: folder, isDirectory: true).description
        #expect(words.hasSuffix("for example /srv/d/entitlements.jsonl"), "\(words)")
    }

    @Test("EPERM on opening or writing names a file attribute and how to see and clear it, not the permissions")
    func operationNotPermittedNamesAnAttribute() {
        for operation in [FileOperation.open, .write] {
            let said = FileSystemError(operation: operation, path: Self.path, code: EPERM).description
            #expect(said.contains("Operation not permitted (EPERM). " + Self.attributeAdvice), "\(said)")
            #expect(!said.contains("Check the permissions"), "\(said)")
        }
    }

    @Test("A path that cannot hold a file says what to change (before: only ENOTDIR, ENAMETOOLONG or ENOENT)",
          arguments: [(ENOTDIR, "A name on the way to it is a file, not a folder: give a path whose folders are folders"),
                      (ENAMETOOLONG, "The path, or a name in it, is longer than the file system takes: give a shorter one"),
                      (ENOENT, "Its folder is missing, or its file system makes no files (as /proc and /sys): choose a path in an ordinary folder")])
    func pathsThatCannotHoldAFileAreAdvised(code: Int32, advice: String) {
        let said = FileSystemError(operation: .open, path: "/proc/new.jsonl.lock", code: code).description
        #expect(said.hasSuffix(FileSystemError.explanation(of: code) + ". " + advice), "\(said)")
    }

    @Test("EACCES still sends people to the permissions")
    func permissionDeniedNamesThePermissions() {
        let said = FileSystemError(operation: .open, path: Self.path, code: EACCES).description
        #expect(said.hasSuffix("Permission denied (EACCES). Check the permissions of the file and its directory"), "\(said)")
        #expect(!said.contains("lsattr"))
    }

    @Test("the storefront's read-only banner gives the command line's advice for EPERM and for EACCES")
    func bannerSaysWhatTheCommandLineSays() {
        let immutable = CommandLineText.Files.notWritable(Self.path, what: Self.path, refused: Self.path, code: EPERM)
        #expect(immutable.contains("cannot be written (Operation not permitted (EPERM))"), "the file is named once: \(immutable)")
        let consequence = ". Until then nothing can be bought, spent or changed; renewals and expiries that fell due are shown but not recorded."
        #expect(immutable.contains("(EPERM)). " + Self.attributeAdvice + consequence), "\(immutable)")
        let denied = CommandLineText.Files.notWritable(Self.path, what: "its folder /srv/my shop", refused: Self.path, code: EACCES)
        #expect(denied.hasSuffix("(EACCES)). Check the permissions of the file and its directory" + consequence), "\(denied)")
    }
}
