import Foundation
import StorePostgres
import StorefrontTesting
import Testing

/// The name of a PostgreSQL store's key file: one file per database, today's name kept where
/// nothing in it had to be replaced, and a key under the former name never taken quietly.
@Suite("PostgreSQL key file names", .serialized)
struct PostgresKeyNameTests {
    private func name(_ database: String) throws -> PostgresAddress {
        try PostgresAddress("postgresql://db.example:5432/" + database)
    }

    @Test("databases whose names differ only in replaced characters get different names")
    func replacedCharactersKeepNamesApart() throws {
        // Percent-encoded in the URI: "team shop", "a b c", "a%b?c", "é ü".
        let pairs = [("team%20shop", "team_shop"), ("a%20b%20c", "a%25b%3Fc"), ("%C3%A9%20%C3%BC", "___"),
                     ("%C3%A9%20%C3%BC", "%C3%BC%20%C3%A9")]
        for (one, other) in pairs {
            #expect(try name(one).storeName != name(other).storeName, "\(one) and \(other)")
        }
    }

    @Test("a name of safe characters only is today's name; a replaced one keeps today's as its former name")
    func safeNamesAreKept() throws {
        #expect(try name("team_shop").storeName == "db.example-5432-team_shop")
        #expect(try name("team_shop").formerStoreName == nil)
        let spaced = try name("team%20shop")
        #expect(spaced.formerStoreName == "db.example-5432-team_shop")
        #expect(spaced.storeName.hasPrefix("db.example-5432-team_shop+") && spaced.storeName.count == "db.example-5432-team_shop+".count + 16)
    }

    @Test("a host and database too long for a file name are cut and given the digest, so every file beside the key fits 255 bytes, and two such stores keep two names (before: ENAMETOOLONG)")
    func longNamesAreCut() throws {
        let host = String(repeating: "h", count: 190) + ".example.com"
        let one = try PostgresAddress("postgresql://\(host):5432/" + String(repeating: "b", count: 63))
        let other = try PostgresAddress("postgresql://\(host):5432/" + String(repeating: "b", count: 62) + "c")
        #expect(one.storeName.utf8.count <= 217 && one.storeName.contains("+"), "\(one.storeName)")
        #expect(one.storeName != other.storeName)
        #expect(one.formerStoreName == nil)
        #expect(try name("team_shop").storeName == "db.example-5432-team_shop", "a name that fits is kept whole")
    }

    @Test("a database named like another's digested name does not get that name")
    func digestCannotBeImitated() throws {
        let spaced = try name("team%20shop")
        let imitation = try name(String(spaced.storeName.dropFirst("db.example-5432-".count)).replacingOccurrences(of: "+", with: "%2B"))
        #expect(imitation.storeName != spaced.storeName)
    }

    /// A CLI on `database` whose key is found under `home`, as a user's would be.
    private func cli(_ server: ThrowawayPostgres, database: String, home: String) -> StorefrontProcess {
        var cli = StorefrontProcess(ledger: home + "/unused.jsonl")
        cli.environment["HOME"] = home
        cli.storeArguments = ["--store", server.url(database: database)]
        return cli
    }

    private func keyFiles(_ home: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: home + "/.config/storefront/stores").filter { $0.hasSuffix(".key") }.sorted()
    }

    @Test("two databases differing in a replaced character get two keys; the first buy says where its key is, once")
    func twoDatabasesTwoKeys() throws {
        let server = try ThrowawayPostgres()
        try server.psql("CREATE DATABASE \"team shop\"")
        try server.psql("CREATE DATABASE team_shop")
        let home = try StorefrontProcess.temporaryFolder()
        let spaced = cli(server, database: "team%20shop", home: home)
        let underscored = cli(server, database: "team_shop", home: home)
        let first = try spaced.run(["buy", "com.example.rage.face.random"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.components(separatedBy: "made the store's key").count == 2, "once: \(first.stderr)")
        #expect(first.stderr.contains("give each teammate a copy"))
        let second = try spaced.run(["buy", "com.example.rage.face.random"])
        #expect(second.status == 0 && !second.stderr.contains("made the store's key"), "\(second.stderr)")
        #expect(try underscored.run(["buy", "com.example.rage.face.random"]).status == 0)
        let keys = try keyFiles(home)
        #expect(keys.count == 2 && keys.contains("127.0.0.1-\(server.port)-team_shop.key"), "\(keys)")
        let folder = home + "/.config/storefront/stores/"
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + keys[0])) != Data(contentsOf: URL(fileURLWithPath: folder + keys[1])))
        for store in [spaced, underscored] {
            let verified = try store.run(["verify"])
            #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        }
    }

    @Test("of six buys started at once on a new database, only the one whose commit made the key says so")
    func onlyTheMakerSaysItMadeTheKey() throws {
        let server = try ThrowawayPostgres()
        try server.psql("CREATE DATABASE race")
        let home = try StorefrontProcess.temporaryFolder()
        let buyers = try (1...6).map { index in
            try cli(server, database: "race", home: home).start(["buy", "com.example.rage.face.random", "--account", "buyer\(index)"])
        }
        let results = buyers.map { $0.wait() }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let said = results.filter { $0.stderr.contains("made the store's key") }
        #expect(said.count == 1, "\(results.map(\.stderr))")
        #expect(try keyFiles(home).count == 1)
        #expect(try cli(server, database: "race", home: home).run(["verify"]).status == 0)
    }

    @Test("a new store whose key sits only under the former name is refused, naming both files")
    func formerNameIsRefused() throws {
        let server = try ThrowawayPostgres()
        try server.psql("CREATE DATABASE \"team shop\"")
        try server.psql("CREATE DATABASE team_shop")
        let home = try StorefrontProcess.temporaryFolder()
        #expect(try cli(server, database: "team_shop", home: home).run(["buy", "com.example.rage.face.random"]).status == 0)
        let refused = try cli(server, database: "team%20shop", home: home).run(["buy", "com.example.rage.face.random"])
        let folder = home + "/.config/storefront/stores/"
        let former = folder + "127.0.0.1-\(server.port)-team_shop.key"
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains(former) && refused.stderr.contains(folder + "127.0.0.1-\(server.port)-team_shop+"), "\(refused.stderr)")
        #expect(refused.stderr.contains("only if it belongs to this database"))
        #expect(try keyFiles(home) == ["127.0.0.1-\(server.port)-team_shop.key"], "no key made")
    }

    @Test("a store made already whose key was put under the former name: writes are refused and verify fails, naming both files (before: only the missing one)")
    func existingStoreWithKeyUnderFormerName() throws {
        let server = try ThrowawayPostgres()
        try server.psql("CREATE DATABASE \"team shop\"")
        let home = try StorefrontProcess.temporaryFolder()
        let shop = cli(server, database: "team%20shop", home: home)
        #expect(try shop.run(["buy", "com.example.rage.face.random"]).status == 0)
        let folder = home + "/.config/storefront/stores/"
        let current = try #require(try keyFiles(home).first)
        let former = folder + "127.0.0.1-\(server.port)-team_shop.key"
        try FileManager.default.moveItem(atPath: folder + current, toPath: former)
        for command in [["buy", "com.example.rage.face.random"], ["verify"]] {
            let refused = try shop.run(command)
            let said = refused.stdout + refused.stderr
            #expect(refused.status == 3 && said.contains(folder + current) && said.contains("but \(former) is there")
                        && said.contains("only if it belongs to this database"), "\(command): \(said)")
        }
        try FileManager.default.moveItem(atPath: former, toPath: folder + current)
        #expect(try shop.run(["buy", "com.example.rage.face.random"]).status == 0, "moved back, it is the store's key")
    }
}

extension PostgresKeyNameTests {
    @Test("a store reached by another spelling of its host, whose key lies under the first spelling's name, names that key file and what to do (before: only 'copy the key file there from a machine that has it')")
    func keyOfAnotherHostSpellingIsNamed() throws {
        let server = try ThrowawayPostgres.shared()
        let url = try server.newDatabase()
        let database = String(url.split(separator: "/").last ?? "")
        let home = try StorefrontProcess.temporaryFolder()
        var byAddress = StorefrontProcess(ledger: home + "/unused.jsonl")
        byAddress.environment["HOME"] = home
        byAddress.storeArguments = ["--store", url]   // 127.0.0.1
        #expect(try byAddress.run(["buy", "com.example.rage.noads"]).status == 0)
        var byName = byAddress
        byName.storeArguments = ["--store", url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")]
        let read = try byName.run(["entitlements"])
        let stores = home + "/.config/storefront/stores/"
        #expect(read.status == 3 && read.stderr.contains("no key for the store at \(stores)localhost-\(server.port)-\(database).key")
                && read.stderr.contains("but \(stores)127.0.0.1-\(server.port)-\(database).key is there, named for the same port and database with the host spelled otherwise"),
                "\(read.stderr)")
        // Done as it says, the store reads.
        try FileManager.default.copyItem(atPath: "\(stores)127.0.0.1-\(server.port)-\(database).key",
                                         toPath: "\(stores)localhost-\(server.port)-\(database).key")
        let mended = try byName.run(["entitlements"])
        #expect(mended.status == 0 && mended.stdout.contains("Remove Ads"), "\(mended.stdout)\(mended.stderr)")
    }
}
