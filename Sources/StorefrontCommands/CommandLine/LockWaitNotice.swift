import StoreLedger
import StorefrontText

/// What a command says on stderr when it has waited a second for the entitlements file's lock
/// (see `WriterLockWait`): whom it waits for, and whether Ctrl-C leaves. Made safe for the
/// terminal as all text for people is: a path or a holder's name is data.
enum LockWaitNotice {
    static func install(ctrlCLeaves: Bool) {
        WriterLockWait.announce { subject in
            switch subject {
            case .file(let lockPath):
                let holder = LockHolder.of(path: lockPath).map { ($0.processID, $0.command) }
                Console().err(CommandLineText.Report.waitingForWriterLock(lockPath, holder: holder, ctrlCLeaves: ctrlCLeaves))
            // Its statements were sent: Ctrl-C does not leave at once (see `ChangeInterruption`).
            case .database(let store, let giveUp, let holders):
                Console().err(CommandLineText.Report.waitingForStoreLock(
                    store, sessions: holders(), giveUp: giveUp.map { ($0.milliseconds, $0.setting) }))
            }
        }
    }

    static func remove() {
        WriterLockWait.announce(with: nil)
    }
}
