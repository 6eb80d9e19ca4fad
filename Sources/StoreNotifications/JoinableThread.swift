import Foundation

/// A POSIX thread that can be waited for until it has wholly ended.
///
/// Foundation's `Thread` cannot be joined: code after its closure (releasing the closure and
/// what it captured, the thread's own teardown) still runs when a flag set at the closure's
/// end is seen. A process that exits then races that teardown, and glibc aborts now and
/// then. `join()` returns only once the thread is gone.
final class JoinableThread: @unchecked Sendable {
    private let thread: pthread_t

    /// Starts `body` on a new thread at once; the thread inherits the caller's signal mask.
    init(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            Thread.current.name = body.name
            body.run()
            return nil
        }, box)
        // Without a thread the process cannot serve its purpose; there is no partial state to keep.
        precondition(result == 0, "cannot start thread \(name): \(String(cString: strerror(result)))")
        self.thread = thread
    }

    /// Waits until the thread has ended, its closure and everything it held released.
    func join() {
        pthread_join(thread, nil)
    }

    private final class Body {
        let name: String
        let run: @Sendable () -> Void

        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}
