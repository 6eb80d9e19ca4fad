import Glibc

/// One wait for whichever comes first: input on the terminal or a readable wake descriptor.
enum KeyOrWakeWait {
    enum Outcome: Equatable {
        /// The terminal has input, or a signal (a resize, a termination request) cut the wait short.
        case keyReady
        /// The wake descriptor turned readable (or hung up, which a reader must also hear of).
        case woken
        case timedOut
    }

    /// Waits up to `milliseconds` on standard input and `wakeDescriptor` together.
    static func wait(wakeDescriptor: Int32, milliseconds: Int) -> Outcome {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, Int32(milliseconds))
        // EINTR: curses turns a resize into a key, and the caller checks for termination.
        if ready < 0 { return .keyReady }
        if ready == 0 { return .timedOut }
        if descriptors[1].revents != 0 { return .woken }
        return .keyReady
    }
}
