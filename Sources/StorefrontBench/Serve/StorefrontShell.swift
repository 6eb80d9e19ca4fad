import Foundation

/// Runs the storefront binary's commands on one ledger and catalog, as a developer would.
struct StorefrontShell {
    /// What `api-key create --json` prints.
    struct CreatedKey: Decodable {
        var keyId: String
        var issuerId: String
        var privateKeyPath: String
    }

    let binary: String
    let ledger: String
    let catalog: String

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["STOREFRONT_ENTITLEMENTS"] = ledger
        environment["LANG"] = "C.UTF-8"
        return environment
    }

    /// The arguments of `command` on this shell's catalog.
    func arguments(_ command: [String]) -> [String] { ["--catalog", catalog] + command }

    /// Makes an in-app purchase key and returns where its `.p8` file is.
    func createAPIKey() throws -> CreatedKey {
        let finished = try ChildProcess.run(binary, arguments(["api-key", "create", "--json"]), environment: environment)
        do {
            return try JSONDecoder().decode(CreatedKey.self, from: Data(finished.output.utf8))
        } catch {
            throw BenchError.unexpectedResult("`storefront api-key create --json` printed: \(finished.output.prefix(200))")
        }
    }

    /// Points the app's App Store Server Notifications at `url`.
    func setNotificationURL(_ url: String) throws {
        _ = try ChildProcess.run(binary, arguments(["settings", "set", "notification-url", url]), environment: environment)
    }
}
