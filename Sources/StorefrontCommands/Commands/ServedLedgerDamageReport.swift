import Foundation
import StoreEngine
import StoreLedger
import StorefrontText

/// Tells the operator of `serve` that the ledger it follows became damaged (it then answers
/// from the lines before the damage), as every other command warns, and that it is sound
/// again once mended; once per change of the problems, not on every pass.
final class ServedLedgerDamageReport: @unchecked Sendable {
    private let ledgerPath: String
    private let say: @Sendable (String) -> Void
    private let lock = NSLock()
    private var lastWarning: String?

    /// - Parameter say: writes one line for the operator (stderr).
    init(ledgerPath: String, say: @escaping @Sendable (String) -> Void) {
        self.ledgerPath = ledgerPath
        self.say = say
    }

    /// Warns when `problems` differ from what was last warned of, and says so once when they
    /// are gone; a mended ledger warns again when it is damaged anew.
    func check(_ problems: [LedgerProblem], medium: StoreMedium) {
        let warning = LedgerDamage(problems: problems, medium: medium).warning(filePath: ledgerPath)
        let previous = lock.withLock {
            defer { lastWarning = warning }
            return lastWarning
        }
        guard warning != previous else { return }
        if let warning {
            say(CommandLineText.Report.warning(warning))
        } else {
            switch medium {
            case .entitlementsFile: say(CommandLineText.Report.notice(CommandLineText.Files.soundAgain(ledgerPath)))
            case .database(let address): say(CommandLineText.Report.notice(CommandLineText.Stores.soundAgain(address)))
            }
        }
    }
}
