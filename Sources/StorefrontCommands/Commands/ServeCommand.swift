import Foundation
import StoreLedger
import StoreNotifications
import StoreServer
import StoreSigning
import StorefrontText

/// `storefront serve [--host ADDRESS] [--port N]`: the App Store Server API for the app of
/// the catalog, over HTTP, until SIGINT or SIGTERM.
enum ServeCommand {
    static let defaultPort = "8080"

    static func run(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let address: ServerAddress
        do {
            address = try ServerAddress.parse(host: arguments.value(of: CommandOptions.host) ?? ServerAddress.loopbackHost,
                                              port: arguments.value(of: CommandOptions.port) ?? defaultPort)
        } catch {
            throw UsageError(error.description)
        }
        var limits = ServerLimits()
        if let text = arguments.value(of: CommandOptions.idleTimeout) {
            guard let seconds = Int(text), (1...3_600).contains(seconds) else { throw UsageError(ServerText.notATimeout(text)) }
            limits.idleTimeoutSeconds = seconds
        }
        if !address.isLoopback { console.err(CommandLineText.Report.warning(ServerText.notLoopback(address.host))) }
        let signer = try session.transactionSigner()
        let feed = try session.servedNotificationFeed(signer: signer)
        let served = ServedStore(store: session.store, signer: signer, notificationFeed: feed,
                                 reportInternalFailure: { [console] sentence in
                                     console.err(CommandLineText.Report.warning(sentence))
                                 })
        // Blocked before the server's threads start, so only the wait below takes them.
        ServerTerminationSignals.block()
        let claim = session.deliveryClaim()
        let delivery = NotificationDeliveryLoop(
            worker: NotificationDeliveryWorker(store: session.store, feed: feed, signer: signer, sender: URLSessionNotificationSender()),
            feed: feed, claim: claim.isHeld, report: DeliveryProblemReport(console: console).report,
            afterPass: { [damage = ServedLedgerDamageReport(ledgerPath: session.ledgerPath, say: { console.err($0) }),
                          store = session.store] in
                damage.check(store.ledgerProblems)
            },
            claimChanged: DeliveryClaimReport(console: console).claimChanged)
        let server: HTTPServer
        do {
            server = try HTTPServer(address: address, limits: limits) { request in ServerRoutes.table.respond(to: request, context: served) }
        } catch {
            throw CommandFailure(status: .dataProblem, message: error.description)
        }
        console.out(ServerText.listening(host: address.host, port: server.port))
        // Announced to the storefront and `notifications` for as long as this process lives.
        let presence = ServerPresence.claim(LedgerFamily(ledgerPath: session.ledgerPath),
                                            app: session.catalog.bundleID, address: ServerText.url(host: address.host, port: server.port))
        delivery.start()
        _ = ServerTerminationSignals.wait()
        server.stop()
        delivery.stop()
        claim.release()
        presence?.release()
        console.err(ServerText.stopped)
        return .success
    }
}
