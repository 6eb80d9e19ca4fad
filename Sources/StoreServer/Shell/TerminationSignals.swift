import Foundation

/// SIGINT and SIGTERM as a wait: blocked in every thread (so the server's threads never
/// take them), then awaited by the caller.
public enum ServerTerminationSignals {
    /// Blocks SIGINT and SIGTERM; call before starting any thread, which inherits the mask.
    public static func block() {
        var signals = set()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Waits until SIGINT or SIGTERM arrives and returns it.
    public static func wait() -> Int32 {
        var signals = set()
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received
    }

    private static func set() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }
}
