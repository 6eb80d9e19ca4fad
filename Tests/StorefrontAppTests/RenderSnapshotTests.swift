import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StorefrontTesting

/// Whole frames compared with the text files in `Snapshots/`; `STOREFRONT_RECORD_SNAPSHOTS=1` re-records them.
@Suite("Render: snapshots of every screen")
struct RenderSnapshotTests {
    typealias F = StorefrontFixture

    static let snapshots = Snapshot(besideFile: #filePath)
    static let sizes = [Size(width: 80, height: 24), Size(width: 60, height: 16), Size(width: 120, height: 40)]
    static let locales = [("en_US", "USA"), ("de_DE", "DEU"), ("ja_JP", "JPN")]

    /// A store that has seen some use: face packs, a comic, a subscription, and Remove Ads bought on another device.
    static func livedIn() throws -> F {
        let fixture = try F()
        try fixture.buy(F.facePack)
        try fixture.buy(F.drummer)
        try fixture.buy(F.monthly)
        try fixture.buy(F.noAds, buyer: Buyer(account: "tester", device: "phone"))
        return fixture
    }

    static func verify(_ state: AppState, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let result = snapshots.verify(render(state, size: state.size), named: name)
        #expect(result.isSuccess, "\(result)", sourceLocation: sourceLocation)
    }

    @Test("The main screen at 80x24, 60x16 and 120x40 in en_US, de_DE and ja_JP",
          arguments: locales.flatMap { locale in sizes.map { (locale.0, locale.1, $0) } })
    func mainScreen(locale: String, storefront: String, size: Size) throws {
        let state = try Self.livedIn().state(locale: locale, storefront: storefront, size: size)
        Self.verify(state, named: "main-\(locale)-\(size.width)x\(size.height)")
    }

    @Test("A read-only ledger shows a red banner and a badge")
    func readOnly() throws {
        let fixture = try Self.livedIn()
        var state = fixture.state()
        var snapshot = fixture.snapshot()
        snapshot.ledgerProblems = [.tampered(line: 3)]
        _ = update(&state, .storeChanged(snapshot))
        Self.verify(state, named: "main-read-only-80x24")
    }

    @Test("Searching: the field in the footer and the matches in the list")
    func searching() throws {
        var state = try Self.livedIn().state()
        state.send(.character("/"))
        state.type("comic")
        Self.verify(state, named: "search-80x24")
    }

    @Test("The payment sheet, in English and in Japanese in the smallest window, and while purchasing")
    func buySheet() throws {
        let fixture = try Self.livedIn()
        var english = fixture.state()
        english.send(.enter)
        Self.verify(english, named: "buy-sheet-en_US-80x24")
        var japanese = fixture.state(locale: "ja_JP", storefront: "JPN", size: Size(width: 60, height: 16))
        japanese.send(.down, .enter)
        #expect(japanese.top == .buySheet(productID: F.lives))
        Self.verify(japanese, named: "buy-sheet-ja_JP-60x16")
        english.send(.enter)
        _ = update(&english, .tick)
        Self.verify(english, named: "buy-sheet-purchasing-80x24")
    }

    @Test("The notice after a purchase, over the main screen whose keys still work")
    func notice() throws {
        let fixture = try Self.livedIn()
        var state = fixture.state()
        try fixture.run(state.send(.enter, .enter), on: &state)
        #expect(state.notice?.title == "Purchase complete")
        #expect(state.overlays.isEmpty)
        Self.verify(state, named: "notice-purchase-80x24")
    }

    @Test("Turning renewal off asks first, saying until when the subscription runs")
    func cancelRenewalConfirmation() throws {
        let fixture = try Self.livedIn()
        var state = fixture.state()
        state.send(.character("t"))
        let monthly = try #require(state.snapshot.transactions.firstIndex { $0.productID == F.monthly })
        for _ in 0..<monthly { state.send(.down) }
        state.send(.character("X"))
        #expect(state.top == .cancelRenewalConfirmation(transactionID: state.snapshot.transactions[monthly].id))
        Self.verify(state, named: "cancel-renewal-confirmation-80x24")
    }

    @Test("Renewing now and expiring ask first: what is charged and for which period, and that nothing comes back")
    func renewNowAndExpireQuestions() throws {
        let fixture = try Self.livedIn()
        var state = fixture.state()
        state.send(.character("t"))
        let monthly = try #require(state.snapshot.transactions.firstIndex { $0.productID == F.monthly })
        for _ in 0..<monthly { state.send(.down) }
        let id = state.snapshot.transactions[monthly].id
        state.send(.character("N"))
        #expect(state.top == .renewNowConfirmation(transactionID: id))
        Self.verify(state, named: "renew-now-confirmation-80x24")
        state.send(.escape, .character("E"))
        #expect(state.top == .expireConfirmation(transactionID: id))
        Self.verify(state, named: "expire-confirmation-80x24")
    }

    @Test("The spend screen: a seeded rage face, the next one after a spend, and the empty screen")
    func spendScreen() throws {
        let fixture = try Self.livedIn()
        var state = fixture.state(seed: 42)
        state.send(.character("u"))
        Self.verify(state, named: "spend-faces-80x24")
        try fixture.run(state.send(.character(" ")), on: &state)
        Self.verify(state, named: "spend-faces-after-one-80x24")
        var lives = fixture.state(size: Size(width: 60, height: 16))
        lives.send(.down, .character("u"))
        Self.verify(lives, named: "spend-lives-empty-60x16")
    }

    @Test("Every rage face fits the spend screen in the smallest window")
    func everyFace() throws {
        let fixture = try Self.livedIn()
        for face in RageFaces.all.indices {
            var state = fixture.state(size: Size(width: 60, height: 16))
            state.overlays = [.spend(SpendScreen(credit: "rage-faces", face: face))]
            let rows = render(state, size: state.size).rowTexts
            for line in RageFaces.all[face].rows {
                #expect(rows.contains { $0.contains(line) }, "face \(RageFaces.all[face].name) is cut: \(line)")
            }
            #expect(rows.contains { $0.contains("Times remaining: 5") })
        }
    }

    @Test("The transactions, newest first, and the refund confirmation")
    func transactions() throws {
        let fixture = try Self.livedIn()
        fixture.clock.advance(by: 3_600)
        try fixture.buy(F.lives, simulate: .cancel)
        var state = fixture.state()
        state.send(.character("t"))
        Self.verify(state, named: "transactions-80x24")
        state.send(.end, .character("R"))
        Self.verify(state, named: "refund-confirmation-80x24")
    }

    @Test("A refund's notice over the transactions screen leaves its border and the selected transaction's lines whole (before: drawn over both)")
    func refundNoticeOverTransactions() throws {
        let fixture = try Self.livedIn()
        var state = fixture.state()
        state.send(.character("t"), .end, .character("R"))
        // The question takes Enter only a moment after it shows.
        _ = update(&state, .tick)
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.notice?.title == "Refund complete", "\(String(describing: state.notice)) \(String(describing: state.top))")
        let rows = render(state, size: state.size).rowTexts
        #expect(rows[rows.count - 2].allSatisfy { "╰─╯".contains($0) }, "the frame's bottom border is whole: \(rows[rows.count - 2])")
        Self.verify(state, named: "refund-notice-over-transactions-80x24")
    }

    @Test("Settings, with purchases off and a forced outcome shown as badges in the header")
    func settings() throws {
        let fixture = try Self.livedIn()
        try fixture.store.set(.purchasesAllowed, to: "false", for: fixture.buyer)
        try fixture.store.set(.nextPurchaseOutcome, to: "cancel", for: fixture.buyer)
        var state = fixture.state()
        state.send(.character("s"), .down)
        Self.verify(state, named: "settings-80x24")
    }

    @Test("The help of the main screen at 80x24, and scrolled at 60x16")
    func help() throws {
        var state = try Self.livedIn().state()
        state.send(.character("?"))
        Self.verify(state, named: "help-80x24")
        var small = try Self.livedIn().state(size: Size(width: 60, height: 16))
        small.send(.character("?"), .pageDown)
        Self.verify(small, named: "help-scrolled-60x16")
    }

    @Test("The pickers: locale and storefront, and typing a new device")
    func pickers() throws {
        var state = try Self.livedIn().state()
        state.send(.character("l"), .down)
        Self.verify(state, named: "picker-locale-80x24")
        var account = try Self.livedIn().state()
        account.send(.character("a"), .end, .enter)
        account.type("tab")
        Self.verify(account, named: "picker-new-device-80x24")
    }

    @Test("The account picker's note is read whole, on two rows, at 80 and 100 columns (before: cut with …)",
          arguments: [Size(width: 80, height: 24), Size(width: 100, height: 30)])
    func accountPickerNoteWhole(size: Size) throws {
        var state = try Self.livedIn().state(size: size)
        state.send(.character("a"))
        let rows = render(state, size: size).rowTexts
        #expect(rows.contains { $0.contains("Purchases belong to the account; restore brings them to a") })
        #expect(rows.contains { $0.contains("│ device.") }, "\(rows.joined(separator: "\n"))")
    }

    @Test("In the smallest window: a long alert keeps its way out, the picker scrolls to its end, no search match")
    func smallestWindow() throws {
        let fixture = try Self.livedIn()
        var alert = fixture.state(size: Size(width: 60, height: 16))
        var snapshot = fixture.snapshot()
        snapshot.ledgerProblems = [.keyMismatch(keyPath: "/home/tester/.local/share/storefront/entitlements.key")]
        _ = update(&alert, .storeChanged(snapshot))
        alert.send(.character("r"))
        #expect(alert.topAlert?.title == "Read-only")
        Self.verify(alert, named: "alert-read-only-60x16")

        var picker = fixture.state(size: Size(width: 60, height: 16))
        picker.send(.character("l"), .end)
        Self.verify(picker, named: "picker-locale-end-60x16")

        var search = fixture.state(size: Size(width: 60, height: 16))
        search.send(.character("/"))
        search.type("zzz")
        Self.verify(search, named: "search-no-match-60x16")

        var history = fixture.state(size: Size(width: 60, height: 16))
        history.send(.character("t"), .end)
        Self.verify(history, named: "transactions-end-60x16")
    }

    @Test("Below 60x16 only the message shows, whatever is open")
    func tooSmall() throws {
        var state = try Self.livedIn().state()
        state.send(.character("?"), .resize(width: 40, height: 10))
        Self.verify(state, named: "too-small-40x10")
    }
}
