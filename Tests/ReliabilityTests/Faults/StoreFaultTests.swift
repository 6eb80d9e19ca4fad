import Foundation
import Glibc
import StoreEngine
import Testing
@testable import StoreCatalog
@testable import StoreLedger
@testable import StorefrontTesting

/// Every call the store makes to the file system during a representative workload fails in
/// turn, with EIO, ENOSPC or a short write. After each: the operation failed with a message
/// naming the file and the error (or the fault was harmless and the operation completed), the
/// ledger verifies, the state is exactly the state before the operation (or after it), and
/// retrying the operation reaches the state a fault-free run reached.
@Suite("Injected I/O faults: every failing call of a store workload", .serialized)
struct StoreFaultTests {
    enum Injection: CustomStringConvertible, Sendable {
        case fail(Int32)
        case shortWrite(Int)

        var description: String {
            switch self {
            case .fail(EIO): "EIO"
            case .fail(ENOSPC): "ENOSPC"
            case .fail(let code): "errno \(code)"
            case .shortWrite(let count): "short write of \(count) bytes"
            }
        }

        /// Whether `message` names this fault. A short write of a whole new file is continued,
        /// and a write that stores nothing is reported as the disk being full.
        func isNamed(in message: String) -> Bool {
            switch self {
            case .fail(EIO): message.contains("(EIO)")
            case .fail(ENOSPC): message.contains("(ENOSPC)")
            case .fail: true
            case .shortWrite: message.contains("(is the disk full?)") || message.contains("(ENOSPC)")
            }
        }

        static func all(for operation: FileOperation) -> [Injection] {
            operation == .write ? [.fail(EIO), .fail(ENOSPC), .shortWrite(0), .shortWrite(17)] : [.fail(EIO), .fail(ENOSPC)]
        }
    }

    /// What a fault-free run of one operation did.
    struct Reference {
        var callCounts: [FileOperation: Int]
        var stateBefore: StateDigest
        var stateAfter: StateDigest
        var filesAfter: DirectorySnapshot
    }

    /// Tallies for the figures line.
    struct Tally {
        var injected = 0
        var failedCleanly = 0
        var absorbed = 0
        var calls: [FileOperation: Int] = [:]
        var inconsistencies: [String] = []
    }

    let catalog: Catalog

    init() throws {
        catalog = try Rage.catalog()
    }

    @Test("each failing call leaves the state before the operation, or after it, and a retry succeeds")
    func everyFailingCall() throws {
        let start = ContinuousClock.now
        var tally = Tally()
        var before = DirectorySnapshot()
        for operation in StoreWorkload.operations {
            if !operation.tornTail.isEmpty {
                before.files[DirectorySnapshot.ledgerName, default: []] += operation.tornTail
            }
            let reference = try runWithoutFaults(operation, from: before)
            for fileOperation in FileOperation.allCases {
                let calls = reference.callCounts[fileOperation, default: 0]
                tally.calls[fileOperation, default: 0] += calls
                for call in Array(1...max(calls, 1)) where calls > 0 {
                    for injection in Injection.all(for: fileOperation) {
                        try runFailing(
                            operation, call: call, of: fileOperation, with: injection, from: before,
                            reference: reference, tally: &tally)
                    }
                }
            }
            before = reference.filesAfter
        }
        let inconsistent = tally.inconsistencies.count
        #expect(inconsistent == 0, "first: \(tally.inconsistencies.prefix(5))")
        let calls = FileOperation.allCases.compactMap { operation in
            tally.calls[operation].map { "\($0) \(operation)" }
        }.joined(separator: ", ")
        Figures.report(
            "faults",
            "\(tally.injected) injected faults (EIO, ENOSPC, short writes) on every call of "
                + "\(StoreWorkload.operations.count) store operations (\(calls)); \(tally.failedCleanly) failed cleanly "
                + "and were retried, \(tally.absorbed) harmless, \(inconsistent) inconsistent, \(Figures.seconds(since: start))")
    }

    private func openStore(at path: String, fileSystem: any FileSystem) throws -> Store {
        try Store(
            catalog: catalog, log: try LedgerEventLog.open(path: path, fileSystem: fileSystem),
            clock: ManualClock(StoreWorkload.start))
    }

    /// The state a fault-free store reads from the ledger at `path`.
    private func digest(at path: String) throws -> StateDigest {
        StateDigest(try openStore(at: path, fileSystem: POSIXFileSystem()).snapshot, devices: StoreWorkload.devices)
    }

    private func runWithoutFaults(_ operation: StoreWorkload.Operation, from before: DirectorySnapshot) throws -> Reference {
        let scratch = try ScratchDirectory("faults")
        try before.restore(into: scratch)
        let path = DirectorySnapshot.ledgerPath(in: scratch)
        let stateBefore = try digest(at: path)
        let counting = FaultInjectingFileSystem()
        var store = try openStore(at: path, fileSystem: counting)
        if operation.opensStore {
            counting.reset()
            store = try openStore(at: path, fileSystem: counting)
        } else {
            counting.reset()
        }
        try operation.run(store)
        var counts: [FileOperation: Int] = [:]
        for fileOperation in FileOperation.allCases {
            counts[fileOperation] = counting.callCount(of: fileOperation)
        }
        return Reference(
            callCounts: counts, stateBefore: stateBefore, stateAfter: try digest(at: path),
            filesAfter: try DirectorySnapshot.capture(scratch))
    }

    private func runFailing(
        _ operation: StoreWorkload.Operation, call: Int, of fileOperation: FileOperation, with injection: Injection,
        from before: DirectorySnapshot, reference: Reference, tally: inout Tally
    ) throws {
        let label = "\(operation.name): \(fileOperation) call \(call) fails with \(injection)"
        func note(_ problem: String) { tally.inconsistencies.append("\(label): \(problem)") }
        let scratch = try ScratchDirectory("fault")
        try before.restore(into: scratch)
        let path = DirectorySnapshot.ledgerPath(in: scratch)
        let faults = FaultInjectingFileSystem()
        var store: Store? = operation.opensStore ? nil : try openStore(at: path, fileSystem: faults)
        faults.reset()
        switch injection {
        case .fail(let code): faults.failCall(call, of: fileOperation, errno: code)
        case .shortWrite(let count): faults.shortenWrite(call, toByteCount: count)
        }
        tally.injected += 1

        var failure: (any Error)?
        do {
            let opened = try store ?? openStore(at: path, fileSystem: faults)
            store = opened
            try operation.run(opened)
        } catch {
            failure = error
        }
        if faults.firedFaultCount != 1 { note("the fault did not fire; the workload is not deterministic") }
        let verification = FileManager.default.fileExists(atPath: path) ? try LedgerFile<StoreEvent>.verify(path: path) : nil
        if let problems = verification?.problems, !problems.isEmpty { note("the ledger does not verify: \(problems)") }
        let fresh = try digest(at: path)

        guard let failure else {
            tally.absorbed += 1
            if fresh != reference.stateAfter { note("completed, but the ledger holds \(fresh)") }
            if let store, StateDigest(store.snapshot, devices: StoreWorkload.devices) != reference.stateAfter {
                note("completed, but the store shows another state")
            }
            return
        }
        tally.failedCleanly += 1
        let message = "\(failure)"
        if !message.contains(scratch.path) || !injection.isNamed(in: message) {
            note("unclear message: \(message)")
        }
        if fresh != reference.stateBefore { note("failed, but the ledger holds \(fresh), not \(reference.stateBefore)") }
        if let store, StateDigest(store.snapshot, devices: StoreWorkload.devices) != reference.stateBefore {
            note("failed, but the store shows another state than before")
        }
        let now = try DirectorySnapshot.capture(scratch)
        let ledgerBefore = before.files[DirectorySnapshot.ledgerName] ?? []
        let ledgerNow = now.files[DirectorySnapshot.ledgerName] ?? []
        // A torn line may have been moved aside before the fault; nothing else may change.
        let tornMovedAside = ledgerNow == before.completeLedgerLines
            && now.files.contains { $0.key.contains(".torn-") && ledgerBefore.count > ledgerNow.count
                && $0.value[...] == ledgerBefore[ledgerNow.count...] }
        if ledgerNow != ledgerBefore && !tornMovedAside {
            note("failed, but the ledger changed from \(ledgerBefore.count) to \(ledgerNow.count) bytes")
        }

        faults.reset()
        do {
            let retried = try store ?? openStore(at: path, fileSystem: faults)
            try operation.run(retried)
            if StateDigest(retried.snapshot, devices: StoreWorkload.devices) != reference.stateAfter {
                note("the retry reached another state than a fault-free run")
            }
            if try digest(at: path) != reference.stateAfter { note("after the retry the ledger holds another state") }
        } catch {
            note("the retry failed: \(error)")
        }
    }
}
