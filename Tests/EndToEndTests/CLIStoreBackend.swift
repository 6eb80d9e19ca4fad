import Foundation
import Testing
@testable import StorefrontTesting

/// Where a command-line test keeps its store: an entitlements file, or a new database of the
/// test process's throwaway PostgreSQL server. Suites whose behaviour must not depend on the
/// store take `CLIStoreBackend.allCases` as arguments, as the store suites take `StoreBackend`.
enum CLIStoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case file, postgres

    var testDescription: String { rawValue }

    /// The binary pointed at a new, empty store of this kind, with a key folder of its own.
    func newCLI() throws -> StorefrontProcess {
        let folder = try StorefrontProcess.temporaryFolder()
        switch self {
        case .file:
            return StorefrontProcess(ledger: folder + "/entitlements.jsonl")
        case .postgres:
            // The ledger option names a file that is never made: --store takes its place.
            var cli = StorefrontProcess(ledger: folder + "/unused.jsonl")
            cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
            cli.storeArguments = ["--store", try ThrowawayPostgres.shared().newDatabase()]
            return cli
        }
    }

    /// The same store as `cli` seen from another machine: the store's key copied into a key
    /// folder of its own, beside which that machine keeps its own certificate authority.
    static func anotherMachine(of cli: StorefrontProcess) throws -> StorefrontProcess {
        let keyPath = try #require(cli.environment["STOREFRONT_STORE_KEY"])
        let folder = try StorefrontProcess.temporaryFolder()
        try FileManager.default.copyItem(atPath: keyPath, toPath: folder + "/team.key")
        var other = cli
        other.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        return other
    }
}
