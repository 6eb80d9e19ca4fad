import Foundation
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
        if !address.isLoopback { console.err(CommandLineText.Report.warning(ServerText.notLoopback(address.host))) }
        let served = ServedStore(store: session.store, signer: try session.transactionSigner())
        // Blocked before the server's threads start, so only the wait below takes them.
        ServerTerminationSignals.block()
        let server: HTTPServer
        do {
            server = try HTTPServer(address: address) { request in ServerRoutes.table.respond(to: request, context: served) }
        } catch {
            throw CommandFailure(status: .dataProblem, message: error.description)
        }
        console.out(ServerText.listening(host: address.host, port: server.port))
        _ = ServerTerminationSignals.wait()
        server.stop()
        console.err(ServerText.stopped)
        return .success
    }
}
