import Dispatch
import Foundation
import Testing
@testable import StoreLedger

/// A wait that is said asks who holds it up on another thread; the wait's end waits for that
/// question, so a command that exits once its wait ended never exits while it is asked.
@Suite struct WriterLockWaitTests {
    /// Set once, from the asking thread.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    @Test("a wait that ends while its holders are being asked returns only once they answered (before: a command that then exited was taken down mid-question)")
    func theEndWaitsForTheQuestionAskedMeanwhile() throws {
        let asked = DispatchSemaphore(value: 0)
        let answered = Flag()
        let announced = Flag()
        let subject = WriterLockWait.Subject.database(store: "postgresql:///shop", giveUp: nil, holders: {
            asked.signal()
            Thread.sleep(forTimeInterval: 0.3)
            answered.set()
            return "session 1"
        })
        let named = WriterLockWait.NamedHolders()
        let ended: Bool = WriterLockWait.whileWaiting(for: subject, announcing: { _ in announced.set() }, noting: named) {
            // The wait ends just as the holders are asked.
            asked.wait(timeout: .now() + 30) == .success
        }
        #expect(ended, "the holders were never asked")
        #expect(answered.isSet, "the wait returned while the question was still out")
        #expect(!announced.isSet, "a wait that ended is not said")
        // Kept for the refusal that ends such a wait, which then names them as a notice would have.
        #expect(named.text == "session 1")
    }

    @Test("the holders a said wait named are kept for its end; a wait that ends before it is said keeps none")
    func theHoldersNamedAreKept() throws {
        let subject = WriterLockWait.Subject.database(store: "postgresql:///shop", giveUp: nil, holders: { "session 4242 (psql)" })
        let long = WriterLockWait.NamedHolders()
        let said = DispatchSemaphore(value: 0)
        // The wait lasts until it is said, however late a loaded machine says it.
        let wasSaid: Bool = WriterLockWait.whileWaiting(for: subject, announcing: { _ in said.signal() }, noting: long) {
            said.wait(timeout: .now() + 30) == .success
        }
        #expect(wasSaid && long.text == "session 4242 (psql)")
        let short = WriterLockWait.NamedHolders()
        WriterLockWait.whileWaiting(for: subject, announcing: { _ in }, noting: short) {}
        #expect(short.text == nil)
    }

    @Test("a wait that ends before it is said asks nobody")
    func aShortWaitAsksNobody() {
        let asked = Flag()
        let subject = WriterLockWait.Subject.database(store: "postgresql:///shop", giveUp: nil, holders: { asked.set(); return nil })
        WriterLockWait.whileWaiting(for: subject, announcing: { _ in }) {}
        Thread.sleep(forTimeInterval: WriterLockWait.quietSeconds + 0.3)
        #expect(!asked.isSet)
    }
}
