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
                         "STOREFRONT_STORE cannot be used with this environment: the environment variable PGPORT \"54x\" is not a port number",
                         "correct or unset PGPORT and run the command again")
    }

    @Test("a setting libpq refuses only on connecting: a word it does not know, or no whole number, in the address or its variable")
    func settingsLibpqRefusesOnConnecting() throws {
        Self.expectUsage(try entitlements("postgresql://localhost/shop?sslmode=bogus", byVariable: false),
                         "given to --store cannot be used: sslmode \"bogus\" is not one libpq knows; give one of disable, allow, "
                            + "prefer, require, verify-ca, verify-full")
        Self.expectUsage(try entitlements("host=localhost dbname=shop target_session_attrs=READ-WRITE", byVariable: true),
                         "target_session_attrs \"READ-WRITE\" is not one libpq knows")
        Self.expectUsage(try entitlements("postgresql://localhost/shop?connect_timeout=abc", byVariable: false),
                         "connect_timeout \"abc\" is not a whole number")
        Self.expectUsage(try entitlements("postgresql://localhost/shop", byVariable: true, environment: ["PGSSLMODE": ""]),
                         "the environment variable PGSSLMODE \"\" is not one libpq knows", "correct or unset PGSSLMODE")
        Self.expectUsage(try entitlements("postgresql://localhost/shop", byVariable: true, environment: ["PGCONNECT_TIMEOUT": "5s"]),
                         "the environment variable PGCONNECT_TIMEOUT \"5s\" is not a whole number")
        // Settings libpq takes pass on to the connection: nothing listens on port 1, so it cannot reach the store.
        let taken = try entitlements("postgresql://127.0.0.1:1/shop?sslmode=disable&connect_timeout=%205%20&keepalives=-3"
                                     + "&target_session_attrs=prefer-standby", byVariable: false)
        #expect(taken.status == 3 && taken.stderr.contains("cannot reach the store"), "\(taken.stderr)")
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

    /// The CLI run in a new, empty folder, where a store address taken for a path would leave files.
    func inEmptyFolder() throws -> (cli: StorefrontProcess, folder: String) {
        var cli = cli
        cli.workingDirectory = try StorefrontProcess.temporaryFolder()
        return (cli, cli.workingDirectory ?? "")
    }

    @Test("a URI with a blank before or after it is refused, not taken as a file of that name")
    func blankAroundURI() throws {
        var (cli, folder) = try inEmptyFolder()
        cli.storeArguments = ["--store", " postgresql://alice:s3cret@localhost:1/shop"]
        Self.expectUsage(try cli.run(["buy", "com.example.rage.face.random"]), "given to --store cannot be used: the URI has a blank")
        cli.storeArguments = []
        cli.environment["STOREFRONT_STORE"] = "postgresql://localhost:1/shop\n"
        Self.expectUsage(try cli.run(["buy", "com.example.rage.face.random"]), "in STOREFRONT_STORE cannot be used: the URI has a blank")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing was created in the working folder")
    }

    @Test("an address without its scheme is refused, not made a file or folders of files; a file name with an @ is still a file")
    func addressWithoutScheme() throws {
        for text in ["alice:s3cret@localhost:1/shop", "localhost:1/shop", "//localhost:1/shop", "host:localhost dbname:shop",
                     "localhost:1", "db.example.com:5432", "alice@localhost:1", "alice:s3cret@localhost", "alice:s3cret@db.example.com",
                     "[::1]:1/shop", "[::1]:1", ":1/shop", ":1", "alice:s3cret@"] {
            var (cli, folder) = try inEmptyFolder()
            cli.storeArguments = ["--store", text]
            Self.expectUsage(try cli.run(["buy", "com.example.rage.face.random"]), "reads like a PostgreSQL address without its")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(text): nothing was created")
        }
        #expect(!FileManager.default.fileExists(atPath: "/localhost:1"))
        var (cli, folder) = try inEmptyFolder()
        for file in ["me@work.jsonl", "a@b:c.jsonl", "time:12.jsonl"] {
            cli.storeArguments = ["--store", file]
            #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0, "\(file)")
            #expect(FileManager.default.fileExists(atPath: folder + "/" + file), "\(file)")
        }
        cli.storeArguments = ["--store", "./localhost:1/shop"]
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0, "with ./ it is a path")
    }

    @Test("an address whose options set search_path is refused, not made a second store under the same name (before: a store in schema other, named as the database's)")
    func searchPathIsRefused() throws {
        var (cli, folder) = try inEmptyFolder()
        cli.storeArguments = ["--store", "postgresql://tester@127.0.0.1:1/shop?options=-c%20search_path%3Dother"]
        Self.expectUsage(try cli.run(["buy", "com.example.rage.face.random"]), "options sets search_path")
        cli.storeArguments = ["--store", "host=127.0.0.1 port=1 dbname=shop options='-c search_path=other'"]
        Self.expectUsage(try cli.run(["entitlements"]), "options sets search_path")
        cli.storeArguments = ["--store", "postgresql://tester@127.0.0.1:1/shop"]
        cli.environment["PGOPTIONS"] = "--search_path=other"
        Self.expectUsage(try cli.run(["entitlements"]), "the environment variable PGOPTIONS sets search_path")
        cli.environment["PGOPTIONS"] = "--search-path=other"
        Self.expectUsage(try cli.run(["entitlements"]), "the environment variable PGOPTIONS sets search_path")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing was created")
    }

    @Test("a host and database without the scheme, or a stray word, that names no file is refused, not made a new file (before: exit 0 with an empty store); an existing file of that name is still read")
    func mistypedAddressOrWordIsRefused() throws {
        for (variable, text) in [(false, "localhost/shop"), (false, "garbage"), (true, "garbage"), (true, "db/team-store")] {
            var (cli, folder) = try inEmptyFolder()
            if variable { cli.environment["STOREFRONT_STORE"] = text } else { cli.storeArguments = ["--store", text] }
            let result = try cli.run(["buy", "com.example.rage.face.random"])
            Self.expectUsage(result, "is no PostgreSQL address, and no entitlements file of that name exists")
            #expect(result.stderr.contains(variable ? "given by STOREFRONT_STORE" : "given by --store"), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(text): nothing was created")
        }
        var (cli, folder) = try inEmptyFolder()
        cli.storeArguments = ["--store", "./garbage"]
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0, "written ./garbage, it is a new file")
        cli.storeArguments = ["--store", "garbage"]
        #expect(try cli.run(["entitlements"]).status == 0, "once it exists, the same name reads it")
        #expect(FileManager.default.fileExists(atPath: folder + "/garbage"))
    }

    @Test("a keyword string with blanks around = is an address, and its password is never shown")
    func keywordsWithBlanks() throws {
        var (cli, folder) = try inEmptyFolder()
        cli.storeArguments = ["--store", "host = 127.0.0.1 port = 1 dbname = shop password = s3cret"]
        let result = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(result.status == 3 && result.stderr.contains("cannot reach"), "\(result.stderr)")
        #expect(!result.stderr.contains("s3cret") && !result.stderr.contains("no ledger"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing was created in the working folder")
    }

    @Test("no part of a password with a colon or an unescaped @ is shown")
    func passwordsWithColonOrAt() throws {
        Self.expectUsage(try entitlements("postgresql://alice:s3cret:more@[]/shop", byVariable: false),
                         "IPv6 host address may not be empty", "****")
        for slashed in ["postgresql://alice:1234/s3cret@localhost:1/shop", "postgresql://alice:a@bb/s3cret@localhost:1/shop",
                        "postgresql://alice:ab+c/s3cret@/shop?host=/tmp&port=1"] {
            let refused = try entitlements(slashed, byVariable: false)
            Self.expectUsage(refused, "an @ comes after a / in it", "%2F")
            #expect(!refused.stderr.contains("1234") && !refused.stderr.contains("ab+c"), "\(refused.stderr)")
        }
        for unquoted in ["host=127.0.0.1 port=1 dbname=shop password=correct s3cret battery",
                         "host=127.0.0.1 port=1 dbname=shop password=\"dq s3cret\"", "password=pass s3cret=x dbname=shop"] {
            Self.expectUsage(try entitlements(unquoted, byVariable: true), "its words are left out", "password='two words'")
        }
        let split = try entitlements("postgresql://alice:s3cret@w0rd@localhost:1/shop", byVariable: true)
        Self.expectUsage(split, "an @ in a user name or password must be written %40")
        #expect(!split.stderr.contains("w0rd"), "\(split.stderr)")
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

extension PostgresMalformedAddressTests {
    @Test("a database name over 63 bytes is refused before connecting, with the name the server keeps, cut at a character's end (before: a missing one read as an unreachable server, and its key file was named after the whole name)")
    func databaseNameTooLong() throws {
        let ascii = String(repeating: "a", count: 70)
        Self.expectUsage(try entitlements("postgresql://localhost:5432/" + ascii, byVariable: false),
                         "the database name is 70 bytes long, and PostgreSQL keeps only the first 63 of a name",
                         "give the name as the server keeps it, \"\(String(repeating: "a", count: 63))\"")
        // 40 two-byte letters: 63 bytes would end inside the 32nd, so 31 are kept.
        let accented = String(repeating: "é", count: 40)
        Self.expectUsage(try entitlements("host=/tmp port=5432 dbname=" + accented, byVariable: true),
                         "the database name is 80 bytes long", "keeps it, \"\(String(repeating: "é", count: 31))\"")
        Self.expectUsage(try entitlements("host=/tmp port=5432", byVariable: false, environment: ["PGDATABASE": ascii]),
                         "the database name in PGDATABASE is 70 bytes long")
        Self.expectUsage(try entitlements("postgresql://\(ascii)@localhost:5432", byVariable: false),
                         "the user name, which names the database as the address names none, is 70 bytes long")
        // 63 bytes is a name the server keeps whole: no usage error.
        let fits = try entitlements("postgresql://localhost:1/" + String(repeating: "a", count: 63), byVariable: false)
        #expect(fits.status == 3 && !fits.stderr.contains("bytes long"), "\(fits.stderr)")
    }
}
