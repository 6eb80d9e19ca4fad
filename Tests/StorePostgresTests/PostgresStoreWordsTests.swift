import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

/// A PostgreSQL store spoken of as a database: damage named by row `seq` with a database's
/// remedies, a schema without its version, a missing or misplaced key, empty variables, and the
/// store commands' JSON. The tests share one server, a database each.
@Suite("PostgreSQL store in its own words", .serialized)
struct PostgresStoreWordsTests {
    /// A database of its own on the shared server, and a CLI on it with its own key folder.
    struct Database {
        let server: ThrowawayPostgres
        let url: String
        let name: String
        let folder: String
        let cli: StorefrontProcess

        init() throws {
            server = try ThrowawayPostgres.shared()
            url = try server.newDatabase()
            name = String(url.split(separator: "/").last ?? "")
            folder = try StorefrontProcess.temporaryFolder()
            var cli = StorefrontProcess(ledger: "")
            cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
            cli.storeArguments = ["--store", url]
            self.cli = cli
        }

        @discardableResult
        func psql(_ sql: String) throws -> String { try server.psql(sql, database: name) }
    }

    /// Words only an entitlements file deserves.
    static func fileWords(in text: String) -> [String] {
        ["line ", "repair", "stores/", "ledger", "entitlements file"].filter { text.contains($0) }
    }

    @Test("key columns changed by hand beside a sound line: verify names the row and the columns, the events still stand")
    func keyColumnsChangedByHand() throws {
        let database = try Database()
        let cli = database.cli
        for _ in 0..<2 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try database.psql("ALTER TABLE storefront_events DISABLE TRIGGER storefront_events_append_only; "
            + "UPDATE storefront_events SET kind = 'refund', app = 'com.evil', transaction_id = '2000000000000999' WHERE seq = 1; "
            + "UPDATE storefront_events SET transaction_id = '2000000000000998' WHERE seq = 2")

        let verified = try cli.run(["verify"])
        #expect(verified.status == 3, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout.contains("\(database.url): 2 problems"), "\(verified.stdout)")
        #expect(verified.stdout.contains("storefront_events row seq 1 has columns kind, app, transaction_id that disagree with its line"),
                "\(verified.stdout)")
        #expect(verified.stdout.contains("storefront_events row seq 2 has a column transaction_id that disagrees with its line"),
                "\(verified.stdout)")
        #expect(Self.fileWords(in: verified.stdout).isEmpty, "\(verified.stdout)")
        let verifiedJSON = try cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self)
        #expect(verifiedJSON.problems.map(\.seq) == [1, 2])
        // The store reads the lines alone: both purchases stand.
        #expect(try cli.credits()["rage-faces"] == 10)
    }

    @Test("the last row's seq changed by hand: verify says so rather than every column, and a buy is refused saying why")
    func lastRowRenumberedByHand() throws {
        let database = try Database()
        let cli = database.cli
        for _ in 0..<3 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try database.psql("SET session_replication_role = replica; UPDATE storefront_events SET seq = 9 WHERE seq = 3")

        let verified = try cli.run(["verify"])
        #expect(verified.status == 3, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout.contains("\(database.url): 1 problem"), "\(verified.stdout)")
        #expect(verified.stdout.contains("no storefront_events row has seq 3, though a row holds the event with that sequence "
            + "number: its seq was changed by hand"), "\(verified.stdout)")
        #expect(!verified.stdout.contains("kind, app"), "\(verified.stdout)")

        let bought = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(bought.status == 3, "\(bought.stdout)\(bought.stderr)")
        #expect(bought.stderr.contains("refused this change, and nothing was written: its last row is numbered seq 9, though "
            + "the last event in it is number 3 and every event verifies, so a row's seq was changed by hand"), "\(bought.stderr)")
        #expect(bought.stderr.contains("`storefront verify --store \(database.url)` names the event whose row it is; "
            + "`storefront store copy` this store into an empty database"), "\(bought.stderr)")
        #expect(!bought.stderr.contains("given") && !bought.stderr.contains("SQLSTATE"), "\(bought.stderr)")
        #expect(try database.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        #expect(try cli.credits()["rage-faces"] == 15, "the three purchases stand: the store reads the lines")

        // As advised, a copy into an empty database writes every column anew from the lines.
        #expect(verified.stdout.contains("`storefront store copy` this store into an empty database, which writes those "
            + "columns anew from the lines"), "\(verified.stdout)")
        var mended = cli
        mended.storeArguments = ["--store", try database.server.newDatabase()]
        #expect(try cli.run(["store", "copy", "--from", database.url, "--to", mended.storeArguments[1]]).status == 0)
        let clean = try mended.run(["verify"])
        #expect(clean.status == 0 && clean.stdout.contains("intact, 3 events"), "\(clean.stdout)\(clean.stderr)")
        #expect(try mended.run(["buy", "com.example.rage.face.random"]).status == 0)
    }

    @Test("a row changed by hand: errors, warnings, verify and entitlements --json speak of row seq 2 and a backup")
    func damagedDatabase() throws {
        let database = try Database()
        let cli = database.cli
        for _ in 0..<3 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try database.psql("ALTER TABLE storefront_events DISABLE TRIGGER storefront_events_append_only; "
            + "UPDATE storefront_events SET line = replace(line, 'tester', 'mallory') WHERE seq = 2")

        let refused = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("refusing to write to the store \(database.url)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("it has 1 problem:\n  - storefront_events row seq 2 does not match its MAC"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("restore the database from a backup, or `storefront store copy`"), "\(refused.stderr)")
        #expect(refused.stderr.contains("`storefront verify --store \(database.url)` lists the bad rows"), "\(refused.stderr)")
        #expect(Self.fileWords(in: refused.stderr).isEmpty, "\(refused.stderr)")
        // The damage refuses before the decision, which would find no transaction past row seq 1.
        let refund = try cli.run(["refund", "2000000000000003"])
        #expect(refund.status == 3 && refund.stderr.contains("refusing to write to the store \(database.url)")
            && !refund.stderr.contains("there is no transaction"), "\(refund.stderr)")

        let listed = try cli.run(["entitlements", "--json"])
        #expect(listed.status == 3, "a partial listing is never a plain success: \(listed.stderr)")
        #expect(listed.stderr.contains("the store \(database.url) has a problem, so it is read-only and what is shown "
            + "stops before row seq 2"), "\(listed.stderr)")
        #expect(Self.fileWords(in: listed.stderr).isEmpty, "\(listed.stderr)")
        let ledger = try #require(listed.json()?["ledger"] as? [String: Any])
        #expect(ledger["state"] as? String == "damaged")
        #expect(ledger["firstBadSeq"] as? Int == 2 && ledger["firstBadLine"] == nil, "\(ledger)")
        let problems = try #require(ledger["problems"] as? [String])
        #expect(problems.count == 1 && problems[0].hasPrefix("storefront_events row seq 2"), "\(problems)")

        let verified = try cli.run(["verify"])
        #expect(verified.status == 3)
        #expect(verified.stdout.contains("\(database.url): 1 problem"), "\(verified.stdout)")
        #expect(verified.stdout.contains("storefront_events row seq 2 does not match its MAC"), "\(verified.stdout)")
        #expect(Self.fileWords(in: verified.stdout).isEmpty, "\(verified.stdout)")
        let verifiedJSON = try cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self)
        #expect(verifiedJSON.problems.map(\.seq) == [2] && verifiedJSON.problems.map(\.line) == [nil])

        let serve = try ServeProcess(cli)
        let said = serve.stop()
        let warned = said.stderr.components(separatedBy: "\n").filter { $0.contains("has a problem") }
        #expect(warned.count == 1 && warned.first?.hasPrefix("storefront: warning: the store \(database.url) has a problem") == true,
                "warned once: \(said.stderr)")
        #expect(Self.fileWords(in: said.stderr).isEmpty, "\(said.stderr)")
    }

    @Test("serve on a damaged database says once it is sound again after the row is put back, though no notification came",
          arguments: [false, true])
    func serveSaysSoundAgainAfterMend(standingBy: Bool) throws {
        let database = try Database()
        let cli = database.cli
        for _ in 0..<3 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        // A server started first delivers; the one watched then stands by, reading nothing to deliver.
        let delivering = standingBy ? try ServeProcess(cli) : nil
        defer { _ = delivering?.stop() }
        try database.server.rewriteEventRow(seq: 2, replacing: "tester", with: "mallory", database: database.name)
        let serve = try ServeProcess(cli)
        // Long enough for the damaged store's timer (3 s) and a pass of the delivery loop (1 s) after it.
        Thread.sleep(forTimeInterval: 1.5)
        try database.server.rewriteEventRow(seq: 2, replacing: "mallory", with: "tester", database: database.name)
        Thread.sleep(forTimeInterval: 5)
        let said = serve.stop()
        if standingBy { #expect(said.stderr.contains("another storefront serve of this app delivers"), "\(said.stderr)") }
        let told = said.stderr.components(separatedBy: "\n").filter { $0.contains("has a problem") || $0.contains("sound again") }
        #expect(told.first?.contains("has a problem") == true && told.filter { $0.contains("sound again") }.count == 1, "\(told)")
        #expect(told.last == "storefront: the store \(database.url) is sound again: every row verifies, so all of it is served "
            + "and it can be written", "\(said.stderr)")
    }

    @Test("store copy from a damaged database names row seq 2 and verify --store, not a file's line")
    func copyFromDamagedDatabase() throws {
        let database = try Database()
        let cli = database.cli
        for _ in 0..<3 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try database.psql("ALTER TABLE storefront_events DISABLE TRIGGER storefront_events_append_only; "
            + "UPDATE storefront_events SET line = replace(line, 'tester', 'mallory') WHERE seq = 2")
        let target = database.folder + "/copy.jsonl"
        let copied = try cli.run(["store", "copy", "--from", database.url, "--to", target])
        #expect(copied.status == 3, "\(copied.stderr)")
        #expect(copied.stderr.contains("the source \(database.url) has a problem, so nothing was copied"), "\(copied.stderr)")
        #expect(copied.stderr.contains("`storefront verify --store \(database.url)`"), "\(copied.stderr)")
        #expect(copied.stderr.contains("storefront_events row seq 2 does not match its MAC"), "\(copied.stderr)")
        #expect(Self.fileWords(in: copied.stderr).isEmpty, "\(copied.stderr)")
        #expect(copied.stderr.contains("lists it (add --verified-only to copy the events before it). The problem: storefront_events row seq 2"),
                "\(copied.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))

        // With --verified-only, the event before the damaged row goes across, and the output says what was left out.
        let kept = try cli.run(["store", "copy", "--from", database.url, "--to", target, "--verified-only"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("copied 1 event from \(database.url) to \(target)"), "\(kept.stdout)")
        #expect(kept.stdout.contains("left out everything from the source's first problem on, which no reader of it folds "
            + "either: storefront_events row seq 2 does not match its MAC"), "\(kept.stdout)")
        let keptJSON = try cli.run(["store", "copy", "--json", "--from", database.url, "--to", database.folder + "/copy2.jsonl",
                                    "--verified-only"]).decoded(JSONShapes.StoreCopyResult.self)
        #expect(keptJSON.events == 1, "\(keptJSON)")
        #expect(keptJSON.leftOutFrom?.hasPrefix("storefront_events row seq 2 does not match its MAC") == true, "\(keptJSON)")
        var fileCLI = StorefrontProcess(ledger: target)
        fileCLI.environment = cli.environment
        fileCLI.environment.removeValue(forKey: "STOREFRONT_STORE")
        let verified = try fileCLI.run(["verify"])
        #expect(verified.status == 0 && verified.stdout.contains("intact, 1 event"), "\(verified.stdout)\(verified.stderr)")
    }

    @Test("the first row damaged: no advice to copy the events before it, since there are none")
    func noSalvageOfferedWithNothingBeforeTheDamage() throws {
        let database = try Database()
        let cli = database.cli
        for _ in 0..<2 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try database.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq = 1")
        let verified = try cli.run(["verify"])
        #expect(verified.status == 3 && verified.stdout.contains("storefront_events has no row seq 1"), "\(verified.stdout)")
        #expect(verified.stdout.contains("into an empty database") && !verified.stdout.contains("--verified-only"), "\(verified.stdout)")
        let copied = try cli.run(["store", "copy", "--from", database.url, "--to", database.folder + "/copy.jsonl"])
        #expect(copied.status == 3 && copied.stderr.contains("so nothing was copied"), "\(copied.stderr)")
        #expect(!copied.stderr.contains("--verified-only"), "\(copied.stderr)")
    }

    @Test("store copy from a database the server does not have: correct --from, never create an empty source")
    func copyFromAMissingDatabase() throws {
        let database = try Database()
        let missing = database.url.replacingOccurrences(of: "/" + database.name, with: "/no_such_source")
        let copied = try database.cli.run(["store", "copy", "--from", missing, "--to", database.folder + "/copy.jsonl"])
        #expect(copied.status == 3, "\(copied.stderr)")
        #expect(copied.stderr.contains("names a database the server does not have (no_such_source), so nothing was copied and no "
            + "target was made; correct the database in the address given to --from"), "\(copied.stderr)")
        #expect(!copied.stderr.contains("createdb") && !copied.stderr.contains("store init"), "\(copied.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database.folder + "/copy.jsonl"))
    }

    @Test("the last row deleted by hand and the store written to again: --expect-sequence passes, --expect-mac does not")
    func headReplacedIsCaughtByItsMAC() throws {
        let database = try Database()
        let cli = database.cli
        for _ in 0..<2 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        let head = try #require(try cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self).headMac)
        try database.psql("SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq = 2")
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        #expect(try cli.run(["verify", "--expect-sequence", "2"]).status == 0, "the number alone cannot tell")
        let caught = try cli.run(["verify", "--expect-sequence", "2", "--expect-mac", head])
        #expect(caught.status == 3, "\(caught.stdout)\(caught.stderr)")
        #expect(caught.stdout.contains("the event with sequence number 2 is not the one whose MAC was given"), "\(caught.stdout)")
        #expect(caught.stdout.contains("the store was replaced by another copy"), "\(caught.stdout)")
        let row1 = try database.psql("SELECT line FROM storefront_events WHERE seq = 1")
        let firstMAC = try #require(row1.split(separator: "\"").last { $0.count == 64 })
        #expect(try cli.run(["verify", "--expect-sequence", "1", "--expect-mac", String(firstMAC)]).status == 0,
                "an earlier event than the head is looked up in its row")
    }

    @Test("a role that may not make tables in the schema, on a new database: told that the owner makes the store or grants CREATE, which works")
    func roleWithoutCreateOnANewDatabase() throws {
        let database = try Database()
        let role = "newcomer_" + database.name.filter { $0.isLetter || $0.isNumber }
        try database.psql("CREATE ROLE \(role) LOGIN")
        var newcomer = database.cli
        newcomer.storeArguments = ["--store", database.server.url(user: role, database: database.name)]
        for command in [["store", "init"], ["buy", "com.example.rage.face.random"]] {
            let result = try newcomer.run(command)
            #expect(result.status == 3, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("refused the role \"\(role)\" the making of its tables (permission denied for schema public)")
                && result.stderr.contains("such as the database's owner: have it run storefront's `store init`")
                && result.stderr.contains("`GRANT CREATE ON SCHEMA \"public\" TO \"\(role)\"`"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("--store postgresql://\(role)@"),
                    "no command to paste that would fail the same way: \(result.stderr)")
        }
        let refused = try newcomer.run(["store", "init"])
        let grant = try #require(PastedCommand.quoted(startingWith: "GRANT CREATE ON SCHEMA", in: refused.stderr), "\(refused.stderr)")
        try database.psql(grant)
        #expect(try newcomer.run(["store", "init"]).status == 0, "granted CREATE, the role makes the store itself")
        #expect(try newcomer.run(["buy", "com.example.rage.face.random"]).status == 0, "then writes it")
    }

    @Test("tables without their schema version are a damaged schema with what to do, not a missing store")
    func schemaVersionMissing() throws {
        let database = try Database()
        let cli = database.cli
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        try database.psql("DELETE FROM storefront_schema_version")
        for command in [["store", "init"], ["buy", "com.example.rage.face.random"], ["verify"], ["store", "migrate"]] {
            let result = try cli.run(command)
            #expect(result.status == 3, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("the store \(database.url) has storefront tables but lacks its row in "
                + "storefront_schema_version"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("INSERT INTO storefront_schema_version (version) VALUES (3);"), "\(result.stderr)")
            #expect(!result.stderr.contains("holds no store") && !result.stderr.contains("already exists"), "\(result.stderr)")
        }
        try database.psql("INSERT INTO storefront_schema_version (version) VALUES (3)")
        #expect(try cli.run(["verify"]).status == 0, "the advice mends it")

        try database.psql("DROP TABLE storefront_schema_version")
        let withoutTable = try cli.run(["store", "init"])
        #expect(withoutTable.status == 3 && withoutTable.stderr.contains("lacks the table storefront_schema_version"),
                "\(withoutTable.stderr)")
        #expect(try database.psql("SELECT count(*) FROM storefront_events") == "1\n", "nothing was written")
    }

    @Test("a machine without the key: writing commands say where the key belongs and to copy it, never the ledger")
    func keyMissingOnWrite() throws {
        let database = try Database()
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        var elsewhere = database.cli
        let missingKey = database.folder + "/other-machine.key"
        elsewhere.environment["STOREFRONT_STORE_KEY"] = missingKey
        let refused = try elsewhere.run(["buy", "com.example.rage.face.random"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("its key file lives at \(missingKey)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("copy the key file there from a machine that has it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("lists the problems") && !refused.stderr.contains("bad rows"), "no row is bad: \(refused.stderr)")
        #expect(!refused.stderr.contains("ledger") && !refused.stderr.contains("move"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missingKey), "no key made for a store that has one")
    }

    @Test("STOREFRONT_STORE_KEY naming a directory, and empty store variables, are refused naming the variable")
    func variablesRefused() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: "")
        cli.environment["HOME"] = folder
        let address = "postgresql://postgres@127.0.0.1:1/nowhere"

        cli.environment["STOREFRONT_STORE_KEY"] = folder
        let directory = try cli.run(["--store", address, "entitlements"])
        #expect(directory.status == 2)
        #expect(directory.stderr.contains("STOREFRONT_STORE_KEY names the directory \(folder), not a key file"),
                "\(directory.stderr)")
        #expect(!directory.stderr.contains("entitlements file"), "\(directory.stderr)")
        // A folder written with its last slash is advised a file in it with one slash.
        cli.environment["STOREFRONT_STORE_KEY"] = folder + "/"
        let slashed = try cli.run(["--store", address, "entitlements"])
        #expect(slashed.stderr.contains("(for example \(folder)/team.key)"), "\(slashed.stderr)")
        cli.environment["STOREFRONT_STORE_KEY"] = folder
        // The folder it would use otherwise is named as XDG_CONFIG_HOME decides it (before: only ~/.config).
        #expect(directory.stderr.contains("unset it to use the key under $XDG_CONFIG_HOME/storefront/stores, else ~/.config/"),
                "\(directory.stderr)")

        cli.environment["STOREFRONT_STORE_KEY"] = nil
        let keyPlace = folder + "/.config/storefront/stores/127.0.0.1-1-nowhere.key"
        try FileManager.default.createDirectory(atPath: keyPlace, withIntermediateDirectories: true)
        let defaultPlace = try cli.run(["--store", address, "entitlements"])
        #expect(defaultPlace.status == 2 && defaultPlace.stderr.contains("the store's key file belongs at \(keyPlace), but a directory"),
                "\(defaultPlace.stderr)")
        #expect(!defaultPlace.stderr.contains("entitlements"), "\(defaultPlace.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/.config")

        cli.environment["STOREFRONT_STORE_KEY"] = ""
        let emptyKey = try cli.run(["--store", address, "entitlements"])
        #expect(emptyKey.status == 2 && emptyKey.stderr.contains("STOREFRONT_STORE_KEY is set but empty"), "\(emptyKey.stderr)")
        cli.environment["STOREFRONT_STORE_KEY"] = "  "
        let blankKey = try cli.run(["--store", address, "entitlements"])
        #expect(blankKey.status == 2 && blankKey.stderr.contains("STOREFRONT_STORE_KEY is set but empty (or only blanks)"),
                "\(blankKey.stderr)")

        cli.environment["STOREFRONT_STORE_KEY"] = nil
        cli.environment["STOREFRONT_STORE"] = ""
        let emptyStore = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(emptyStore.status == 2 && emptyStore.stderr.contains("STOREFRONT_STORE is set but empty"), "\(emptyStore.stderr)")

        cli.environment["STOREFRONT_STORE"] = nil
        cli.environment["STOREFRONT_ENTITLEMENTS"] = ""
        let emptyFile = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(emptyFile.status == 2 && emptyFile.stderr.contains("STOREFRONT_ENTITLEMENTS is set but empty"),
                "\(emptyFile.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no default file or key made")
    }

    @Test("store init, migrate and copy answer --json; a copy into a new database says where it made the key")
    func storeCommandsJSONAndCopyKey() throws {
        let database = try Database()
        let cli = database.cli
        let made = try cli.run(["store", "init", "--json"]).decoded(JSONShapes.StoreInitResult.self)
        #expect(made.store == database.url && made.created && made.schemaVersion == 3 && made.keyFile == database.folder + "/team.key")
        let again = try cli.run(["store", "init", "--json"]).decoded(JSONShapes.StoreInitResult.self)
        #expect(!again.created && again.schemaVersion == 3)
        let migrated = try cli.run(["store", "migrate", "--json"]).decoded(JSONShapes.StoreMigrateResult.self)
        #expect(migrated.fromVersion == 3 && migrated.toVersion == 3 && !migrated.changed)

        let source = StorefrontProcess(ledger: database.folder + "/history.jsonl")
        #expect(try source.run(["buy", "com.example.rage.face.random"]).status == 0)
        var copier = StorefrontProcess(ledger: "")
        let newKey = database.folder + "/copy.key"
        copier.environment["STOREFRONT_STORE_KEY"] = newKey
        let copied = try copier.run(["store", "copy", "--from", source.ledger, "--to", try database.server.newDatabase()])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(copied.stdout.contains("made the store's key \(newKey)"), "\(copied.stdout)")
        #expect(FileManager.default.fileExists(atPath: newKey))

        let jsonKey = database.folder + "/copy-json.key"
        copier.environment["STOREFRONT_STORE_KEY"] = jsonKey
        let target = try database.server.newDatabase()
        let copiedJSON = try copier.run(["store", "copy", "--json", "--from", source.ledger, "--to", target])
            .decoded(JSONShapes.StoreCopyResult.self)
        #expect(copiedJSON.events == 1 && copiedJSON.to == target && copiedJSON.keyFileMade == jsonKey && copiedJSON.keyFile == jsonKey)
        #expect(copiedJSON.leftOutFrom == nil, "nothing was left out of a sound source")
        let intoExistingKey = try copier.run(["store", "copy", "--json", "--from", target, "--to", database.folder + "/back.jsonl"])
            .decoded(JSONShapes.StoreCopyResult.self)
        #expect(intoExistingKey.keyFileMade == nil && intoExistingKey.keyFile == nil, "a file target's key is beside it, as always")

        // A key there already signs the copy: which one is said (before: nothing, with STOREFRONT_STORE_KEY set).
        let signedByVariable = try copier.run(["store", "copy", "--from", source.ledger, "--to", try database.server.newDatabase()])
        #expect(signedByVariable.status == 0 && signedByVariable.stdout.contains(
            "signed the copied events with the store's key \(jsonKey), given by STOREFRONT_STORE_KEY: every machine that uses "
                + "this store needs that key"), "\(signedByVariable.stdout)")
        #expect(!signedByVariable.stdout.contains("made the store's key"), "\(signedByVariable.stdout)")
        let signedJSON = try copier.run(["store", "copy", "--json", "--from", source.ledger, "--to", try database.server.newDatabase()])
            .decoded(JSONShapes.StoreCopyResult.self)
        #expect(signedJSON.keyFileMade == nil && signedJSON.keyFile == jsonKey)
    }
}
