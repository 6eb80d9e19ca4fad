import Foundation

/// Waiting in tests for something another process does, without a timing assumption beyond a
/// generous limit that only a broken run reaches.
public enum Polling {
    /// Thrown when the condition did not hold within the limit.
    public struct GaveUp: Error, CustomStringConvertible {
        public var seconds: Double
        public var description: String { "waited \(seconds) s in vain" }
    }

    /// Checks `condition` every 50 ms until it holds; throws `GaveUp` after `seconds`.
    public static func until(seconds: Double = 10, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return }
            usleep(50_000)
        }
        throw GaveUp(seconds: seconds)
    }
}

extension RunningCommand {
    /// Sends SIGINT again and again, as an impatient person presses Ctrl-C, until the process
    /// has ended, and returns how it ended.
    public func interruptUntilItLeaves() throws -> StorefrontProcess.Result {
        try Polling.until {
            _ = Glibc.kill(process.processIdentifier, SIGINT)
            return !process.isRunning
        }
        return wait()
    }
}
