import Foundation

/// What a callback was told, in order, from whichever thread told it, for tests that hand a
/// `@Sendable` closure to the code they check.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [Value] = []

    public init() {}

    /// Everything told so far.
    public var all: [Value] {
        condition.lock(); defer { condition.unlock() }
        return values
    }

    public func add(_ value: Value) {
        condition.lock(); defer { condition.unlock() }
        values.append(value)
        condition.broadcast()
    }

    /// Waits up to `timeout` seconds until `isDone` holds for what was told; whether it came to hold.
    public func wait(timeout: TimeInterval = 10, until isDone: ([Value]) -> Bool) -> Bool {
        condition.lock(); defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while !isDone(values) {
            if !condition.wait(until: deadline) { return isDone(values) }
        }
        return true
    }
}
