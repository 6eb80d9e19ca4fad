import Foundation
import StorefrontTesting
import Testing

/// An address libpq refuses before it connects — one it cannot parse, or a port that is no
/// port number — is a usage error (exit 2) that names the bad part and where the address came
/// from, never "cannot reach the store". No server is needed: nothing connects.
@Suite("PostgreSQL store: a malformed address is a usage error")
struct PostgresMalformedAddressTests {
    let cli: StorefrontProcess

    init() throws {
        var cli = StorefrontProcess(ledger: "")
        cli.environment["STOREFRONT_STORE_KEY"] = try StorefrontProcess.temporaryFolder() + "/team.key"
        self.cli = cli
    }

    /// Runs `entitlements` on `address` given by `--store`, or by `STOREFRONT_STORE` when `byVariable`.
    func entitlements(_ address: String, byVariable: Bool, environment: [String: String] = [:]) throws -> StorefrontProcess.Result {
        var cli = cli
        if byVariable { cli.environment["STOREFRONT_STORE"] = address } else { cli.storeArguments = ["--store", address] }
        cli.environment.merge(environment) { $1 }
        return try cli.run(["entitlements"])
    }

    static func expectUsage(_ result: StorefrontProcess.Result, _ words: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(result.stderr)", sourceLocation: sourceLocation)
        for word in words { #expect(result.stderr.contains(word), "\(result.stderr)", sourceLocation: sourceLocation) }
        #expect(!result.stderr.contains("cannot reach") && !result.stderr.contains("s3cret"), "\(result.stderr)",
                sourceLocation: sourceLocation)
    }

    @Test("a port out of range, from STOREFRONT_STORE or from --store")
    func portOutOfRange() throws {
        Self.expectUsage(try entitlements("postgresql://localhost:99999/shop", byVariable: true),
                         "the store address in STOREFRONT_STORE cannot be used: the port \"99999\" is not a port number")
        Self.expectUsage(try entitlements("postgresql://alice:s3cret@localhost:0/shop", byVariable: false),
                         "the store address given to --store cannot be used: the port \"0\" is not a port number")
    }

    @Test("a port that is no number, in a keyword string or in PGPORT")
    func portNotANumber() throws {
        Self.expectUsage(try entitlements("host=localhost port=abc dbname=shop", byVariable: false), "the port \"abc\" is not")
        Self.expectUsage(try entitlements("postgresql://localhost/shop", byVariable: true, environment: ["PGPORT": "54x"]),
                         "STOREFRONT_STORE cannot be used: PGPORT \"54x\" is not a port number")
    }

    @Test("more ports than hosts")
    func portsDoNotPairWithHosts() throws {
        Self.expectUsage(try entitlements("host=a,b port=1,2,3 dbname=shop", byVariable: true),
                         "the port lists 3 port numbers for 2 hosts")
    }

    @Test("an unterminated quote and an unknown option, which libpq cannot parse")
    func unparsable() throws {
        Self.expectUsage(try entitlements("host='db dbname=shop", byVariable: false), "given to --store cannot be used: ",
                         "unterminated quoted string")
        Self.expectUsage(try entitlements("postgresql://localhost/shop?colour=blue", byVariable: true),
                         "in STOREFRONT_STORE cannot be used: ", "invalid URI query parameter: \"colour\"")
    }

    @Test("store copy names the end that is malformed")
    func copyNamesTheEnd() throws {
        let target = try StorefrontProcess.temporaryFolder() + "/copy.jsonl"
        let copied = try cli.run(["store", "copy", "--from", "postgresql://localhost:65536/shop", "--to", target])
        Self.expectUsage(copied, "the store address given to --from cannot be used: the port \"65536\"")
    }

    @Test("well-formed ports still pass: a default left empty, one per host, blanks around a number")
    func wellFormedPortsPass() throws {
        for address in ["postgresql://127.0.0.1,127.0.0.2:1/shop", "host=127.0.0.1,127.0.0.2 port=1,2 dbname=shop",
                        "host=127.0.0.1 port=' 1 ' dbname=shop"] {
            let failed = try entitlements(address, byVariable: false)
            #expect(failed.status == 3 && !failed.stderr.contains("cannot be used"), "\(address): \(failed.stderr)")
        }
    }
}
