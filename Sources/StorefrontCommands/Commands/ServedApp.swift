import Foundation
import StoreLedger
import StoreNotifications
import StoreServer
import StoreSigning
import StorefrontText

/// One app a `storefront serve` serves: its store as the routes see it, and its own
/// notification delivery, delivery claim and serving file, so each app's webhook gets its
/// notifications and its storefront and `notifications` name the server.
final class ServedApp {
    let session: StoreSession
    let served: ServedStore
    private let delivery: NotificationDeliveryLoop
    private let claim: any DeliveryClaim
    private let presence: ServedAppPresence

    /// - Parameters:
    ///   - namedInWarnings: whether the server serves other apps too, so its warnings say which
    ///     app they are about.
    ///   - damage: the one report of the ledger's damage, shared by every app of the ledger.
    ///   - formerAuthority: the authority the server started with, under whose UUIDs attempts
    ///     recorded by earlier versions are found.
    init(_ session: StoreSession, signer: CurrentSigner, formerAuthority: CertificateAuthority, console: Console,
         namedInWarnings: Bool, damage: ServedLedgerDamageReport) throws(CommandFailure) {
        self.session = session
        let feed = try session.servedNotificationFeed(formerAuthority: formerAuthority)
        // Read now, beside the store, so the feed is an open reader by the time the server
        // listens: a key file changed afterwards is a problem it reports, not a failed opening.
        // A read that fails here is reported by the first delivery pass.
        _ = try? feed.refresh()
        let appConsole = AppConsole(console: console, app: namedInWarnings ? session.catalog.bundleID : nil)
        let stateReport = DeliveryStateReport(say: appConsole.say)
        let sayInternalFailure: @Sendable (String) -> Void = { [console] sentence in
            console.err(CommandLineText.Report.warning(sentence))
        }
        served = ServedStore(store: session.store, signer: signer, notificationFeed: feed,
                             reportInternalFailure: sayInternalFailure,
                             reportUnreachable: { lost, sentence in
                                 stateReport.requestAnsweredUnreachable(lost) { sayInternalFailure(sentence) }
                             })
        claim = session.deliveryClaim()
        let presence = ServedAppPresence(family: LedgerFamily(ledgerPath: session.ledgerPath), app: session.catalog.bundleID)
        self.presence = presence
        delivery = NotificationDeliveryLoop(
            worker: NotificationDeliveryWorker(store: session.store, feed: feed, signer: signer, sender: HTTPNotificationSender()),
            feed: feed, claim: claim.isHeld,
            claimObstacle: { [claim, path = LedgerFamily(ledgerPath: session.ledgerPath).deliveryClaimPath(app: session.catalog.bundleID)] in
                claim.obstacle().map {
                    ServerText.sideFileInTheWay(path, found: $0.description, role: .deliveryClaim, moveAside: MoveAside.command(for: path))
                }
            },
            releaseClaim: claim.release,
            writeRefusal: { [location = session.location, log = session.log] in location.writeRefusal(through: log) },
            report: DeliveryProblemReport(console: appConsole).report,
            afterPass: { [damage, store = session.store] in
                // A server standing by reads nothing to deliver, so it reads here, or it would
                // tell of damage mended only when a request came in.
                if store.hasExternalChanges() { _ = try? store.refresh() }
                damage.check(store.ledgerProblems, medium: store.medium)
                presence.claimIfMissing()
                stateReport.passEnded()
            },
            stateChanged: { state in
                // The address first, so that `notifications` names the server by the time it says it delivers.
                presence.follow(state)
                stateReport.stateChanged(state)
            })
    }

    /// Announces `address` to the app's storefront and `notifications` for as long as this
    /// process lives, and starts delivering.
    func start(announcing address: String) {
        presence.announce(address)
        delivery.start()
    }

    /// Stops serving the app; the serving file goes first, so a server standing by that takes
    /// over finds it free.
    func stop() {
        presence.release()
        delivery.stop()
        claim.release()
    }
}
