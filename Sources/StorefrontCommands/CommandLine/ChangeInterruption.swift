import Glibc
import Synchronization
import StorefrontText

/// How many times Ctrl-C (SIGINT) arrived while a command that writes ran; written only by the handler.
private let interruptions = Atomic<Int>(0)
/// The sentences the handler writes, made before it is installed: a handler may not allocate.
nonisolated(unsafe) private var firstInterruption: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var secondInterruption: UnsafeMutablePointer<CChar>?

/// Ctrl-C while a command that writes runs. A change sent to the store may be recorded however
/// the process ends (a PostgreSQL server runs the statements it received once the lock they
/// wait for is free; a file's append is whole or not at all), so quitting at once would leave
/// the person believing nothing happened. The first Ctrl-C says so and lets the command finish
/// and report how the change ended; a second leaves at once (exit 130), saying where to look.
enum ChangeInterruption {
    /// Runs `body` with that handling of SIGINT, and puts the previous one back after it.
    static func finishingChanges<T>(_ body: () throws -> T) rethrows -> T {
        interruptions.store(0, ordering: .relaxed)
        if firstInterruption == nil { firstInterruption = strdup(CommandLineText.Report.interruptedDuringChange) }
        if secondInterruption == nil { secondInterruption = strdup(CommandLineText.Report.leftDuringChange) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let count = interruptions.add(1, ordering: .relaxed).newValue
            let sentence = count == 1 ? firstInterruption : secondInterruption
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
        defer {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            if installed { sigaction(SIGINT, &previous, nil) }
        }
        return try body()
    }
}
