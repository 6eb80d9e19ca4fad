import StoreEngine
import StoreLedger
import StorefrontText
import Testing

/// A database's problems in words: what each says was done, and what to do, fits the row.
@Suite("Words: a database's problems")
struct StoreProblemTextTests {
    let database = StoreMedium.database(address: ShownStoreAddress("postgresql://team@db/shop"))

    @Test("the first row changed by hand: no rows before it could have been deleted, and none to keep")
    func firstRowTampered() {
        let first = StoreProblemText.describe(.tampered(line: 2), in: database)
        #expect(first.hasPrefix("storefront_events row seq 1 does not match its MAC: it was changed by hand; restore"), "\(first)")
        #expect(!first.contains("--verified-only"), "\(first)")
        let later = StoreProblemText.describe(.tampered(line: 5), in: database)
        #expect(later.contains("it was changed by hand, or rows before it were deleted; restore"), "\(later)")
        #expect(later.contains("(with --verified-only, the events before the damage)"), "\(later)")
    }

    @Test("a row holding lines run together is said to be changed by hand, with the database's remedy, and no sed or repair meant for a file")
    func rowWithLinesRunTogether() {
        let said = StoreProblemText.describe(
            .linesRunTogether(line: 4, ledgerPath: nil, joins: [.init(lineMAC: String(repeating: "a", count: 64))]), in: database)
        #expect(said.hasPrefix("storefront_events row seq 3 holds the lines of more than one event run together: it was changed by hand; restore"),
                "\(said)")
        #expect(!said.contains("sed") && !said.contains("storefront repair"), "\(said)")
    }

    @Test("a header that does not verify: the key may be another store's, or the header was edited and a backup is the remedy")
    func headerKeyMismatch() {
        let said = StoreProblemText.describe(.keyMismatch(keyPath: "/k/shop.key"), in: database)
        #expect(said.contains("copy this store's key file from a machine that uses the store"), "\(said)")
        #expect(said.contains("the row was edited: restore the database from a backup"), "\(said)")
    }

    @Test("a device given as a path is not to be moved away: the advice is to give an ordinary file's path")
    func deviceIsNotMovedAway() {
        let said = "\(LedgerError.notAFile(path: "/dev/null", isDirectory: false))"
        #expect(said.hasPrefix("/dev/null is not an ordinary file"), "\(said)")
        #expect(said.contains("give the path of an entitlements file") && !said.contains("move it away"), "\(said)")
    }

    @Test("what the path names is said when it was seen, and only a lock or key file's place is to be cleared (before: four kinds listed, and the .lock advice for /dev/null too)")
    func theKindFoundIsNamed() {
        let device = "\(LedgerError.notAFile(path: "/dev/null", isDirectory: false, found: .characterDevice))"
        #expect(device.hasPrefix("/dev/null is a character device, not an ordinary file; storefront reads and writes only ordinary files: "
                                 + "give the path of an entitlements file"), "\(device)")
        #expect(!device.contains(".lock") && !device.contains("move it"), "\(device)")
        let pipe = "\(LedgerError.notAFile(path: "/q/e.jsonl.lock", isDirectory: false, found: .namedPipe))"
        #expect(pipe.hasPrefix("/q/e.jsonl.lock is a named pipe (FIFO), not an ordinary file") && pipe.contains("move it away (`mv "), "\(pipe)")
        let link = "\(LedgerError.notAFile(path: "/q/e.jsonl", isDirectory: false, found: .symbolicLink))"
        #expect(link.hasSuffix("give the path it points to"), "\(link)")
    }

    @Test("an expected head that could not be checked names the header for sequence number 0, an event otherwise")
    func expectationNotCheckedNamesTheHeader() {
        #expect(CommandLineText.Files.expectationNotChecked(sequence: 0, withMAC: true)
            .contains("could not be checked: the header (sequence number 0) comes at or after the first problem"))
        #expect(CommandLineText.Files.expectationNotChecked(sequence: 4, withMAC: false)
            == "--expect-sequence 4 could not be checked: event 4 comes at or after the first problem, where nothing "
            + "verifies; check again once the store is mended")
    }
}
