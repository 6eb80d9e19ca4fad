import Foundation
import StoreEngine
import StoreLedger
import StorefrontText

/// Tells the operator of `serve` that the ledger it follows became damaged (it then answers
/// from the lines before the damage), as every other command warns; once per change of the
/// problems, not on every pass.
final class ServedLedgerDamageReport: @unchecked Sendable {
    private let console: Console
    private let ledgerPath: String
    private let lock = NSLock()
    private var lastWarning: String?

    init(console: Console, ledgerPath: String) {
        self.console = console
        self.ledgerPath = ledgerPath
    }

    /// Warns when `problems` differ from what was last warned of; a repaired ledger warns again
    /// when it is damaged anew.
    func check(_ problems: [LedgerProblem], medium: StoreMedium) {
        let warning = LedgerDamage(problems: problems, medium: medium).warning(filePath: ledgerPath)
        let isNew = lock.withLock {
            defer { lastWarning = warning }
            return warning != lastWarning
        }
        if isNew, let warning { console.err(CommandLineText.Report.warning(warning)) }
    }
}
