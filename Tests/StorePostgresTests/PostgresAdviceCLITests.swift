import Foundation
import StoreLedger
import StorefrontCommands
import StorefrontTesting
import Testing

/// What the command line advises about a PostgreSQL store — damaged, without its key on this
/// machine, unreachable, or refusing the role — pasted into a shell as printed: it reaches the
/// same store, though the address was given with a password, which no message shows.
@Suite("PostgreSQL store: advice pasted into a shell reaches the same store", .serialized)
struct PostgresAdviceCLITests {
    /// How the store is given to `--store`: a URI, or a keyword string over the socket whose
    /// database name holds spaces; both with a password (the server trusts every local user).
    enum Spelling: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case uri, keywordsWithSpaces
        var testDescription: String { rawValue }
    }

    /// A database of its own on the shared server, and a CLI given it through `--store`.
    struct Database {
        let server: ThrowawayPostgres
        let name: String
        let spelling: Spelling
        let folder: String
        var cli: StorefrontProcess

        init(_ spelling: Spelling, user: String = ThrowawayPostgres.superuser) throws {
            server = try ThrowawayPostgres.shared()
            let made = String(try server.newDatabase().split(separator: "/").last ?? "")
            self.spelling = spelling
            if spelling == .keywordsWithSpaces {
                name = made + " team shop"
                try server.psql("CREATE DATABASE \"\(name)\"")
            } else {
                name = made
            }
            folder = try StorefrontProcess.temporaryFolder()
            cli = StorefrontProcess(ledger: "")
            cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
            cli.storeArguments = ["--store", address(user: user)]
        }

        /// The address as given, password included; `port` and `socketFolder` to miss the server.
        func address(user: String = ThrowawayPostgres.superuser, port: Int? = nil, socketFolder: String? = nil) -> String {
            switch spelling {
            case .uri: "postgresql://\(user):s3cret@127.0.0.1:\(port ?? server.port)/\(name)"
            case .keywordsWithSpaces:
                "host='\(socketFolder ?? server.directory)' port=\(port ?? server.port) user=\(user) password=s3cret dbname='\(name)'"
            }
        }

        /// The same address as messages show it, without the password.
        func shown(user: String = ThrowawayPostgres.superuser, port: Int? = nil, socketFolder: String? = nil) -> String {
            switch spelling {
            case .uri: "postgresql://\(user)@127.0.0.1:\(port ?? server.port)/\(name)"
            case .keywordsWithSpaces: "postgresql://\(user)@:\(port ?? server.port)/\(name)?host=\(socketFolder ?? server.directory)"
            }
        }

        /// `storefront ARGUMENTS --store ADDRESS` as advice writes it, then the password's source.
        func advice(_ arguments: String, shown: String) -> String {
            "`storefront \(arguments) --store \(ShellWord.quoted(shown))` (with the password from PGPASSWORD or ~/.pgpass, "
                + "where libpq reads it)"
        }
    }

    /// Expects `said` to advise `advice` and to show no password, then runs its `storefront
    /// verify` command pasted into a shell as `cli`'s user would; nil when it advises none.
    static func pastedVerify(from said: String, advising advice: String, as cli: StorefrontProcess,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> StorefrontProcess.Result? {
        #expect(said.contains(advice), "\(said)", sourceLocation: sourceLocation)
        #expect(!said.contains("s3cret"), "\(said)", sourceLocation: sourceLocation)
        let command = PastedCommand.quoted(startingWith: "storefront verify", in: said)
        #expect(command != nil, "\(said)", sourceLocation: sourceLocation)
        return try command.map { try PastedCommand.run($0, as: cli) }
    }

    @Test("a damaged database: the refusal and the warning advise verify on the store; pasted, it lists row seq 2",
          arguments: Spelling.allCases)
    func damagedDatabase(spelling: Spelling) throws {
        let database = try Database(spelling)
        for _ in 0..<3 { #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try database.server.rewriteEventRow(seq: 2, replacing: "tester", with: "mallory", database: database.name)
        let refused = try database.cli.run(["buy", "com.example.rage.face.random"])
        let warned = try database.cli.run(["entitlements"])
        for said in [refused.stderr, warned.stderr] {
            let verified = try Self.pastedVerify(from: said, advising: database.advice("verify", shown: database.shown()), as: database.cli)
            #expect(verified?.status == 3 && verified?.stdout.contains("storefront_events row seq 2 does not match its MAC") == true,
                    "\(verified?.stdout ?? "")\(verified?.stderr ?? "")")
        }

        // Named by STOREFRONT_STORE, the store is named by it again: the advice needs no --store.
        var viaVariable = database.cli
        viaVariable.storeArguments = []
        viaVariable.environment["STOREFRONT_STORE"] = database.address()
        let refusedViaVariable = try viaVariable.run(["buy", "com.example.rage.face.random"])
        #expect(refusedViaVariable.stderr.contains("`storefront verify` lists the bad rows"), "\(refusedViaVariable.stderr)")
        #expect(!refusedViaVariable.stderr.contains("--store") && !refusedViaVariable.stderr.contains("s3cret"))
        let verified = try PastedCommand.run("storefront verify", as: viaVariable)
        #expect(verified.status == 3 && verified.stdout.contains("storefront_events row seq 2"), "\(verified.stdout)")
    }

    @Test("a machine without the store's key: the refusal advises verify on the store; pasted, it says the key is missing",
          arguments: Spelling.allCases)
    func keyMissing(spelling: Spelling) throws {
        let database = try Database(spelling)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        var elsewhere = database.cli
        elsewhere.environment["STOREFRONT_STORE_KEY"] = database.folder + "/other machine.key"
        let refused = try elsewhere.run(["buy", "com.example.rage.face.random"])
        #expect(refused.status == 3)
        let verified = try Self.pastedVerify(from: refused.stderr, advising: database.advice("verify", shown: database.shown())
            + " lists the problems", as: elsewhere)
        #expect(verified?.status == 3 && verified?.stdout.contains("this machine has no key for the store") == true,
                "\(verified?.stdout ?? "")\(verified?.stderr ?? "")")
    }

    @Test("a server that cannot be reached: the error advises verify on the store; pasted, it tries the same server and advises not itself",
          arguments: Spelling.allCases)
    func unreachableServer(spelling: Spelling) throws {
        var database = try Database(spelling)
        let socketFolder = database.folder + "/no server here"
        database.cli.storeArguments = ["--store", database.address(port: 1, socketFolder: socketFolder)]
        let failed = try database.cli.run(["entitlements"])
        let shown = database.shown(port: 1, socketFolder: socketFolder)
        #expect(failed.status == 3 && failed.stderr.contains("cannot reach the store \(shown): "), "\(failed.stderr)")
        // Nothing answered there: a password is not what to check (before: it named PGPASSWORD).
        #expect(failed.stderr.contains("Nothing was read or written. No server listens there") && !failed.stderr.contains("address, user and password (PGPASSWORD"),
                "\(failed.stderr)")
        let verified = try Self.pastedVerify(from: failed.stderr, advising: database.advice("verify", shown: shown), as: database.cli)
        #expect(verified?.status == 3 && verified?.stderr.contains("cannot reach the store \(shown): ") == true,
                "\(verified?.stderr ?? "")")
        // verify's own failure does not advise running verify (before: it advised itself).
        #expect(verified?.stderr.contains("storefront verify") == false && verified?.stderr.contains("then try again") == true,
                "\(verified?.stderr ?? "")")
    }

    @Test("a role that may only read: the refusal says it may read but not change the store and gives only the GRANT INSERT; run, it buys",
          arguments: Spelling.allCases)
    func readOnlyRole(spelling: Spelling) throws {
        let database = try Database(spelling)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        try database.server.psql("DO $$ BEGIN CREATE ROLE advice_viewer LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "GRANT SELECT ON ALL TABLES IN SCHEMA public TO advice_viewer", database: database.name)
        var viewer = database.cli
        viewer.storeArguments = ["--store", database.address(user: "advice_viewer")]
        let refused = try viewer.run(["buy", "com.example.rage.face.random"])
        #expect(refused.status == 3 && refused.stderr.contains("lets the role \"advice_viewer\" read it but not change it")
                    && !refused.stderr.contains("GRANT SELECT"), "\(refused.stderr)")
        let grant = try #require(PastedCommand.quoted(startingWith: "GRANT INSERT", in: refused.stderr), "\(refused.stderr)")
        #expect(try viewer.run(["verify"]).status == 0, "it reads meanwhile")
        // The store is whole: nothing to write, so init says so as migrate does (before: the INSERT refusal, exit 3).
        let initialized = try viewer.run(["store", "init"])
        #expect(initialized.status == 0 && initialized.stdout.contains("exists already"), "\(initialized.stdout)\(initialized.stderr)")
        try database.server.psql(grant, database: database.name)
        #expect(try viewer.run(["buy", "com.example.rage.face.random"]).status == 0)
    }
}

extension PostgresAdviceCLITests {
    @Test("a missing database whose name holds a line break or an escape is said to be missing, named in the shell's $'…' form (before: a line break read as a server that cannot be reached, an escape was dropped from the name)")
    func missingDatabaseWithOddName() throws {
        var database = try Database(.uri)
        for (encoded, shown) in [("%0A", #"\n"#), ("%1B%5B31m", #"\x1B[31m"#)] {
            let missing = database.name + encoded + "x"
            database.cli.storeArguments = ["--store", database.address().replacingOccurrences(of: database.name, with: missing)]
            let failed = try database.cli.run(["entitlements"])
            #expect(failed.status == 3, "\(failed.stderr)")
            #expect(failed.stderr.contains("has no database $'\(database.name)\(shown)x', so nothing was read or written"), "\(failed.stderr)")
            #expect(failed.stderr.contains("Create it with") && !failed.stderr.contains("check that the server runs"), "\(failed.stderr)")
        }
    }

    @Test("a role whose own search_path leads away from the store is refused, not given a second store in its schema; the advised RESET, run, lets it buy in the store (before: a new, empty store)")
    func searchPathLeadingAway() throws {
        let database = try Database(.uri)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let role = "path_wanderer"
        try database.server.psql("DO $$ BEGIN CREATE ROLE \(role) LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "CREATE SCHEMA wander AUTHORIZATION \(role); GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO \(role); "
            + "ALTER ROLE \(role) IN DATABASE \(database.name) SET search_path = wander", database: database.name)
        var wanderer = database.cli
        wanderer.storeArguments = ["--store", database.address(user: role)]
        for command in [["buy", "com.example.rage.face.random"], ["entitlements"], ["store", "init"]] {
            let refused = try wanderer.run(command)
            #expect(refused.status == 3 && refused.stderr.contains("is in schema public of its database, which the search_path "
                + "of this session (wander, as the role \"\(role)\" sets it in this database) does not find"), "\(command): \(refused.stderr)")
        }
        let tablesMade = try database.server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'wander'", database: database.name)
        #expect(tablesMade.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "a second store was made: \(tablesMade)")
        let refused = try wanderer.run(["buy", "com.example.rage.face.random"])
        let reset = try #require(PastedCommand.quoted(startingWith: "ALTER ROLE", in: refused.stderr), "\(refused.stderr)")
        #expect(reset == "ALTER ROLE \"\(role)\" IN DATABASE \"\(database.name)\" RESET search_path;")
        try database.server.psql(reset, database: database.name)
        #expect(try wanderer.run(["buy", "com.example.rage.face.random"]).status == 0)
        #expect(try database.cli.run(["entitlements"]).stdout.contains("Rage Faces (rage-faces): 10"), "the one store has both purchases")
    }

    @Test("a role whose search_path puts another schema first does not make a store's dropped table there: refused, with the RESET (before: migrate made a second store's tables in that schema)")
    func missingTableIsNotMadeApart() throws {
        let database = try Database(.uri)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let role = "split_maker"
        try database.server.psql("DO $$ BEGIN CREATE ROLE \(role) LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "CREATE SCHEMA apart AUTHORIZATION \(role); GRANT ALL ON ALL TABLES IN SCHEMA public TO \(role); "
            + "GRANT CREATE ON SCHEMA public TO \(role); ALTER ROLE \(role) IN DATABASE \(database.name) SET search_path = apart, public; "
            + "DROP TABLE storefront_checkpoints", database: database.name)
        var splitter = database.cli
        splitter.storeArguments = ["--store", database.address(user: role)]
        for command in [["store", "migrate"], ["store", "init"]] {
            let refused = try splitter.run(command)
            #expect(refused.status == 3 && refused.stderr.contains("finds, but the table it lacks would be made in apart, apart from the others"),
                    "\(command): \(refused.stderr)")
        }
        let made = try database.server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'apart'", database: database.name)
        #expect(made.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "tables were made apart: \(made)")
        #expect(try database.cli.run(["store", "migrate"]).stdout.contains("made its missing table storefront_checkpoints again"))
    }

    @Test("a role whose search_path finds a stray table named like the store's before the store's own is refused, naming where each table was found, and writes nothing there; the advised search_path run, it buys in the store (before: it read and wrote the stray table as the store's)")
    func strayTableBeforeTheStore() throws {
        let database = try Database(.uri)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let role = "stray_finder"
        try database.server.psql("DO $$ BEGIN CREATE ROLE \(role) LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "CREATE SCHEMA early AUTHORIZATION \(role); CREATE TABLE early.storefront_events (LIKE public.storefront_events INCLUDING DEFAULTS); "
            + "GRANT ALL ON ALL TABLES IN SCHEMA public, early TO \(role); "
            + "ALTER ROLE \(role) IN DATABASE \(database.name) SET search_path = early, public", database: database.name)
        var finder = database.cli
        finder.storeArguments = ["--store", database.address(user: role)]
        for command in [["buy", "com.example.rage.face.random"], ["entitlements"], ["verify"]] {
            let refused = try finder.run(command)
            #expect(refused.status == 3 && refused.stderr.contains("the search_path of this session (early, public) finds the tables of the store ")
                && refused.stderr.contains("(storefront_events in early; storefront_checkpoints, storefront_commit_marks, "),
                    "\(command): \(refused.stderr)")
        }
        let strayRows = try database.server.psql("SELECT count(*) FROM early.storefront_events", database: database.name)
        #expect(strayRows.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "written into the stray table: \(strayRows)")
        // The advised statement puts the store's schema first; run, the role buys in the store.
        let refused = try finder.run(["buy", "com.example.rage.face.random"])
        let alter = try #require(PastedCommand.quoted(startingWith: "ALTER ROLE", in: refused.stderr), "\(refused.stderr)")
        #expect(alter == "ALTER ROLE \"\(role)\" IN DATABASE \"\(database.name)\" SET search_path = public, early;", "\(alter)")
        try database.server.psql(alter, database: database.name)
        #expect(try finder.run(["buy", "com.example.rage.face.random"]).status == 0)
        #expect(try database.cli.run(["entitlements"]).stdout.contains("Rage Faces (rage-faces): 10"), "both bought in the one store")
    }

    @Test("a database holding only a table named like a store's (made for something else) is refused as no store, naming where it is, by every command, and nothing is made beside it (before: advice to add a version row, which led to a dead end)")
    func strayTableWithoutAStoreIsNamed() throws {
        let database = try Database(.uri)
        try database.server.psql("CREATE TABLE storefront_events (x int)", database: database.name)
        for command in [["store", "init"], ["store", "migrate"], ["buy", "com.example.rage.face.random"]] {
            let refused = try database.cli.run(command)
            #expect(refused.status == 3 && refused.stderr.contains("holds relations named like a store's tables (storefront_events in "
                + "public), but they are no store") && refused.stderr.contains("rename or drop them")
                && !refused.stderr.contains("CREATE TABLE storefront_schema_version"), "\(command): \(refused.stderr)")
        }
        let made = try database.server.psql("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'storefront%'", database: database.name)
        #expect(made.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "nothing made beside it: \(made)")
        // A store's own tables without their version are still mended as before: see schemaVersionMissing.
        try database.server.psql("ALTER TABLE storefront_events RENAME TO mine", database: database.name)
        #expect(try database.cli.run(["store", "init"]).status == 0)
    }

    @Test("a store made by a role whose search_path led to another schema: a role without such a setting is refused with the SET that has it find the store; run, it buys there (before: advice with nothing to act on)")
    func storeMadeInAnotherSchema() throws {
        let database = try Database(.uri)
        let role = "schema_maker"
        try database.server.psql("DO $$ BEGIN CREATE ROLE \(role) LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "CREATE SCHEMA made AUTHORIZATION \(role); ALTER ROLE \(role) IN DATABASE \(database.name) SET search_path = made",
            database: database.name)
        var maker = database.cli
        maker.storeArguments = ["--store", database.address(user: role)]
        #expect(try maker.run(["buy", "com.example.rage.face.random"]).status == 0)
        let refused = try database.cli.run(["buy", "com.example.rage.face.random"])
        #expect(refused.status == 3 && refused.stderr.contains("is in schema made of its database, which the search_path of this "
            + "session (\"$user\", public, the server's default) does not find"), "\(refused.stderr)")
        let set = try #require(PastedCommand.quoted(startingWith: "ALTER ROLE", in: refused.stderr), "\(refused.stderr)")
        #expect(set == "ALTER ROLE \"postgres\" IN DATABASE \"\(database.name)\" SET search_path = made, public;", "\(set)")
        try database.server.psql(set, database: database.name)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        #expect(try maker.run(["entitlements"]).stdout.contains("Rage Faces (rage-faces): 10"), "both bought in the one store")
    }

    @Test("a role that may not read: the refusal names the role and its GRANT; run by the owner, the role reads and buys",
          arguments: Spelling.allCases)
    func roleRefusedReadingIsToldItsGrant(spelling: Spelling) throws {
        let database = try Database(spelling)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        // A role name that needs its quotes: capitals and a space.
        let role = "Advice Reader"
        try database.server.psql("DO $$ BEGIN CREATE ROLE \"\(role)\" LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$",
                                 database: database.name)
        var reader = database.cli
        reader.storeArguments = ["--store", database.address(user: "Advice%20Reader")]
        if spelling == .keywordsWithSpaces { reader.storeArguments = ["--store", database.address(user: "'\(role)'")] }
        let refused = try reader.run(["entitlements"])
        #expect(refused.status == 3 && refused.stderr.contains("the role \"\(role)\" may not read the store"), "\(refused.stderr)")
        let grantReading = try #require(PastedCommand.quoted(startingWith: "GRANT SELECT", in: refused.stderr), "\(refused.stderr)")
        let grantWriting = try #require(PastedCommand.quoted(startingWith: "GRANT INSERT", in: refused.stderr), "\(refused.stderr)")
        try database.server.psql(grantReading, database: database.name)
        let read = try reader.run(["entitlements"])
        #expect(read.status == 0 && read.stdout.contains("Rage Faces"), "\(read.stdout)\(read.stderr)")
        let verified = try reader.run(["verify"])
        #expect(verified.status == 0 && verified.stdout.contains("intact, 1 event"), "\(verified.stdout)\(verified.stderr)")
        let notYet = try reader.run(["buy", "com.example.rage.face.random"])
        #expect(notYet.status == 3 && notYet.stderr.contains(grantWriting), "\(notYet.stderr)")
        try database.server.psql(grantWriting, database: database.name)
        let bought = try reader.run(["buy", "com.example.rage.face.random"])
        #expect(bought.status == 0, "\(bought.stderr)")
    }

    @Test("a copy into a store the role may not even read names both GRANTs, then the INSERT alone (before: it said the role may read)")
    func copyIntoAStoreTheRoleMayNotRead() throws {
        let database = try Database(.uri)
        #expect(try database.cli.run(["store", "init"]).status == 0)
        let file = StorefrontProcess(ledger: database.folder + "/history.jsonl")
        #expect(try file.run(["buy", "com.example.rage.face.random"]).status == 0)
        try database.server.psql("DO $$ BEGIN CREATE ROLE advice_copier LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$",
                                 database: database.name)
        var copier = database.cli
        copier.storeArguments = []
        let copy = ["store", "copy", "--from", file.ledger, "--to", database.address(user: "advice_copier")]
        let unread = try copier.run(copy)
        #expect(unread.status == 3 && unread.stderr.contains("the role \"advice_copier\" may not read the store")
                    && !unread.stderr.contains("read it but not change it"), "\(unread.stderr)")
        try database.server.psql(try #require(PastedCommand.quoted(startingWith: "GRANT SELECT", in: unread.stderr)), database: database.name)
        let readOnly = try copier.run(copy)
        #expect(readOnly.status == 3 && readOnly.stderr.contains("lets the role \"advice_copier\" read it but not change it"),
                "\(readOnly.stderr)")
        try database.server.psql(try #require(PastedCommand.quoted(startingWith: "GRANT INSERT", in: readOnly.stderr)),
                                 database: database.name)
        let copied = try copier.run(copy)
        #expect(copied.status == 0, "\(copied.stderr)")
    }

    @Test("a copy into a database the server lacks advises createdb and the copy again (before: createdb and store init); run, it copies")
    func copyIntoAMissingDatabase() throws {
        let database = try Database(.uri)
        let file = StorefrontProcess(ledger: database.folder + "/history.jsonl")
        #expect(try file.run(["buy", "com.example.rage.face.random"]).status == 0)
        let missing = database.name + "_copy"
        let target = "postgresql://\(ThrowawayPostgres.superuser)@127.0.0.1:\(database.server.port)/\(missing)"
        let refused = try database.cli.run(["store", "copy", "--from", file.ledger, "--to", target])
        #expect(refused.status == 3 && refused.stderr.contains("names a database the server does not have (\(missing)), so nothing was copied")
                    && refused.stderr.contains("then run this copy again") && !refused.stderr.contains("store init"), "\(refused.stderr)")
        let create = try #require(PastedCommand.quoted(startingWith: "createdb", in: refused.stderr), "\(refused.stderr)")
        try database.server.psql("CREATE DATABASE \"\(missing)\"")
        #expect(create.hasSuffix(" \(missing)"), "\(create)")
        #expect(try database.cli.run(["store", "copy", "--from", file.ledger, "--to", target]).status == 0)
    }

    @Test("a copy that fails after making the target's key says it made it and kept it (before: nothing, and the next copy said nothing either)")
    func failedCopyTellsOfTheKeyItMade() throws {
        let database = try Database(.uri)
        // A store with its tables but no header or key yet, whose rows the server refuses.
        #expect(try database.cli.run(["store", "init"]).status == 0)
        let key = database.folder + "/team.key"
        try FileManager.default.removeItem(atPath: key)
        try database.server.psql("""
            ALTER TABLE storefront_header DISABLE TRIGGER ALL; DELETE FROM storefront_header; ALTER TABLE storefront_header ENABLE TRIGGER ALL;
            CREATE FUNCTION refuse_rows() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no rows today'; END $$;
            CREATE TRIGGER refuse_rows BEFORE INSERT ON storefront_events FOR EACH ROW EXECUTE FUNCTION refuse_rows()
            """, database: database.name)
        let file = StorefrontProcess(ledger: database.folder + "/history.jsonl")
        #expect(try file.run(["buy", "com.example.rage.face.random"]).status == 0)
        let failed = try database.cli.run(["store", "copy", "--from", file.ledger, "--to", database.address()])
        #expect(failed.status != 0 && failed.stderr.contains("no rows today"), "\(failed.stderr)")
        #expect(failed.stderr.contains("the copy made the store's key \(key) before it failed; it is kept"), "\(failed.stderr)")
        #expect(FileManager.default.fileExists(atPath: key))
    }

    @Test("a key that appears while the copy waits for the writer lock (a teammate's, another process's) is not said to be made by the copy (before: 'made the store's key')")
    func keyMadeMeanwhileIsNotClaimed() throws {
        let database = try Database(.uri)
        let key = database.folder + "/team.key"
        // A key of another store, put where this one's key goes once the copy has begun.
        let other = try Database(.uri)
        #expect(try other.cli.run(["store", "init"]).status == 0)
        let file = StorefrontProcess(ledger: database.folder + "/history.jsonl")
        #expect(try file.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try database.server.session(database: database.name)
        defer { session.close() }
        try session.run("SELECT pg_advisory_lock(\(LockHolding.writerLockKey))")
        let copying = try database.cli.start(["store", "copy", "--from", file.ledger, "--to", database.address()])
        try Polling.until {
            (try? database.server.psql(LockHolding.waitersQuery(database.name)))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
        }
        try FileManager.default.copyItem(atPath: other.folder + "/team.key", toPath: key)
        try session.run("SELECT pg_advisory_unlock(\(LockHolding.writerLockKey))")
        let copied = copying.wait()
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(!copied.stdout.contains("made the store's key") && !copied.stderr.contains("made the store's key"),
                "\(copied.stdout)\(copied.stderr)")
        #expect(copied.stdout.contains("signed the copied events with the store's key \(key)"), "\(copied.stdout)")
    }

    @Test("a commit cut off after it was sent is looked up on a new connection: not recorded, it says so, and run again it buys once",
          arguments: Spelling.allCases)
    func cutOffCommitIsLookedUp(spelling: Spelling) throws {
        let database = try Database(spelling)
        let account = "Ann O'Neil"
        let balance = {
            (try database.cli.run(["entitlements", "--json", "--account", account]).json()?["credits"] as? [String: Int])?["rage-faces"]
        }
        #expect(try database.cli.run(["buy", "com.example.rage.face.random", "--account", account]).status == 0)
        // The server ends the session while it inserts the row, after the COMMIT was sent with it.
        try database.server.psql("""
            CREATE FUNCTION cut_off() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$;
            CREATE TRIGGER cut_off AFTER INSERT ON storefront_events FOR EACH ROW EXECUTE FUNCTION cut_off()
            """, database: database.name)
        let cutOff = try database.cli.run(["buy", "com.example.rage.face.random", "--account", account])
        #expect(cutOff.status == 3 && cutOff.stderr.contains("while this change was being committed; looked up again on a new "
            + "connection once that session had ended on the server, none of it was recorded. Run the command again"),
                "\(cutOff.stderr)")
        #expect(!cutOff.stderr.contains("may or may not") && !cutOff.stderr.contains("look before"), "\(cutOff.stderr)")
        try database.server.psql("DROP TRIGGER cut_off ON storefront_events", database: database.name)
        #expect(try balance() == 5, "the cut-off purchase was not recorded")
        #expect(try database.cli.run(["buy", "com.example.rage.face.random", "--account", account]).status == 0)
        #expect(try balance() == 10, "run again, it bought once")
    }

    @Test("a commit whose connection is gone before it is sent says none of it was recorded, and nothing was")
    func commitNotSentSaysNothingWasRecorded() throws {
        let database = try Database(.uri)
        // A store without events yet is committed to in two round trips (nothing read to bet
        // on), the first of which reads the schema version holding the writer lock (the
        // opening reads it without): ending the session there leaves the COMMIT unsent.
        #expect(try database.cli.run(["store", "init"]).status == 0)
        try database.server.psql("""
            CREATE FUNCTION cut_early() RETURNS boolean LANGUAGE plpgsql AS $$
            BEGIN
                IF EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()) THEN
                    PERFORM pg_terminate_backend(pg_backend_pid());
                END IF;
                RETURN true;
            END $$;
            ALTER TABLE storefront_schema_version RENAME TO storefront_schema_version_kept;
            CREATE VIEW storefront_schema_version AS SELECT version, migrated_at FROM storefront_schema_version_kept
                WHERE cut_early()
            """, database: database.name)
        let refused = try database.cli.run(["buy", "com.example.rage.face.random"])
        #expect(refused.status == 3 && refused.stderr.contains("this change was not sent to it, so none of it was recorded"),
                "\(refused.stderr)")
        try database.server.psql("DROP VIEW storefront_schema_version; "
            + "ALTER TABLE storefront_schema_version_kept RENAME TO storefront_schema_version", database: database.name)
        #expect(try database.server.psql("SELECT count(*) FROM storefront_events", database: database.name)
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "0", "nothing recorded")
    }

    @Test("a session the server keeps read-only: the refusal names where the setting comes from, and its statement, run as printed, ends it",
          arguments: ["role", "database", "role in database"])
    func readOnlySessionIsToldWhatTurnsItOff(setFor: String) throws {
        let database = try Database(.uri)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let role = "advice_standby"
        let quotedDatabase = "\"\(database.name)\""
        let setting = switch setFor {
        case "role": "ALTER ROLE \(role) SET default_transaction_read_only = on"
        case "database": "ALTER DATABASE \(quotedDatabase) SET default_transaction_read_only = on"
        default: "ALTER ROLE \(role) IN DATABASE \(quotedDatabase) SET default_transaction_read_only = on"
        }
        try database.server.psql("DO $$ BEGIN CREATE ROLE \(role) LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role); GRANT INSERT ON storefront_events TO \(role); "
            + "ALTER ROLE \(role) RESET ALL; ALTER ROLE \(role) IN DATABASE \(quotedDatabase) RESET ALL; " + setting,
                                 database: database.name)
        var standby = database.cli
        standby.storeArguments = ["--store", database.address(user: role)]
        let refused = try standby.run(["buy", "com.example.rage.face.random"])
        let named = switch setFor {
        case "role": "is on for the role \"\(role)\": "
        case "database": "is on for the database \"\(database.name)\": "
        default: "is on for the role \"\(role)\" in the database \"\(database.name)\": "
        }
        #expect(refused.status == 3 && refused.stderr.contains("runs this session read-only")
                    && refused.stderr.contains("no grant changes that") && refused.stderr.contains(named)
                    && !refused.stderr.contains("GRANT"), "\(refused.stderr)")
        let statement = try #require(PastedCommand.quoted(startingWith: "BEGIN READ WRITE;", in: refused.stderr), "\(refused.stderr)")
        #expect(try standby.run(["verify"]).status == 0)
        // Run as printed by the owner on the same database, which a database-wide setting makes read-only too.
        try database.server.psql(statement, database: database.name)
        let bought = try standby.run(["buy", "com.example.rage.face.random"])
        #expect(bought.status == 0, "\(bought.stderr)")
    }
}

extension PostgresAdviceCLITests {
    @Test("verify's head advises verify --expect-sequence on the same store; pasted, it checks that store",
          arguments: Spelling.allCases)
    func headAdvisesTheSameStore(spelling: Spelling) throws {
        let database = try Database(spelling)
        #expect(try database.cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let verified = try database.cli.run(["verify"])
        #expect(verified.status == 0, "\(verified.stderr)")
        let head = try #require(try database.cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self).headMac)
        let again = try Self.pastedVerify(from: verified.stdout,
                                          advising: database.advice("verify --expect-sequence 1 --expect-mac \(head)", shown: database.shown()),
                                          as: database.cli)
        #expect(again?.status == 0 && again?.stdout.contains("\(database.shown()): intact, 1 event") == true,
                "\(again?.stdout ?? "")\(again?.stderr ?? "")")

        var viaVariable = database.cli
        viaVariable.storeArguments = []
        viaVariable.environment["STOREFRONT_STORE"] = database.address()
        let verifiedViaVariable = try viaVariable.run(["verify"])
        #expect(verifiedViaVariable.stdout.contains("check later with `storefront verify --expect-sequence 1 --expect-mac \(head)`\n"),
                "\(verifiedViaVariable.stdout)")
    }

    @Test("a database that does not exist: says so and advises createdb, with the address's settings of how to connect and the password's source said once; pasted with store init, the store works",
          arguments: Spelling.allCases)
    func missingDatabase(spelling: Spelling) throws {
        var database = try Database(spelling)
        let missing = database.name + "_missing"
        let settings = spelling == .uri ? "?sslmode=disable&connect_timeout=7" : " sslmode=disable connect_timeout=7"
        database.cli.storeArguments = ["--store", database.address().replacingOccurrences(of: database.name, with: missing) + settings]
        let failed = try database.cli.run(["entitlements"])
        #expect(failed.status == 3, "\(failed.stderr)")
        #expect(failed.stderr.contains("has no database \"\(missing)\", so nothing was read or written"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("check that the server runs") && !failed.stderr.contains("s3cret"), "\(failed.stderr)")
        #expect(failed.stderr.components(separatedBy: "PGPASSWORD").count == 2, "the password's source is said once: \(failed.stderr)")
        let create = try #require(PastedCommand.quoted(containing: "createdb", in: failed.stderr), "\(failed.stderr)")
        #expect(create.hasPrefix("PGCONNECT_TIMEOUT=7 PGSSLMODE=disable createdb "), "\(create)")
        #expect(try PastedCommand.run(create, as: database.cli).status == 0)
        let initialize = try #require(PastedCommand.quoted(startingWith: "storefront store init", in: failed.stderr))
        let initialized = try PastedCommand.run(initialize, as: database.cli)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        #expect(try database.cli.run(["entitlements"]).status == 0)
    }
}

extension PostgresAdviceCLITests {
    @Test("advice that names no store itself names the one given with --store; pasted, it changes that store (before: it made and changed a new file of the default)",
          arguments: Spelling.allCases)
    func adviceNamesTheStoreGivenWithStore(spelling: Spelling) throws {
        let database = try Database(spelling)
        #expect(try database.cli.run(["settings", "set", "purchases-allowed", "false"]).status == 0)
        let refused = try database.cli.run(["buy", "com.example.rage.noads"])
        #expect(refused.status == 1 && !refused.stderr.contains("s3cret"), "\(refused.stderr)")
        let allow = try #require(PastedCommand.quoted(containing: "purchases-allowed true", in: refused.stderr), "\(refused.stderr)")
        #expect(allow == "storefront --store \(ShellWord.quoted(database.shown())) settings set purchases-allowed true", "\(allow)")
        #expect(refused.stderr.contains("purchases-allowed true` (with the password from PGPASSWORD or ~/.pgpass, where libpq reads it)"),
                "the address was given with a password: \(refused.stderr)")
        var pasting = database.cli
        pasting.storeArguments = []
        #expect(try PastedCommand.run(allow, as: pasting).status == 0)
        let bought = try database.cli.run(["buy", "com.example.rage.noads"])
        #expect(bought.status == 0, "the pasted setting changed the store the advice was about: \(bought.stderr)")
    }
}
