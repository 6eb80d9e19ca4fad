import StoreEngine
import Testing
@testable import StorefrontApp
@testable import StorefrontRuntime

@Suite("Runtime: the mailbox of effect results")
struct ActionMailboxTests {
    @Test("An effect sent off is awaited until the drain that returns its results, not merely until it posts")
    func awaitsUntilDrained() {
        let mailbox = ActionMailbox()
        #expect(!mailbox.isAwaitingResults)
        mailbox.expect()
        mailbox.expect()
        #expect(mailbox.isAwaitingResults)
        mailbox.post([.tick])
        #expect(mailbox.isAwaitingResults, "posted results still wait to be taken")
        #expect(mailbox.drain() == [.tick])
        #expect(mailbox.isAwaitingResults, "the second effect has not posted")
        mailbox.post([])
        #expect(mailbox.drain().isEmpty)
        #expect(!mailbox.isAwaitingResults)
    }
}
