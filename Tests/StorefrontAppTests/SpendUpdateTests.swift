import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StoreCatalog

/// The spend screen: `u` opens it, Space and Enter spend while there is a balance, at zero Enter buys more.
@Suite("Update: spending credits")
struct SpendUpdateTests {
    typealias F = StorefrontFixture

    /// The spend screen on top, if that is what is on top.
    static func spendScreen(_ state: AppState) -> SpendScreen? {
        if case .spend(let screen) = state.overlays.last { return screen }
        return nil
    }

    @Test("u opens the spend screen of the selected product's credit, showing no face until one is spent")
    func opensForSelectedCredit() throws {
        var state = try F().state(seed: 7)
        #expect(state.send(.character("u")).isEmpty)
        #expect(state.overlays == [.spend(SpendScreen(credit: "rage-faces", face: nil, spent: 0))])
        #expect(state.random == RandomSequence(seed: 7), "no face was drawn")

        var lives = try F().state()
        lives.send(.down, .character("u"))
        #expect(Self.spendScreen(lives)?.credit == "extra-lives")
    }

    @Test("Enter on a pack its credit could not hold says why and opens no sheet (before: a sheet whose Esc was refused as a purchase)")
    func packOverTheMaximumOpensNoSheet() throws {
        let fixture = try F()
        for _ in 0..<9 { try fixture.buy(F.facePack) } // 45 of at most 50
        var state = fixture.state()
        #expect(state.selectedID == F.facePack)
        state.send(.enter)
        #expect(state.overlays == [.buySheet(productID: F.facePack)], "45 + 5 still fits: the sheet opens")
        try fixture.buy(F.facePack) // 50
        state.refresh(from: fixture)
        state.overlays.removeAll()
        #expect(state.send(.enter).isEmpty, "nothing is asked of the store")
        #expect(state.topAlert?.title == "Purchase refused")
        #expect(state.topAlert?.message.contains("the balance of Rage Faces is 50, and at most 50 may be held; 5 more would go over it") == true,
                "\(String(describing: state.topAlert))")
    }

    @Test("u on a product that grants no credit opens the catalog's first credit")
    func opensFirstCredit() throws {
        var state = try F().state()
        state.send(.end, .character("u"))
        #expect(state.selectedID == F.season)
        #expect(Self.spendScreen(state)?.credit == "rage-faces")
    }

    @Test("Space and Enter spend one when the balance is above zero", arguments: [Key.character(" "), Key.enter])
    func spends(key: Key) throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        #expect(state.send(key) == [.spend(credit: "rage-faces", buyer: fixture.buyer)])
        #expect(state.activity == .spending(credit: "rage-faces"))
    }

    @Test("A finished spend shows a different face, counts it, and the balance comes from the store")
    func finishedSpend() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        let before = try #require(Self.spendScreen(state))
        try fixture.run(state.send(.character(" ")), on: &state)
        let after = try #require(Self.spendScreen(state))
        #expect(after.spent == 1)
        #expect(after.face != before.face)
        #expect(state.activity == nil)
        #expect(state.snapshot.balance(of: "rage-faces") == 4)
        #expect(fixture.store.balance(of: "rage-faces", for: fixture.buyer) == 4)
    }

    @Test("A spend refused because another process spent the balance says so, and leaves the face and the count as they were")
    func refusedSpend() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        let before = try #require(Self.spendScreen(state))
        _ = try fixture.store.spend("rage-faces", amount: 5, buyer: fixture.buyer)
        try fixture.run(state.send(.character(" ")), on: &state)
        #expect(state.activity == nil)
        let alert = try #require(state.topAlert)
        #expect(alert.title == "Not enough Rage Faces")
        #expect(alert.message.contains("Another process used these Rage Faces"))
        #expect(alert.message.contains("you have 0 now, and nothing was spent here"))
        state.send(.escape)
        #expect(Self.spendScreen(state) == before)
        #expect(state.snapshot.balance(of: "rage-faces") == 0)
    }

    @Test("At zero Space does nothing")
    func spaceAtZero() throws {
        var state = try F().state()
        state.send(.character("u"))
        let before = state
        #expect(state.send(.character(" ")).isEmpty)
        #expect(state == before)
    }

    @Test("At zero Enter opens the payment sheet for the product that grants the credit")
    func enterAtZeroBuysMore() throws {
        var state = try F().state()
        state.send(.end, .character("u"))
        #expect(state.send(.enter).isEmpty)
        #expect(state.overlays.count == 2)
        #expect(state.top == .buySheet(productID: F.facePack))
    }

    @Test("Esc leaves the spend screen; q quits from it")
    func leaving() throws {
        var state = try F().state()
        state.send(.character("u"))
        state.send(.escape)
        #expect(state.overlays.isEmpty)
        state.send(.character("u"))
        #expect(state.send(.character("q")) == [.quit])
    }

    @Test("A catalog without credits says there is nothing to use")
    func noCredits() throws {
        var catalog = try CatalogLoader.loadBundled("Rage")
        catalog.credits = []
        catalog.products = catalog.products.filter { $0.type != .consumable }
        var state = try F(catalog: catalog).state()
        state.send(.character("u"))
        #expect(state.topAlert == Alert(title: "Nothing to use", message: "This catalog has no credits to spend.", tone: .info))
    }

    @Test("Space Space Space in one burst spends three, in order")
    func burstOfSpaces() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        let effects = state.sendInOneBurst(.character(" "), .character(" "), .character(" "))
        #expect(state.waitingKeys.count == 2, "two Spaces wait for the first spend")
        try fixture.run(effects, on: &state)
        #expect(fixture.store.balance(of: "rage-faces", for: fixture.buyer) == 2)
        #expect(Self.spendScreen(state)?.spent == 3)
        #expect(state.waitingKeys.isEmpty)
    }

    @Test("Space Escape in one burst spends one and closes the screen")
    func spaceThenEscape() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        try fixture.run(state.sendInOneBurst(.character(" "), .escape), on: &state)
        #expect(fixture.store.balance(of: "rage-faces", for: fixture.buyer) == 4)
        #expect(state.overlays.isEmpty)
    }

    @Test("A failure drops the keys typed before it was shown; they were not meant for its alert")
    func failureDropsTypedAhead() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        _ = state.sendInOneBurst(.character(" "), .character(" "), .escape)
        _ = update(&state, .operationFailed(message: "disk full"))
        #expect(state.topAlert?.title == "Could not complete")
        #expect(state.waitingKeys.isEmpty)
    }

    @Test("The last face paid for is shown: at one left, Space shows a face and then zero remain")
    func lastFaceShows() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        for _ in 0..<4 { _ = try fixture.store.spend("rage-faces", buyer: fixture.buyer) }
        var state = fixture.state()
        state.send(.character("u"))
        #expect(Self.spendScreen(state)?.face == nil)
        try fixture.run(state.send(.character(" ")), on: &state)
        let screen = try #require(Self.spendScreen(state))
        #expect(screen.face != nil)
        #expect(state.snapshot.balance(of: "rage-faces") == 0)
        let buffer = render(state, size: state.size)
        let text = (0..<buffer.height).map(buffer.rowText).joined(separator: "\n")
        let face = RageFaces.all[screen.face ?? 0]
        #expect(text.contains(face.rows[0]))
        #expect(text.contains("Times remaining: 0"))
    }
}
