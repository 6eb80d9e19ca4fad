import Foundation

/// When to try an unreachable store again: soon at first, then less and less often, so a
/// short hiccup heals in a moment and a server that is down for long is not hammered.
struct ReconnectSchedule: Equatable {
    /// The waits after the first, second, ... failed attempt; the last one repeats.
    static let delays: [TimeInterval] = [0.25, 0.5, 1, 2, 4]

    private(set) var failedAttempts = 0
    /// When the next attempt is due; nil while the store answers.
    private(set) var nextAttempt: Date?

    /// Records a failed attempt (or the loss itself) at `now` and schedules the next one.
    mutating func failed(at now: Date) {
        nextAttempt = now.addingTimeInterval(Self.delays[min(failedAttempts, Self.delays.count - 1)])
        failedAttempts += 1
    }

    /// The store answered: the next loss starts from the shortest wait again.
    mutating func succeeded() {
        failedAttempts = 0
        nextAttempt = nil
    }

    /// Whether an attempt may be made at `now`.
    func isDue(at now: Date) -> Bool {
        guard let nextAttempt else { return true }
        return now >= nextAttempt
    }

    /// How long from `now` until the next attempt, for the run loop's wait; nil when none is scheduled.
    func millisecondsUntilDue(at now: Date) -> Int? {
        nextAttempt.map { max(0, Int(($0.timeIntervalSince(now) * 1000).rounded(.up))) }
    }
}
