import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Purchases that complete elsewhere while the buyer waits are announced in the storefront.
@Suite("Update: announcements of purchases completed elsewhere")
struct AnnouncementUpdateTests {
    typealias F = StorefrontFixture

    /// The storefront's state after an interrupted purchase of `product`, made before it
    /// opened, was completed by another process.
    func stateAfterCompletionElsewhere(of product: String) throws -> AppState {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        let interrupted = try #require(try fixture.buy(product).transaction)
        var state = fixture.state()
        _ = try fixture.store.resolve(interrupted.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        return state
    }

    @Test("An interrupted purchase completed in another process is announced when the snapshot arrives")
    func announcedCompletion() throws {
        let state = try stateAfterCompletionElsewhere(of: F.drummer)
        #expect(state.shownOutcome == Alert(title: "Purchase completed", message: "Girlfriend of Drummer Rage is yours.",
                                        tone: .success))
    }

    @Test("An approved subscription or pass is announced with its period and offer, as the command line says it (before: only that it is the buyer's)")
    func approvedSubscriptionSaysItsPeriod() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let asked = try #require(try fixture.buy(F.monthly).transaction)
        let pass = try #require(try fixture.buy(F.season).transaction)
        var state = fixture.state()
        _ = try fixture.store.approve(asked.id)
        _ = try fixture.store.approve(pass.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        let approved = try #require(fixture.store.transactions(for: fixture.buyer.account).first { $0.id == asked.id })
        let passApproved = try #require(fixture.store.transactions(for: fixture.buyer.account).first { $0.id == pass.id })
        let message = state.shownOutcome?.message ?? ""
        let trialEnds = state.text.date(try #require(approved.expiresDate))
        let passEnds = state.text.date(try #require(passApproved.expiresDate))
        #expect(message.contains("Your request to buy Rage Pro (Monthly) was approved; it is yours (free trial) until \(trialEnds).")
                && message.contains("was approved; it is yours; active until \(passEnds)."),
                "\(message)")
    }

    @Test("An approved upgrade is announced with what it gave back of the plan it replaced, as approve says it (before: not at all)")
    func approvedUpgradeSaysItsRefund() throws {
        let fixture = try F()
        _ = try fixture.buy(F.monthly)
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let asked = try #require(try fixture.buy("com.example.rage.pro.yearly").transaction)
        var state = fixture.state()
        fixture.clock.advance(by: 10 * 86_400)   // into the paid month after the free week
        _ = try fixture.store.approve(asked.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        let approved = try #require(fixture.store.transactions(for: fixture.buyer.account).first { $0.id == asked.id })
        let refund = try #require(state.text.proratedRefundText(approved))
        #expect(state.shownOutcome?.message.hasSuffix(refund + ".") == true, "\(String(describing: state.shownOutcome))")
    }

    @Test("A consumable completed elsewhere is announced with the new balance")
    func announcedConsumableCompletion() throws {
        let state = try stateAfterCompletionElsewhere(of: F.facePack)
        #expect(state.shownOutcome?.title == "Purchase completed")
        // "Is yours" reads wrong of a pack of faces (before: "Random Rage Face is yours").
        #expect(state.shownOutcome?.message == "Your purchase of Random Rage Face was completed. +5 Rage Faces: you have 5.")
    }

    @Test("Several decisions arriving together, or one after another before a key, are each said, oldest first (before: one of them, the others lost)")
    func everyDecisionIsSaid() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let lives = try #require(try fixture.buy(F.lives).transaction)
        let drummer = try #require(try fixture.buy(F.drummer).transaction)
        let season = try #require(try fixture.buy(F.season).transaction)
        var state = fixture.state()
        _ = try fixture.store.approve(lives.id)
        _ = try fixture.store.decline(drummer.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        let two = try #require(state.shownOutcome)
        #expect(two.title == "2 purchases settled" && two.tone == .info, "\(two)")
        #expect(two.message.hasPrefix("Your request to buy 1 × 3 Extra Lives was approved. +3 Extra Lives: you have 3. "
            + "Your request to buy Girlfriend of Drummer Rage was declined"), "\(two.message)")
        // Another arrives while those are unread: it joins them.
        _ = try fixture.store.approve(season.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        let three = try #require(state.shownOutcome)
        #expect(three.title == "3 purchases settled" && three.message.hasPrefix(two.message + " Your request to buy Rage Season Pass was approved"),
                "\(three.message)")
        // Read (a key closed it), the next stands alone.
        _ = update(&state, .keyPressed(.enter))
        #expect(state.shownOutcome == nil)
        let more = try #require(try fixture.buy(F.noAds).transaction)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        _ = try fixture.store.approve(more.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        #expect(state.shownOutcome?.title == "Request approved", "\(String(describing: state.shownOutcome))")
    }

    @Test("A request asked for and settled between two reads is announced too, and decisions are said in the order they were made (before: never said; in the order asked)")
    func unseenRequestsAreAnnouncedInTheOrderDecided() throws {
        let fixture = try F()
        var state = fixture.state()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let drummer = try #require(try fixture.buy(F.drummer).transaction)
        let nightly = try #require(try fixture.buy(F.nightly).transaction)
        _ = try fixture.store.approve(nightly.id)    // decided first, asked second
        _ = try fixture.store.decline(drummer.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        let said = try #require(state.shownOutcome)
        #expect(said.title == "2 purchases settled", "\(said)")
        #expect(said.message.hasPrefix("Your request to buy Nightly Rage was approved; it is yours. Your request to buy Girlfriend of Drummer Rage was declined"),
                "\(said.message)")
        // Seen settled once, never again; nor is a purchase that never waited.
        _ = update(&state, .keyPressed(.enter))
        try fixture.store.set(.askToBuy, to: "false", for: fixture.buyer)
        try fixture.buy(F.noAds)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        #expect(state.shownOutcome == nil, "\(String(describing: state.shownOutcome))")
    }

    @Test("What this storefront did, said while announcements are unread, keeps them after its own words (before: they were lost)")
    func aResultKeepsUnreadAnnouncements() throws {
        let fixture = try F()
        var state = fixture.state()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let nightly = try #require(try fixture.buy(F.nightly).transaction)
        _ = try fixture.store.approve(nightly.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        state.report(Alert(title: "Purchase cancelled", message: "Purchase of Remove Ads cancelled; nothing was charged.", tone: .info))
        #expect(state.shownOutcome == Alert(title: "Purchase cancelled", message: "Purchase of Remove Ads cancelled; nothing was charged. "
            + "Your request to buy Nightly Rage was approved; it is yours.", tone: .info))
        state.report(Alert(title: "Purchase complete", message: "Remove Ads is yours.", tone: .success))
        #expect(state.shownOutcome?.message == "Remove Ads is yours.", "said once: the next result stands alone")
        // Decisions arriving while that result is unread keep it first (before: it was replaced).
        let drummer = try #require(try fixture.buy(F.drummer).transaction)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        _ = try fixture.store.decline(drummer.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        #expect(state.shownOutcome?.message == "Remove Ads is yours. Your request to buy Girlfriend of Drummer Rage was declined; nothing was charged.",
                "\(String(describing: state.shownOutcome))")
        let season = try #require(try fixture.buy(F.season).transaction)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        _ = try fixture.store.approve(season.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        let both = try #require(state.shownOutcome)
        #expect(both.title == "2 purchases settled" && both.message.hasPrefix("Remove Ads is yours. Your request to buy Girlfriend of Drummer Rage was declined")
                && both.message.contains("Rage Season Pass was approved"), "\(both)")
    }

    @Test("More announcements than a box shows: the latest, and how many earlier ones the transactions screen has")
    func manyAnnouncementsAreCounted() throws {
        let many = (1...6).map { Alert(title: "Request approved", message: "M\($0).", tone: .success) }
        let gathered = try #require(AppState.gathered(many))
        #expect(gathered.title == "6 purchases settled" && gathered.tone == .success)
        #expect(gathered.message == "M3. M4. M5. M6. 2 earlier ones are on the transactions screen (t).", "\(gathered.message)")
        #expect(AppState.gathered([many[0]]) == many[0] && AppState.gathered([]) == nil)
    }
}
