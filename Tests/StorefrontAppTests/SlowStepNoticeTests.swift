import Foundation
import Testing
@testable import StorefrontRuntime

/// The line a storefront's start writes while its store takes long to open.
@Suite("Runtime: the notice of a slow start")
struct SlowStepNoticeTests {
    /// Counts what a notice said, from the timer's thread.
    final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var times: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    @Test("A step still under way when the delay passes is told of, once, by the timer itself")
    func saidOnceWhenSlow() throws {
        let said = Said()
        let notice = SlowStepNotice(after: 0.01) { said.add() }
        // Waits for the timer's thread; a minute is far beyond any load, and fails rather than hangs.
        let deadline = Date().addingTimeInterval(60)
        while said.times == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        notice.delayPassed()
        notice.finish()
        #expect(said.times == 1)
    }

    @Test("A step finished before the delay passed is never told of")
    func silentWhenFinished() {
        let said = Said()
        let notice = SlowStepNotice(after: 3_600) { said.add() }
        notice.finish()
        notice.delayPassed()
        #expect(said.times == 0)
    }
}
