import Foundation
import StoreEngine
import StoreLedger
import StorePostgres
import StorefrontText
import StorefrontTesting
import Testing

/// The commands that messages about a PostgreSQL store advise, read as a shell reads them: the
/// same store follows `--store`, quoted when it must be, and a password never does.
@Suite("PostgreSQL store: advised commands, word by word")
struct PostgresAdviceWordsTests {
    /// A URI with a password, and a keyword string whose socket folder and database hold
    /// spaces (and the database a quote), with a password too.
    static let givenAddresses = [
        "postgresql://alice:s3cret@db.example:5433/shop",
        "host='/tmp/team room' port=5499 user=qa password=s3cret dbname='o\\'neil shop'",
    ]

    /// Each message that advises a command about `store`, with the arguments it advises.
    static func advice(about store: ShownStoreAddress) -> [(situation: String, message: String, arguments: [String])] {
        let keyPath = "/home/qa/.config/storefront/stores/db.key"
        return [
            ("damaged database, refused change", StoreDamaged(store: store, problems: [.tampered(line: 3)]).description, ["verify"]),
            ("damaged database, warning", CommandLineText.Stores.damaged(store, problems: 1, firstBadSeq: 2, firstProblem: "row seq 2"),
             ["verify"]),
            ("damaged database, banner", StorefrontScreenText.databaseProblem(store, problem: "row seq 2", more: 0), ["verify"]),
            ("damaged source of a copy", CommandLineText.Stores.copySourceDamaged(store, problems: [.tampered(line: 3)]), ["verify"]),
            ("copy cut off after it was sent", CommandLineText.Stores.copyCutOff(into: store, reason: "server closed the connection"),
             ["verify"]),
            ("repair asked of a database", CommandLineText.Files.noRepairForDatabase(store), ["verify"]),
            ("missing key, refused change", StoreDamaged(store: store, problems: [.keyMissing(keyPath: keyPath)]).description, ["verify"]),
            ("missing key, warning", CommandLineText.Stores.damaged(store, problems: 1, firstBadSeq: 0, firstProblem: "no key"), ["verify"]),
            ("missing key, certificate", CommandLineText.Files.noStoreKeyForAuthority(store: store, keyPath: keyPath), ["store", "init"]),
            ("unreachable server, opening", PostgresStoreError.unreachable(store: store, reason: "Connection refused").description, ["verify"]),
            ("unreachable server, commit", StoreUnreachable(store: store, reason: "server closed the connection").description,
             ["transactions"]),
            ("unreachable server, commit, balances", StoreUnreachable(store: store, reason: "server closed the connection").description,
             ["entitlements"]),
            ("commit cut off after it was sent", StoreUnreachable(store: store, reason: "server closed the connection",
                                                                  change: .cutOff(account: "ann", transactionIds: ["2000000007"]))
                .description, ["transactions", "--account", "ann"]),
            ("commit cut off after it was sent, balances", StoreUnreachable(store: store, reason: "server closed the connection",
                                                                  change: .cutOff(account: "ann", transactionIds: []))
                .description, ["entitlements", "--account", "ann"]),
            ("read-only role", PostgresStoreError.readOnlyRole(store: store, reason: "permission denied for table storefront_events", role: "viewer")
                .description, ["verify"]),
            ("read-only session", PostgresStoreError.readOnlyServer(store: store, reason: "cannot execute INSERT in a read-only transaction",
                                                                    role: "viewer").description, ["verify"]),
            ("no store yet", PostgresStoreError.noStore(store: store).description, ["store", "init"]),
            ("older schema", PostgresStoreError.olderSchema(store: store, found: 1, supported: 2).description, ["store", "migrate"]),
        ]
    }

    /// The backquoted command in `message` that starts `storefront ARGUMENTS`.
    static func advised(_ arguments: [String], in message: String) -> String? {
        PastedCommand.quoted(startingWith: "storefront " + arguments.joined(separator: " "), in: message)
    }

    /// The arguments `/bin/sh` passes to `storefront` when it runs `command` as written.
    static func arguments(of command: String) throws -> [String] {
        try PastedCommand.arguments(passedTo: "storefront", by: command)
    }

    @Test("given with --store: each message advises --store and the shown address, which the shell passes whole, naming the same store; no password, its source named",
          arguments: givenAddresses)
    func adviceNamesTheStore(given: String) throws {
        let address = try PostgresAddress(given)
        for (situation, message, arguments) in Self.advice(about: address.shown) {
            let command = try #require(Self.advised(arguments, in: message), "\(situation): \(message)")
            #expect(command.contains(" --store "), "\(situation): \(command)")
            let passed = try Self.arguments(of: command)
            #expect(passed == arguments + ["--store", address.display], "\(situation): \(command) passes \(passed)")
            #expect(try PostgresAddress(passed.last ?? "").storeName == address.storeName, "\(situation): the same key file")
            #expect(message.contains(command + "` (with the password from PGPASSWORD or ~/.pgpass, where libpq reads it)"),
                    "\(situation): \(message)")
            #expect(!message.contains("s3cret") && !message.contains("--store URL"), "\(situation): \(message)")
        }
    }

    @Test("a session ended by an administrator as it opened is not called an unreachable server or wrong credentials")
    func aSessionEndedAsItOpenedSaysToRunAgain() {
        let store = ShownStoreAddress("postgresql://team@db/shop")
        let said = PostgresStoreError.unreachable(
            store: store, reason: "FATAL:  terminating connection due to administrator command").description
        #expect(said.hasPrefix("the server of the store postgresql://team@db/shop ended this session as it was opened"))
        #expect(said.contains("Nothing was read or written") && said.hasSuffix("run the command again"))
        #expect(!said.contains("check that the server runs") && !said.contains("PGPASSWORD"))
    }

    @Test("a commit that could not be looked up names its transaction, and how to tell it from a later purchase that took its number")
    func cutOffUnknownSaysHowToTell() {
        let said = StoreUnreachable(store: ShownStoreAddress("postgresql://team@db/shop"), reason: "server closed the connection",
                                    change: .cutOff(account: "ann", transactionIds: ["2000000007"])).description
        #expect(said.contains("could not be asked again whether it was recorded as transaction 2000000007"), "\(said)")
        #expect(said.contains("a number that was not recorded goes to the next purchase, of any account"), "\(said)")
        #expect(said.contains("check that the line shows this change's product, device and time"), "\(said)")
        let notRecorded = StoreUnreachable(store: ShownStoreAddress("postgresql://team@db/shop"), reason: "server closed the connection",
                                           change: .notRecorded).description
        #expect(notRecorded.contains("none of it was recorded. Run the command again") && !notRecorded.contains("may"), "\(notRecorded)")
        let ended = StoreUnreachable(store: ShownStoreAddress("postgresql://team@db/shop"),
                                     reason: "terminating connection due to administrator command", change: .notSent).description
        #expect(ended.contains("none of it was recorded. That was an administrator's pg_terminate_backend")
            && !ended.contains("Check that the server is running"), "\(ended)")
        #expect(ended.components(separatedBy: "ended the session").count == 2, "said once: \(ended)")
        #expect(ended.hasPrefix("the server of the store at postgresql://team@db/shop ended the session "
            + "(terminating connection due to administrator command)") && !ended.contains("unreachable"), "\(ended)")
        #expect(ended.hasSuffix("(then wait until it is back): run the command again"), "\(ended)")
        // The storefront's alert is read where no command was typed.
        let inStorefront = StoreUnreachable(store: ShownStoreAddress("postgresql://team@db/shop"), reason: "connection refused",
                                            change: .notSent).described(for: .storefront)
        #expect(inStorefront.hasSuffix("Check that the server is running and reachable from here, then try again")
            && !inStorefront.contains("command"), "\(inStorefront)")
    }

    @Test("a commit cut off with no account of its own leaves the account to the advice's naming, with no note to add it (before: the --account and the note both)")
    func cutOffWithoutAccountNamesItOnce() {
        let store = ShownStoreAddress("postgresql://team@db/shop")
        for change in [StoreUnreachable.ChangeState.cutOff(account: nil, transactionIds: []), .unknown] {
            let said = StoreUnreachable(store: store, reason: "server closed the connection", change: change).description
            let named = StoreCommandText.naming([AdvisedOption("--account", "cut3")], in: said)
            #expect(named.contains("`storefront --account cut3 transactions"), "\(named)")
            #expect(!named.contains("add the --account"), "\(named)")
        }
    }

    @Test("a server without SSL where sslmode requires it: the advice is about sslmode, not whether the server runs")
    func sslRequiredOfAServerWithout() {
        let said = PostgresStoreError.unreachable(store: ShownStoreAddress("postgresql://team@db/shop"),
                                                  reason: "server does not support SSL, but SSL was required").description
        #expect(said.contains("takes no SSL, which sslmode (in the address, or PGSSLMODE) requires: set sslmode=prefer or "
            + "disable") && !said.contains("check that the server runs"), "\(said)")
    }

    @Test("a server starting up, recovering or shutting down: the advice is to wait, not to check the address or password")
    func serverStartingUp() {
        let store = ShownStoreAddress("postgresql://team@db/shop")
        let said = PostgresStoreError.unreachable(store: store, reason: "FATAL:  the database system is starting up").description
        #expect(said.contains("does not take sessions now") && said.contains("wait until it is up"), "\(said)")
        #expect(!said.contains("address, user and password"), "\(said)")
        let lost = StoreUnreachable(store: store, reason: "FATAL:  the database system is shutting down", change: .notSent).description
        #expect(lost.contains("The server is starting up, recovering or shutting down: wait until it is up")
            && !lost.contains("Check that the server is running"), "\(lost)")
    }

    @Test("a password the server asked for and none was given is the user's to fix, not an unreachable server")
    func noPasswordSuppliedIsNotUnreachable() {
        let store = ShownStoreAddress("postgresql://team@db/shop")
        let said = PostgresStoreError.unreachable(store: store, reason: "fe_sendauth: no password supplied").description
        #expect(said.hasPrefix("cannot connect to the store postgresql://team@db/shop: fe_sendauth: no password supplied"), "\(said)")
        #expect(said.contains("The server refused this user's password") && said.contains("PGPASSWORD"), "\(said)")
        #expect(!said.contains("cannot reach") && !said.contains("createuser"), "\(said)")
        let inAddress = PostgresStoreError.unreachable(store: ShownStoreAddress("postgresql://team@db/shop", passwordLeftOut: true),
                                                       reason: "password authentication failed for user \"team\"").description
        #expect(inAddress.contains("the one the address holds, which libpq uses before PGPASSWORD and ~/.pgpass, is wrong"), "\(inAddress)")
    }

    @Test("the keyword string's address is quoted as a POSIX shell needs it")
    func keywordAddressIsQuoted() throws {
        let address = try PostgresAddress(Self.givenAddresses[1])
        let message = StoreDamaged(store: address.shown, problems: [.tampered(line: 3)]).description
        #expect(message.contains(#"`storefront verify --store 'postgresql://qa@:5499/o'\''neil shop?host=/tmp/team room'`"#), "\(message)")
        let plain = try PostgresAddress("postgresql://alice@db.example:5433/shop")
        let unquoted = StoreDamaged(store: plain.shown, problems: [.tampered(line: 3)]).description
        #expect(unquoted.contains("`storefront verify --store postgresql://alice@db.example:5433/shop` lists the bad rows"), "\(unquoted)")
    }

    @Test("named by STOREFRONT_STORE: the advice leaves --store and the password's source out, as the variable names the store again",
          arguments: givenAddresses)
    func adviceFromTheVariable(given: String) throws {
        let address = try PostgresAddress(given, namedByEnvironment: true)
        for (situation, message, arguments) in Self.advice(about: address.shown) {
            let command = try #require(Self.advised(arguments, in: message), "\(situation): \(message)")
            #expect(try Self.arguments(of: command) == arguments, "\(situation): \(command)")
            #expect(!message.contains("--store") && !message.contains("PGPASSWORD or ~/.pgpass, where"), "\(situation): \(message)")
        }
    }
}
