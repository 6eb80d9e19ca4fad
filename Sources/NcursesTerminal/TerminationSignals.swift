import Glibc
import Synchronization

/// The last termination signal received, or 0; written only by the signal handler.
private let receivedSignal = Atomic<Int32>(0)

/// Turns SIGTERM, SIGHUP and SIGINT into a flag the run loop checks.
///
/// The handler only stores the signal number in a lock-free atomic, which is
/// async-signal-safe; restoring the terminal happens on the main thread when
/// the run loop sees the flag and calls `stop()`. The handlers are installed
/// without SA_RESTART so a blocking key read is interrupted promptly, and
/// before ncurses starts so it does not install its own exit-on-signal handlers.
enum TerminationSignals {
    static let handled: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// The signal that asked the process to stop, if one arrived since `install`.
    static var pending: Int32? {
        let signal = receivedSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Installs the handlers, returning the previous dispositions for `restore`.
    static func install() -> [Int32: sigaction] {
        // Initialise the global before a handler can run: lazy initialisation is not signal-safe.
        receivedSignal.store(0, ordering: .relaxed)
        var previous: [Int32: sigaction] = [:]
        for signal in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                receivedSignal.store(signal, ordering: .relaxed)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { previous[signal] = old }
        }
        // A blocked signal mask is inherited across exec: started by a parent that blocks them,
        // SIGTERM and SIGHUP would never arrive and the terminal would never be given back.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in handled { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
        return previous
    }

    /// Puts back the dispositions `install` replaced.
    static func restore(_ previous: [Int32: sigaction]) {
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
    }
}
