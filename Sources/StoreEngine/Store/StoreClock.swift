import Foundation

/// The store's idea of "now", injected so tests control time.
public protocol StoreClock: Sendable {
    func now() -> Date
}

/// The machine's clock.
public struct SystemClock: StoreClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that stands still until moved; for tests.
public final class ManualClock: StoreClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date) { current = start }

    public func now() -> Date {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    public func advance(by seconds: TimeInterval) {
        lock.lock(); defer { lock.unlock() }
        current += seconds
    }

    public func set(_ date: Date) {
        lock.lock(); defer { lock.unlock() }
        current = date
    }
}
