import Foundation
import StoreEngine
import TerminalUI
@testable import StorefrontApp
@testable import StoreCatalog
@testable import StorefrontRuntime
@testable import StorefrontTesting

/// A store over the bundled Rage catalog, in memory, at a fixed moment, and app states over it.
///
/// The clock never moves on its own, so dates on screen and in snapshots are stable.
struct StorefrontFixture {
    /// 2026-11-30 00:53:20 UTC.
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    static let facePack = "com.example.rage.face.random"
    static let lives = "com.example.rage.lives.3"
    static let drummer = "com.example.rage.comic.drummer"
    static let nightly = "com.example.rage.comic.nightly"
    static let noAds = "com.example.rage.noads"
    static let monthly = "com.example.rage.pro.monthly"
    static let season = "com.example.rage.season"
    static let newsletter = "com.example.rage.newsletter"

    let catalog: Catalog
    let log: InMemoryEventLog
    let clock: ManualClock
    let store: Store
    let buyer: Buyer

    init(catalog: Catalog? = nil, buyer: Buyer = Buyer(), log: InMemoryEventLog = InMemoryEventLog()) throws {
        let catalog = try catalog ?? CatalogLoader.loadBundled("Rage")
        self.catalog = catalog
        self.log = log
        clock = ManualClock(Self.start)
        store = try Store(catalog: catalog, log: log.connection(), clock: clock)
        self.buyer = buyer
    }

    /// What the store says now about `buyer` in `storefront`.
    func snapshot(buyer: Buyer? = nil, storefront: String = "USA") -> StoreSnapshot {
        StoreSnapshot(store: store, buyer: buyer ?? self.buyer, storefront: storefront)
    }

    /// The app as it opens: nothing on top, the first product selected.
    func state(locale: String = "en_US", storefront: String = "USA", size: Size = Size(width: 80, height: 24),
               seed: UInt64 = 7) -> AppState {
        AppState(catalog: catalog, buyer: buyer, locale: locale, storefront: storefront,
                 snapshot: snapshot(storefront: storefront), size: size, seed: seed)
    }

    /// Buys `productID` for `buyer` (default: the fixture's) and returns the outcome.
    @discardableResult
    func buy(_ productID: String, buyer: Buyer? = nil, storefront: String = "USA",
             simulate: PurchaseSimulation? = nil) throws -> PurchaseOutcome {
        try store.purchase(productID, buyer: buyer ?? self.buyer, storefront: storefront, simulate: simulate)
    }

    /// Buys the yearly plan and lets a year pass with billing retry and grace periods on: its
    /// renewal fails to bill and it is in its grace period.
    func buyYearlyIntoGracePeriod() throws {
        try buy("com.example.rage.pro.yearly")
        try store.set(.billingRetry, to: "true", for: buyer)
        try store.set(.gracePeriod, to: "true", for: buyer)
        _ = try store.advance(by: try StoreDuration.parse("P1Y"), buyer: buyer)
    }
}

extension StorefrontFixture {
    /// Runs `effects` against the store the way the TUI's runtime does: after a change a fresh
    /// snapshot first, then the result. Effects in answer to those actions are run too.
    func run(_ effects: [Effect], on state: inout AppState, writeAccess: WriteAccessCheck? = nil) throws {
        var pending = effects[...]
        while let effect = pending.popFirst() {
            for action in try actions(for: effect, storefront: state.storefront, writeAccess: writeAccess) {
                pending += update(&state, action)
            }
        }
    }

    /// The runtime's own effect runner, so these tests exercise what the TUI really does.
    private func actions(for effect: Effect, storefront: String, writeAccess: WriteAccessCheck?) throws -> [Action] {
        EffectRunner(store: store, writeAccess: writeAccess).run(effect, storefront: storefront)
    }
}

extension AppState {
    /// Runs `update` with each key press in turn, as a person who reads a confirmation sheet
    /// before answering it presses them, and returns all their effects.
    @discardableResult
    mutating func send(_ keys: Key...) -> [Effect] {
        var effects: [Effect] = []
        for key in keys {
            if overlays.last?.isConfirmation == true, !isConfirmationArmed(at: keyTime) {
                effects += update(&self, .keyClockTicked(keyTime.addingTimeInterval(1)))
            }
            effects += update(&self, .keyPressed(key))
        }
        return effects
    }

    /// Presses Enter at once and again a tenth of a second later, as a person does who meant
    /// it for what was on top a moment before; true when neither did anything and the top
    /// stayed as it was (a sheet, question or alert armed anew takes Enter only later).
    mutating func holdsBackEnterForAMoment() -> Bool {
        let top = overlays.last
        let atOnce = update(&self, .keyPressed(.enter))
        let stayedAtOnce = overlays.last == top
        _ = update(&self, .keyClockTicked(keyTime.addingTimeInterval(0.1)))
        let aMomentLater = update(&self, .keyPressed(.enter))
        return atOnce.isEmpty && stayedAtOnce && aMomentLater.isEmpty && overlays.last == top
    }

    /// Runs `update` with keys that arrive together, as a paste or keys typed ahead do.
    @discardableResult
    mutating func sendInOneBurst(_ keys: Key...) -> [Effect] {
        keys.flatMap { update(&self, .keyPressed($0)) }
    }

    /// Types `text` one character at a time.
    mutating func type(_ text: String) {
        for character in text { send(.character(character)) }
    }

    /// Brings the snapshot up to date with `fixture`'s store.
    mutating func refresh(from fixture: StorefrontFixture) {
        _ = update(&self, .storeChanged(fixture.snapshot(buyer: buyer, storefront: storefront)))
    }

    /// The id of the selected product, for readable expectations.
    var selectedID: String? { selectedProduct?.id }

    /// The top overlay.
    var top: Overlay? { overlays.last }

    /// The alert on top, if that is what is on top.
    var topAlert: Alert? {
        if case .alert(let alert) = overlays.last { return alert }
        return nil
    }

    /// The outcome on screen: a notice (good news) or, above it, an alert that needs an answer.
    var shownOutcome: Alert? { topAlert ?? notice }
}
