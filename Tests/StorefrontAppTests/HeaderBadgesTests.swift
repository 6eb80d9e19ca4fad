import Foundation
import StoreEngine
import StoreLedger
import Testing
import TerminalUI
@testable import StorefrontApp

/// The header's badges: every warning that holds is shown together, shortened before any is
/// left out, and the least important gives way first when even the shortest do not fit.
@Suite("Render: the header's badges")
struct HeaderBadgesTests {
    typealias F = StorefrontFixture
    static let address = "http://127.0.0.1:8123"

    /// The balance line of the storefront at `size`, served at `address`, after `prepare`
    /// changed the store (its settings) and with `problems` found in the ledger.
    static func badgeLine(width: Int, problems: [LedgerProblem] = [.tampered(line: 3)],
                          prepare: (F) throws -> Void = { _ in }) throws -> String {
        let fixture = try F()
        try fixture.buy(F.lives)
        try prepare(fixture)
        fixture.log.problems = problems
        try fixture.store.refresh()
        let size = Size(width: width, height: 24)
        var state = fixture.state(size: size)
        state.now = F.start
        _ = update(&state, .servingChanged(address: address))
        return render(state, size: size).rowTexts[1]
    }

    /// Every badge a store can call for at once, bar read-only.
    static func everySetting(_ fixture: F) throws {
        try fixture.store.setTimeRate(.renewalEvery5Minutes, buyer: fixture.buyer)
        try fixture.store.set(.purchasesAllowed, to: "false", for: fixture.buyer)
        try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
        try fixture.store.set(.environment, to: "Production", for: fixture.buyer)
    }

    @Test func aDamagedStoreBeingServedShowsReadOnlyAndServingWholeAt80Columns() throws {
        let line = try Self.badgeLine(width: 80)
        #expect(line.contains(" Read-only   Serving \(Self.address) "), "\(line)")
        #expect(line.contains("Extra Lives: 3"), "\(line)")
    }

    @Test func storeTimeReadOnlyAndServingAreShownTogetherShortenedAt80Columns() throws {
        let line = try Self.badgeLine(width: 80) { try $0.store.setTimeRate(.renewalEvery5Minutes, buyer: $0.buyer) }
        for wording in ["Store time", "Read-only", "Serving"] {
            #expect(line.contains(wording), "\(wording) is missing: \(line)")
        }
    }

    @Test func fiveBadgesAt80ColumnsAreAllShownShortened() throws {
        let line = try Self.badgeLine(width: 80) { fixture in
            try fixture.store.set(.purchasesAllowed, to: "false", for: fixture.buyer)
            try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
            try fixture.store.set(.environment, to: "Production", for: fixture.buyer)
        }
        for wording in ["Read-only", "Purchases off", "Next: fail", "Production", "Serving"] {
            #expect(line.contains(wording), "\(wording) is missing: \(line)")
        }
        #expect(line.contains("E…: 3"), "the balances keep a letter of each name: \(line)")
    }

    @Test func everyBadgeAtOnceAt80ColumnsGivesUpTheLeastImportant() throws {
        let line = try Self.badgeLine(width: 80, prepare: Self.everySetting)
        for wording in ["Store time", "Read-only", "Purchases off", "Next"] {
            #expect(line.contains(wording), "\(wording) is missing: \(line)")
        }
        #expect(!line.contains("Serving"), "\(line)")
    }

    @Test func aWideWindowShowsEveryBadgeWhole() throws {
        let line = try Self.badgeLine(width: 240, prepare: Self.everySetting)
        for wording in ["· renewal-every-5-minutes", "Read-only", "Purchases off", "Next purchase: fail",
                        "Environment: Production", "Serving \(Self.address)"] {
            #expect(line.contains(wording), "\(wording) is missing: \(line)")
        }
    }

    @Test func theSmallestWindowKeepsReadOnlyAndDropsServingFirst() throws {
        let line = try Self.badgeLine(width: AppState.minimumSize.width, prepare: Self.everySetting)
        #expect(line.contains("Read-only"), "\(line)")
        #expect(!line.contains("Serving"), "\(line)")
    }

    /// The balances with both names in full, as the fixture leaves them.
    static let wholeBalances = " Rage Faces: 0 · Extra Lives: 3  "

    @Test func storeTimeAndServingAt80ColumnsAreShortenedBeforeAnyNameIsCut() throws {
        let line = try Self.badgeLine(width: 80, problems: []) {
            try $0.store.setTimeRate(.monthEveryHour, buyer: $0.buyer)
        }
        #expect(line.hasPrefix(Self.wholeBalances), "\(line)")
        #expect(!line.contains("month-every-hour"), "\(line)")
        #expect(line.contains("Store time") && line.contains("Serving"), "\(line)")
    }

    @Test func storeTimeAndServingAt79ColumnsKeepBothNamesWhole() throws {
        let line = try Self.badgeLine(width: 79, problems: []) {
            try $0.store.setTimeRate(.monthEveryHour, buyer: $0.buyer)
        }
        #expect(line.hasPrefix(Self.wholeBalances), "\(line)")
        #expect(line.contains("Store time") && line.contains("Serving"), "\(line)")
    }

    @Test func storeTimeReadOnlyAndServingAt80ColumnsShortenTheStoreTimeToKeepNamesWhole() throws {
        let line = try Self.badgeLine(width: 80) { try $0.store.setTimeRate(.monthEveryHour, buyer: $0.buyer) }
        #expect(line.hasPrefix(Self.wholeBalances), "\(line)")
        #expect(line.hasSuffix(" Store time   Read-only   Serving  "), "\(line)")
    }

    @Test func anAdvancedClockAndServingAt100ColumnsKeepNamesWholeAndTheDateInView() throws {
        let line = try Self.badgeLine(width: 100, problems: []) {
            _ = try $0.store.advance(by: StoreDuration.parse("P2D"), buyer: $0.buyer)
        }
        #expect(line.hasPrefix(Self.wholeBalances), "\(line)")
        #expect(line.contains(" Store time Dec 2, 2026 at "), "\(line)")
        #expect(line.contains("Serving"), "\(line)")
    }

    @Test func namesAreCutOnlyOnceEveryBadgeIsAtItsShortest() throws {
        let line = try Self.badgeLine(width: 80) { fixture in
            try fixture.store.setTimeRate(.monthEveryHour, buyer: fixture.buyer)
            try fixture.store.set(.purchasesAllowed, to: "false", for: fixture.buyer)
            try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
        }
        #expect(!line.hasPrefix(Self.wholeBalances), "\(line)")
        #expect(line.hasSuffix(" Store time   Read-only   Purchases off   Next: fail   Serving  "), "\(line)")
    }

    @Test("Narrowing the window never lengthens a badge (before: \"Next: fail\" beside the rate grew to \"Next purchase: fail\" once the rate was dropped)")
    func narrowingNeverLengthensABadge() throws {
        var wider: [String: String] = [:]
        for width in stride(from: 200, through: 60, by: -1) {
            let line = try Self.badgeLine(width: width, problems: []) { fixture in
                try fixture.store.setTimeRate(.renewalEvery5Minutes, buyer: fixture.buyer)
                try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
            }
            let shown = ["Store time": line.contains("· renewal-every-5-minutes") ? "with rate" : "shorter",
                         "Next": line.contains("Next purchase: fail") ? "long" : line.contains("Next: fail") ? "short" : "gone"]
            if wider["Next"] != nil {
                #expect(!(wider["Store time"] == "shorter" && shown["Store time"] == "with rate"), "at \(width) columns: \(line)")
                #expect(!(wider["Next"] != "long" && shown["Next"] == "long"), "at \(width) columns: \(line)")
            }
            wider = shown
        }
    }

    @Test func fittingBesideBalancesGivesNamesTheirRoomBeforeBadgesTheirLongWordings() {
        let badges = [HeaderBadges.Badge("First long", "First"), HeaderBadges.Badge("Second long", "Second")]
        let shortest = ["First", "Second"].map(HeaderBadges.columns).reduce(0, +)
        let balances = (whole: 20, shortest: 5)
        #expect(HeaderBadges.fitted(badges, width: 20 + shortest + 6, besideBalances: balances) == ["First long", "Second"])
        #expect(HeaderBadges.fitted(badges, width: 20 + shortest, besideBalances: balances) == ["First", "Second"])
        #expect(HeaderBadges.fitted(badges, width: 19 + shortest, besideBalances: balances) == ["First", "Second"])
        #expect(HeaderBadges.fitted(badges, width: 5 + shortest - 1, besideBalances: balances) == ["First"])
    }

    @Test func fittingShortensTheLeastImportantFirstAndLeavesOutOnlyWhatCannotFitShortened() {
        let badges = [HeaderBadges.Badge("First long", "First"), HeaderBadges.Badge("Second long", "Second"),
                      HeaderBadges.Badge("Third")]
        let whole = badges.map { HeaderBadges.columns($0.wordings[0]) }.reduce(0, +)
        #expect(HeaderBadges.fitted(badges, width: whole) == ["First long", "Second long", "Third"])
        #expect(HeaderBadges.fitted(badges, width: whole - 1) == ["First long", "Second", "Third"])
        #expect(HeaderBadges.fitted(badges, width: whole - 6) == ["First", "Second", "Third"])
        let shortest = ["First", "Second", "Third"].map(HeaderBadges.columns).reduce(0, +)
        #expect(HeaderBadges.fitted(badges, width: shortest - 1) == ["First long", "Second"])
        #expect(HeaderBadges.fitted(badges, width: 0).isEmpty)
    }

    @Test func roomLeftByShorteningAMoreImportantBadgeIsNotGivenBackToALessImportantOne() {
        let badges = [HeaderBadges.Badge("Alpha-long-wording", "Alpha"), HeaderBadges.Badge("Beta-long", "Beta")]
        let width = HeaderBadges.columns("Alpha") + HeaderBadges.columns("Beta-long")
        #expect(HeaderBadges.fitted(badges, width: width) == ["Alpha", "Beta"])
        let wider = HeaderBadges.columns("Alpha-long-wording") + HeaderBadges.columns("Beta")
        #expect(HeaderBadges.fitted(badges, width: wider) == ["Alpha-long-wording", "Beta"])
    }

    @Test func servingShortensToItsPortThenToAWord() throws {
        let state = try Self.servedState(address: "http://[::1]:9")
        #expect(HeaderBadges.badges(state).last?.wordings == ["Serving http://[::1]:9", "Serving :9", "Serving"])
        #expect(HeaderBadges.badges(try Self.servedState(address: "")).last?.wordings == ["Serving"])
    }

    private static func servedState(address: String) throws -> AppState {
        var state = try F().state()
        _ = update(&state, .servingChanged(address: address))
        return state
    }
}
