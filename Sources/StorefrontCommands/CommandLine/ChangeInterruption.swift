import Glibc
import Synchronization
import StorefrontText
import StoreLedger

/// How many times Ctrl-C (SIGINT) arrived while a command that writes ran; written only by the handler.
private let interruptions = Atomic<Int>(0)
/// The sentences the handler writes, made before it is installed: a handler may not allocate.
nonisolated(unsafe) private var firstInterruption: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var leftDuringChange: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var leftBeforeChange: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var leftDuringStoreCommand: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var leftBeforeStoreCommandWrote: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var interruptedBeforeStoreCommandWrote: UnsafeMutablePointer<CChar>?
/// Whether the command running is one of the store's own (`store copy`, `repair`, …), whose
/// writes do not say when they begin.
private let runsStoreCommand = Atomic<Bool>(false)

/// Ctrl-C while a command that writes runs. A change sent to the store may be recorded however
/// the process ends (a PostgreSQL server runs the statements it received once the lock they
/// wait for is free; a file's append is whole or not at all), so quitting at once would leave
/// the person believing nothing happened. The first Ctrl-C says so and lets the command finish
/// and report how the change ended; a second leaves at once (exit 130), saying where to look.
/// A change that has not begun (`ChangeSent`: it still waits for the file's lock or for the
/// server) is abandoned on the first Ctrl-C instead, and the command leaves at once, saying
/// nothing was recorded.
enum ChangeInterruption {
    /// How a command's change meets Ctrl-C.
    enum Kind {
        /// A purchase, spend or other change on an open store, which says when it begins
        /// (`ChangeSent`): abandoned at once before then, finished after.
        case change
        /// One of the store's own commands, which may change it anywhere: always finished on a
        /// first Ctrl-C.
        case storeCommand
    }

    /// Runs `body` with that handling of SIGINT, and puts the previous one back after it.
    /// `console` words the commands the sentences advise for the store and account this command was given.
    static func finishingChanges<T>(_ kind: Kind = .change, console: Console, _ body: () throws -> T) rethrows -> T {
        interruptions.store(0, ordering: .relaxed)
        ChangeSent.reset()
        runsStoreCommand.store(kind == .storeCommand, ordering: .relaxed)
        if firstInterruption == nil { firstInterruption = strdup(CommandLineText.Report.interruptedDuringChange) }
        // Made anew for each command, as its store and account are advised; the handler of the one before is gone.
        free(leftDuringChange)
        leftDuringChange = strdup(console.preparedForStandardError(CommandLineText.Report.leftDuringChange))
        if leftBeforeChange == nil { leftBeforeChange = strdup(CommandLineText.Report.leftBeforeChange) }
        if leftDuringStoreCommand == nil { leftDuringStoreCommand = strdup(CommandLineText.Report.leftDuringStoreCommand) }
        if leftBeforeStoreCommandWrote == nil {
            leftBeforeStoreCommandWrote = strdup(CommandLineText.Report.leftBeforeStoreCommandWrote)
        }
        if interruptedBeforeStoreCommandWrote == nil {
            interruptedBeforeStoreCommandWrote = strdup(CommandLineText.Report.interruptedBeforeStoreCommandWrote)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let count = interruptions.add(1, ordering: .relaxed).newValue
            let isStoreCommand = runsStoreCommand.load(ordering: .relaxed)
            // A change that has not begun (waiting for the file's lock, or the server) is
            // abandoned: nothing of it was sent, so the command leaves at once.
            if !isStoreCommand, ChangeSent.abandonUnlessBegun() {
                if let sentence = leftBeforeChange { _ = write(STDERR_FILENO, sentence, strlen(sentence)) }
                _exit(130)
            }
            // A store command marks its change begun before its first write, as the stores do.
            let begun = ChangeSent.hasBegun
            let sentence = switch (count == 1, isStoreCommand) {
            case (true, true): begun ? firstInterruption : interruptedBeforeStoreCommandWrote
            case (true, false): firstInterruption
            case (false, true): begun ? leftDuringStoreCommand : leftBeforeStoreCommandWrote
            case (false, false): leftDuringChange
            }
            if let sentence { _ = write(STDERR_FILENO, sentence, strlen(sentence)) }
            if count > 1 { _exit(130) }
        }
        sigemptyset(&action.sa_mask)
        // Interrupted system calls carry on: the change goes on to its end.
        action.sa_flags = SA_RESTART
        var previous = sigaction()
        let installed = sigaction(SIGINT, &action, &previous) == 0
        // A blocked signal mask is inherited across exec: started by a parent that blocks
        // SIGINT, the command would never hear Ctrl-C, and a second could not leave.
        var interrupt = sigset_t(), previousMask = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &previousMask)
        LockWaitNotice.install(ctrlCLeaves: kind == .change)
        defer {
            LockWaitNotice.remove()
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            if installed { sigaction(SIGINT, &previous, nil) }
        }
        return try body()
    }

    /// Has a second Ctrl-C during the store command running say `sentence` instead of the
    /// general words, once the command knows which store it changes. Call from the command,
    /// inside `finishingChanges`.
    static func sayOnLeavingStoreCommand(_ sentence: String) {
        // The sentence before is left allocated: a handler running now may be writing it.
        leftDuringStoreCommand = strdup(sentence)
    }
}
