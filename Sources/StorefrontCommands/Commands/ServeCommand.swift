import Foundation
import StoreCatalog
import StoreHTTPClient
import StoreLedger
import StoreNotifications
import StoreServer
import StoreSigning
import StorefrontText

/// `storefront serve [--catalog PATH]... [--host ADDRESS] [--port N]`: the App Store Server
/// API for the app of each catalog, over HTTP on one port, until SIGINT or SIGTERM.
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
            guard let seconds = CommandLineArguments.wholeNumber(text), (1...3_600).contains(seconds) else { throw UsageError(ServerText.notATimeout(text)) }
            limits.idleTimeoutSeconds = seconds
        }
        let sessions = try servedSessions(session, catalogPaths: arguments.catalogPaths)
        // The first change a request or the delivery loop commits to a new database makes its key.
        session.newKeyNotice.sayAsMade(on: console)
        if !address.isLoopback { console.err(CommandLineText.Report.warning(ServerText.notLoopback(address.host))) }
        for problem in TrustedRoots.problems() {
            console.err(CommandLineText.Report.warning(
                ServerText.unusableTrustedRoots(variable: problem.variable, path: problem.path, reason: problem.reason)))
        }
        let started = try session.transactionSigner()
        // Loaded again as the signing commands load it, when its file changes under the server;
        // one authority signs for every app of the store.
        let signer = CurrentSigner(signer: started, load: { [ledgerPath = session.ledgerPath, keyPath = session.location.keyPath] () throws(SigningError) in
            try TransactionSigner(ledgerPath: ledgerPath, keyPath: keyPath)
        }, report: { [console] change in console.err(CommandLineText.Report.warning(sentence(for: change))) })
        let damage = ServedLedgerDamageReport(ledgerPath: session.ledgerPath, say: { [console] in console.err($0) })
        let apps = try sessions.map { one throws(CommandFailure) in
            try ServedApp(one, signer: signer, formerAuthority: started.authority, console: console,
                          namedInWarnings: sessions.count > 1, damage: damage)
        }
        let served = ServedApps(apps.map(\.served))
        // Blocked before the server's threads start, so only the wait below takes them.
        ServerTerminationSignals.block()
        let server: HTTPServer
        do {
            server = try HTTPServer(address: address, limits: limits,
                                    answerRefusingUnreadable: { ServerRoutes.table.answer(refusingUnreadable: $0, path: $1) },
                                    bodyLimit: { ServerRoutes.table.maximumBodyBytes(path: $0) }) { request in
                ServerRoutes.table.respond(to: request, context: served)
            }
        } catch {
            throw CommandFailure(status: .dataProblem, message: error.description)
        }
        // Scripts read this first line for the address: nothing may come before it on stdout.
        console.out(ServerText.listening(host: address.host, port: server.port))
        if StandardStreamWriter.failure(of: .output) != nil {
            // A script waiting for the address would wait for ever on a server nobody knows of.
            server.stop()
            StandardStreamWriter.outputLossExplained()
            throw CommandFailure(status: .dataProblem, message: ServerText.addressNotWritten)
        }
        for app in apps {
            let catalog = app.session.catalog
            console.err(ServerText.servingApp(bundleID: catalog.bundleID, appName: catalog.appName, catalogSource: catalog.source))
        }
        for unserved in session.store.snapshot.otherApps.subtracting(served.bundleIDs).sorted() {
            console.err(CommandLineText.Report.warning(ServerText.unservedApp(unserved)))
        }
        for app in apps { warnOfWhatStandsAtTheAddressPath(app.session, console: console) }
        // The only warning of damage found at start (the command line leaves it to the server,
        // which warns again only when the damage changes).
        damage.check(session.store.ledgerProblems, medium: session.store.medium)
        for app in apps { app.start(announcing: ServerText.url(host: address.host, port: server.port)) }
        _ = ServerTerminationSignals.wait()
        server.stop()
        for app in apps { app.stop() }
        console.err(ServerText.stopped)
        return .success
    }

    /// Warns of what stands where the server keeps its address (`.serving-`) beside an
    /// entitlements file and is no file of addresses (a directory, a FIFO, a link, notes): the
    /// server cannot make its file there, and would otherwise say nothing. What stands where it
    /// keeps its delivery claim is named by the delivery loop, which looks again on each pass.
    private static func warnOfWhatStandsAtTheAddressPath(_ session: StoreSession, console: Console) {
        guard let sentence = ServerSideFileBlocker.sentence(session, role: .address) else { return }
        console.err(CommandLineText.Report.warning(sentence))
    }

    /// The session of each app to serve: `session` for the first catalog (or the default
    /// one), then one per further `--catalog`; two catalogs of one app are a usage error.
    private static func servedSessions(_ session: StoreSession, catalogPaths: [String]) throws -> [StoreSession] {
        var sessions = [session]
        var givenAs = [session.catalog.bundleID: catalogPaths.first ?? CatalogLoader.defaultBundledName]
        for path in catalogPaths.dropFirst() {
            let catalog = try StoreSession.loadCatalog(path)
            if let first = givenAs[catalog.bundleID] {
                throw UsageError(CommandLineText.Usage.sameAppTwice(catalog.bundleID, first: first, second: path))
            }
            givenAs[catalog.bundleID] = path
            sessions.append(try session.opening(catalog))
        }
        return sessions
    }

    /// What the operator is told when the certificate authority file changed under the server.
    private static func sentence(for change: CurrentSigner.Change) -> String {
        switch change {
        case .replaced(let path): ServerText.authorityReplaced(path)
        case .madeAnew(let path): ServerText.authorityMadeAnew(path)
        case .refused(let error): ServerText.authorityRefused("\(error)")
        case .restored(let path): ServerText.authorityRestored(path)
        }
    }
}
