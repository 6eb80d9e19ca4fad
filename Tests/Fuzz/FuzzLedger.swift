import Foundation
@testable import StoreCatalog
@testable import StoreEngine
@testable import StoreJSON
@testable import StoreLedger

/// Ledger files and commit marks. The input is the ledger's bytes, optionally preceded by the
/// lock file's bytes and a NUL; the key is fixed, so seeds written with it verify.
///
/// Checked: verifying never throws on content; reading the file in two steps finds what one
/// read finds; a store folds whatever decoded without tripping.
private let bundledCatalog = try? CatalogLoader.loadBundled()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLedger(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let split = input.firstIndex(of: 0)
    let lock = split.map { Array(input[..<$0]) } ?? []
    let ledger = split.map { Array(input[($0 + 1)...]) } ?? input
    let path = "/fuzz/entitlements.jsonl"
    let fileSystem = MemoryFileSystem(files: [
        path: ledger, path + ".lock": lock,
        path + ".key": Array(String(repeating: "07", count: 32).utf8) + [0x0A],
    ])
    do {
        let verification = try LedgerFile<StoreEvent>.verify(path: path, fileSystem: fileSystem)
        let whole = try LedgerFile<StoreEvent>(path: path, fileSystem: fileSystem).readNew()
        if whole.entries.count != verification.entryCount { FuzzChecks.fail("verify and read disagree") }

        // The half file is a ledger cut short: a commit mark that names a later line rightly
        // makes that first read report the cut and stop. The property is about lines split
        // between reads, so both readers compared here see no commit mark.
        fileSystem.set(path + ".lock", to: [])
        let unmarked = try LedgerFile<StoreEvent>(path: path, fileSystem: fileSystem).readNew()
        let stepwise = LedgerFile<StoreEvent>(path: path, fileSystem: fileSystem)
        fileSystem.set(path, to: Array(ledger.prefix(ledger.count / 2)))
        var entries = try stepwise.readNew().entries
        fileSystem.set(path, to: ledger)
        // A half that was found damaged and then changed is read again from its first line
        // (the batch says it restarted): a follower then replaces what it had, as here.
        let rest = try stepwise.readNew()
        entries = (rest.restarted ? [] : entries) + rest.entries
        fileSystem.set(path + ".lock", to: lock)
        if entries.map(\.line) != unmarked.entries.map(\.line) { FuzzChecks.fail("reading in two steps finds other lines") }

        guard let catalog = bundledCatalog else { FuzzChecks.fail("the bundled catalog does not load") }
        let store = try Store(catalog: catalog, log: LedgerEventLog(file: LedgerFile(path: path, fileSystem: fileSystem)))
        for account in store.knownAccounts.prefix(3) {
            for device in store.knownDevices.prefix(3) {
                _ = store.entitlements(for: Buyer(account: account, device: device))
            }
        }
        _ = store.projectedState()
    } catch {
        FuzzChecks.fail("reading a ledger from memory threw: \(error)")
    }
    return 0
}
