import Foundation
import StoreEngine
import StoreNotifications
import StorefrontTesting
import Testing
@testable import StorefrontCommands

/// What `serve` tells its operator of its delivery: a restart of the database is the connection
/// lost and back, never another server delivering and this one taking over from it.
@Suite struct DeliveryStateReportTests {
    static let restarting = StoreUnreachable(store: ShownStoreAddress("postgresql://team@db/shop"), reason: "server closed the connection unexpectedly")
    static let down = StoreUnreachable(store: ShownStoreAddress("postgresql://team@db/shop"), reason: "connection refused")

    static let lost = DeliveryStateReport.Line.warning("lost the connection to the store's database postgresql://team@db/shop "
        + "(server closed the connection unexpectedly); notifications wait, and requests are answered 500, until it is back")
    static let standingBy = DeliveryStateReport.Line.warning("another storefront serve of this app delivers its notifications from "
        + "this store (or the delivery claim cannot be taken now); this one answers requests and takes over when it can")

    /// The lines said for `states`, told one after another.
    func lines(for states: [DeliveryState]) -> [DeliveryStateReport.Line] {
        let said = Recorder<DeliveryStateReport.Line>()
        let report = DeliveryStateReport(say: { said.add($0) })
        states.forEach(report.stateChanged)
        return said.all
    }

    @Test func aDeliveringServerWhoseDatabaseRestartsSaysLostOnceThenDeliversAgain() {
        let lines = lines(for: [.delivering, .storeUnreachable(Self.restarting), .storeUnreachable(Self.down), .delivering])
        #expect(lines == [Self.lost, .notice("the connection to the store's database is back; this storefront serve delivers the "
            + "app's notifications again")])
    }

    @Test func aServerStandingByWhenTheDatabaseWentAwaySaysWhoDeliversOnceItIsBack() {
        #expect(lines(for: [.standingBy, .storeUnreachable(Self.restarting), .standingBy]) == [Self.standingBy, Self.lost,
            .notice("the connection to the store's database is back; another storefront serve of this app delivers its "
                + "notifications, and this one takes over when it can")])
        #expect(lines(for: [.standingBy, .storeUnreachable(Self.restarting), .delivering]) == [Self.standingBy, Self.lost,
            .notice("the connection to the store's database is back; this storefront serve now delivers the app's notifications")])
    }

    @Test func standingByAndTakingOverAreToldAsBefore() {
        #expect(lines(for: [.delivering, .delivering]).isEmpty, "nothing when it delivers from the start")
        #expect(lines(for: [.standingBy, .standingBy, .delivering, .standingBy]) == [Self.standingBy,
            .warning("this storefront serve now delivers the app's notifications (the one that did stopped, or may no longer "
                + "write the store)"), Self.standingBy])
    }

    @Test("a claim kept from its file by what stands there is not told as another server delivering; its clearing is told once, and a block that comes later is named (before: \"another storefront serve … delivers\")")
    func aBlockedClaimIsToldForWhatItIs() {
        let blocked = DeliveryState.claimBlocked("/s/e.jsonl.delivering-x is a directory, …")
        #expect(lines(for: [blocked, blocked, .delivering]) == [.warning("/s/e.jsonl.delivering-x is a directory, …"),
            .notice("this storefront serve now delivers the app's notifications (what stood where it keeps its delivery claim was moved away)")])
        #expect(lines(for: [.standingBy, blocked, blocked, .standingBy]) == [Self.standingBy,
            .warning("/s/e.jsonl.delivering-x is a directory, …"), Self.standingBy])
    }

    @Test func eachOutageIsToldAgain() {
        let outage: [DeliveryState] = [.storeUnreachable(Self.restarting), .delivering]
        #expect(lines(for: [.delivering] + outage + outage).count == 4)
    }

    static let back = "the connection to the store's database is back; this storefront serve delivers the app's notifications again"
    static let answered = DeliveryStateReport.Line.warning("answered 500 (the store's database cannot be reached)")

    @Test func requestsThatMeetTheOutageFirstTellItOnceAndAreCountedWhenItIsBack() {
        let said = Recorder<DeliveryStateReport.Line>()
        let report = DeliveryStateReport(say: { said.add($0) })
        report.stateChanged(.delivering)
        for _ in 0..<3 { report.requestAnsweredUnreachable(Self.restarting) { said.add(Self.answered) } }
        report.stateChanged(.storeUnreachable(Self.down))
        report.requestAnsweredUnreachable(Self.down) { said.add(Self.answered) }
        report.stateChanged(.delivering)
        #expect(said.all == [Self.lost, Self.answered, .notice(Self.back + "; 4 requests were answered 500 meanwhile")])
    }

    @Test func anOutageTheLoopNeverSawEndsOnceAPassBegunAfterItReachesTheStore() {
        let said = Recorder<DeliveryStateReport.Line>()
        let report = DeliveryStateReport(say: { said.add($0) })
        report.stateChanged(.delivering)
        report.requestAnsweredUnreachable(Self.restarting) { said.add(Self.answered) }
        report.passEnded()
        #expect(said.all == [Self.lost, Self.answered], "that pass may have begun before the request failed")
        report.passEnded()
        #expect(said.all == [Self.lost, Self.answered, .notice(Self.back + "; 1 request was answered 500 meanwhile")])
        report.passEnded()
        #expect(said.all.count == 3)
    }

    @Test func afterTheLoopNoticedTheFirstRequestStillSaysItsLineOnce() {
        let said = Recorder<DeliveryStateReport.Line>()
        let report = DeliveryStateReport(say: { said.add($0) })
        report.stateChanged(.delivering)
        report.stateChanged(.storeUnreachable(Self.restarting))
        for _ in 0..<2 { report.requestAnsweredUnreachable(Self.down) { said.add(Self.answered) } }
        report.stateChanged(.delivering)
        #expect(said.all == [Self.lost, Self.answered, .notice(Self.back + "; 2 requests were answered 500 meanwhile")])
    }

    @Test func theLoopNoticingFirstSaysNoCountWhenNoRequestCame() {
        #expect(lines(for: [.delivering, .storeUnreachable(Self.restarting), .delivering]) == [Self.lost, .notice(Self.back)])
    }

    static let cannotRecordWords = "this storefront serve cannot record notification attempts, so it delivers none and leaves "
        + "them to a storefront serve that can write the store; it answers requests, and delivers once it may write. Why it "
        + "cannot write, and what mends it: the role viewer has no INSERT on storefront_events"
    static let cannotRecord = DeliveryStateReport.Line.warning(cannotRecordWords)

    @Test func aServerThatCannotRecordSaysSoOnceAndWhenItMayWriteAgain() {
        let refused = DeliveryState.cannotRecord("the role viewer has no INSERT on storefront_events")
        #expect(lines(for: [refused, refused, .delivering]) == [Self.cannotRecord,
            .notice("this storefront serve may now write the store and delivers the app's notifications")])
        #expect(lines(for: [.delivering, refused, .standingBy]) == [Self.cannotRecord, Self.standingBy])
        #expect(lines(for: [refused, .storeUnreachable(Self.restarting), refused]) == [Self.cannotRecord, Self.lost,
            .notice("the connection to the store's database is back; " + Self.cannotRecordWords)])
    }
}
