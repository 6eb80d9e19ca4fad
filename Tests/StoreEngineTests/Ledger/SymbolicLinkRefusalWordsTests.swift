import StoreLedger
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a refusal to open a file through a symbolic link advises. The same words are said of
/// the entitlements file, the files beside it and a PostgreSQL store's key file, which has no
/// ledger beside it, so the advice names the file the link points to.
@Suite("Ledger: the words of a refused symbolic link")
struct SymbolicLinkRefusalWordsTests {
    @Test("a link is refused with advice every store's files can follow, naming no ledger",
          arguments: ["/home/tester/.local/share/storefront/entitlements.jsonl.key",
                      "/tmp/team-store.key"])
    func adviceFitsEveryFile(path: String) {
        let said = FileSystemError(operation: .open, path: path, code: ELOOP).description
        #expect(said.hasPrefix("could not open \(path): it is a symbolic link"), "\(said)")
        #expect(said.hasSuffix("put the file it points to in the link's place, or, where storefront takes the path (the entitlements file, "
            + "STOREFRONT_STORE_KEY), give the real path of the file it points to"), "\(said)")
        #expect(!said.contains("ledger"), "\(said)")
    }

    @Test("a link at a ledger's lock file is to be removed, never replaced by the file it names, which the commit mark would overwrite")
    func aLinkAtTheLockFileIsToBeRemoved() {
        let lock = "/tmp/shop/entitlements.jsonl.lock"
        let said = FileSystemError(operation: .open, path: lock, code: ELOOP).description
        #expect(said.hasSuffix("remove the link (`rm \(lock)` leaves the file it points to alone) and run the command again"), "\(said)")
        #expect(!said.contains("in the link's place"), "\(said)")
        let twoNames = LedgerError.hasOtherNames(path: lock, count: 2).description
        #expect(twoNames.contains("remove this name (`rm \(lock)` leaves the file's other names alone)") && !twoNames.contains("cp "),
                "\(twoNames)")
    }
}
