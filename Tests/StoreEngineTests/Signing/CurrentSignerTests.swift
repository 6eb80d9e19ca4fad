import Foundation
import Testing
@testable import StoreSigning

/// The signer of a long-running process follows its authority file and says what became of it.
@Suite struct CurrentSignerTests {
    /// Every change the signer reported, in order.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var changes: [CurrentSigner.Change] = []

        func add(_ change: CurrentSigner.Change) { lock.withLock { changes.append(change) } }
        var all: [CurrentSigner.Change] { lock.withLock { changes } }
    }

    @Test func aDeletedAuthorityIsMadeAnewAndToldAsMissingNotReplaced() throws {
        let directory = try SigningTestDirectory()
        let started = try TransactionSigner(ledgerPath: directory.ledgerPath)
        let heard = Heard()
        let current = CurrentSigner(signer: started, load: { [ledgerPath = directory.ledgerPath] () throws(SigningError) in
            try TransactionSigner(ledgerPath: ledgerPath)
        }, report: heard.add)
        try FileManager.default.removeItem(atPath: started.authorityPath)

        let signer = try current.signer()
        #expect(signer.authority.root.der != started.authority.root.der, "a new authority signs")
        #expect(FileManager.default.fileExists(atPath: started.authorityPath))
        _ = try current.signer()

        let changes = heard.all
        #expect(changes.count == 1, "told once: \(changes)")
        guard case .madeAnew(let path)? = changes.first else {
            Issue.record("told \(changes) instead of the authority being made anew")
            return
        }
        #expect(path == started.authorityPath)
    }
}
