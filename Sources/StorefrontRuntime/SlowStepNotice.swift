import Foundation

/// Says something once when a step is still under way after a delay: a storefront's start
/// waiting for its store (a server far away, a table another session locked, a long history
/// read whole) otherwise shows nothing at all until its screen opens.
///
/// Once `finish()` returns it says nothing more, so what it writes never lands on a screen
/// opened after the step.
public final class SlowStepNotice: @unchecked Sendable {
    private let lock = NSLock()
    /// Said, or the step finished: either way nothing is said (again).
    private var isSettled = false
    private let say: @Sendable () -> Void

    /// Starts counting: `say` runs once, on another thread, after `delay` unless the step
    /// finished first.
    public init(after delay: TimeInterval, say: @escaping @Sendable () -> Void) {
        self.say = say
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.delayPassed() }
    }

    /// What the timer does once the delay is over: says it, unless the step finished.
    func delayPassed() {
        lock.lock(); defer { lock.unlock() }
        guard !isSettled else { return }
        isSettled = true
        say()
    }

    /// The step is over. A saying under way is waited for (it holds the lock), so nothing is
    /// written after this returns.
    public func finish() {
        lock.lock(); defer { lock.unlock() }
        isSettled = true
    }
}
