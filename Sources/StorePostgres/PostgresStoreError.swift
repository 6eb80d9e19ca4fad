import StoreEngine
import StorefrontText
import StoreLedger

/// Why a store on PostgreSQL could not be opened, read or written, in words that say what to do.
///
/// Every message names the store by its address without the password (`PostgresAddress.display`),
/// and the commands it advises name it the same way (`StoreCommandText`).
public enum PostgresStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address is neither a PostgreSQL URI nor a libpq keyword string libpq accepts, or
    /// holds a setting libpq would refuse when connecting (a port that is no port number).
    case invalidAddress(reason: String)
    /// The server could not be reached, or the connection broke; nothing was written.
    case unreachable(store: ShownStoreAddress, reason: String)
    /// The server answered that the address's database does not exist; `server` is where it
    /// answered, for the command that creates it.
    case noDatabase(store: ShownStoreAddress, database: String, server: ServerAddress)
    /// The address names no database, which has libpq connect to the one named after the role
    /// (`postgres`, the server's own, for the superuser), and that database holds no store: a
    /// new one is not made there on a guess.
    case databaseNotNamed(store: ShownStoreAddress, database: String)
    /// The server refused a setting the session asked for on connecting (`options=-c …` in the
    /// address, or `PGOPTIONS`): it answered, and will refuse it again until it is corrected.
    case settingRefused(store: ShownStoreAddress, reason: String)
    /// The server refused a statement.
    case statementFailed(store: ShownStoreAddress, sqlState: String, message: String)
    /// The server refused `role` a statement for its privileges (SQLSTATE 42501): reading
    /// takes SELECT on the store's tables, changing it INSERT on its events too.
    case readOnlyRole(store: ShownStoreAddress, reason: String, role: String)
    /// The server refused `role` the INSERT of a change into a store it could read: it may
    /// read but not change the store.
    case insertRefused(store: ShownStoreAddress, reason: String, role: String)
    /// The server lets this session run only read-only transactions (SQLSTATE 25006): a
    /// standby, or `default_transaction_read_only` set for the role or database. No grant helps.
    case readOnlyServer(store: ShownStoreAddress, reason: String, role: String, cause: String? = nil)
    /// The role may not make the store's tables (a new store, or a schema to migrate): that
    /// takes CREATE on the schema, which the database's owner has.
    case tablesRefused(store: ShownStoreAddress, reason: String, role: String)
    /// The database holds a newer schema than this build knows.
    case newerSchema(store: ShownStoreAddress, found: Int, supported: Int)
    /// The database holds an older schema, which `storefront store migrate` upgrades.
    case olderSchema(store: ShownStoreAddress, found: Int, supported: Int)
    /// The database has no store tables yet.
    case noStore(store: ShownStoreAddress, namesDatabase: Bool = true)
    /// The session's `search_path` finds no store, but the database holds one in `schemas`
    /// (quoted identifiers, joined by ", "): a default `search_path` of the role or database
    /// leads elsewhere. `setBy` is where the server took the setting from (`pg_settings.source`).
    /// `missingWouldGoTo`: the store is in sight but lacks a table, which this session would
    /// make in that other schema.
    case storeOutOfSight(store: ShownStoreAddress, schemas: String, searchPath: String, setBy: String, role: String, database: String,
                         missingWouldGoTo: String? = nil)
    /// The session's `search_path` finds the store's tables in more than one schema: a relation
    /// named like one of them in a schema that comes earlier hides the store's own.
    /// `placement` says which tables it finds where; nothing was read or written.
    /// `pathFindingTheStore`: the `search_path` with the schema holding most of the tables first.
    case storeTablesApart(store: ShownStoreAddress, placement: String, searchPath: String, role: String = "", database: String = "",
                          pathFindingTheStore: String = "")
    /// The database has store tables but not the record of their schema version, so which
    /// schema they are cannot be told; `likelyVersion` is what the tables look like.
    /// `found`: which of the store's tables the session finds, and in which schema.
    case incompleteSchema(store: ShownStoreAddress, missing: String, likelyVersion: Int, found: String = "")
    /// The session finds relations named like the store's tables (`found`: which, in which
    /// schema) but no version record and no events and header tables with their lines: they
    /// are not a store's, and nothing is read, written or made beside them.
    case notAStore(store: ShownStoreAddress, found: String)
    /// The store's schema is there, but a table it reads is not (dropped by hand): `reason` is
    /// the server's words naming it.
    case tableMissing(store: ShownStoreAddress, reason: String)
    /// A copy was refused because its target already holds events.
    case targetNotEmpty(store: ShownStoreAddress, events: Int)
    /// Another session held a lock the statement needed for longer than `lock_timeout`; the
    /// transaction was rolled back. `holders`: the sessions the wait's notice named, if any.
    case lockTimeout(store: ShownStoreAddress, milliseconds: Int, holders: String? = nil)
    /// A read waited `milliseconds` (`lock_timeout`, or a storefront's shorter wait) behind
    /// another session's lock on the store's tables (a `LOCK TABLE` in ACCESS EXCLUSIVE mode, a
    /// schema change under way), and gave up; `isLockTimeout` when the wait was `lock_timeout`.
    case readLockTimeout(store: ShownStoreAddress, milliseconds: Int, isLockTimeout: Bool, holders: String? = nil)
    /// A new store's key would be made at `keyPath` while a key sits at `formerKeyPath`, the
    /// name earlier versions gave it and perhaps other databases too.
    case keyUnderFormerName(store: ShownStoreAddress, keyPath: String, formerKeyPath: String)
    /// The gapless trigger refused a commit's first row: the table's last `seq` is `lastRow`
    /// though the last event read, every line verified, is `lastEvent`, so a row's `seq` was
    /// changed by hand.
    case rowsOutOfStep(store: ShownStoreAddress, lastEvent: Int, lastRow: Int)

    /// Whether libpq's reason for a failed connection is a connection limit reached (the server's
    /// English words, as for a missing database: libpq gives no SQLSTATE for a failed connection).
    static func namesAConnectionLimit(_ reason: String) -> Bool {
        StoreUnreachable.namesConnectionLimit(reason)
    }

    /// Whether libpq's reason says nothing answered at the address: a TCP port nobody listens
    /// on, or a unix socket that is not there (libpq's words, in English).
    static func namesNoServerListening(_ reason: String) -> Bool {
        StoreUnreachable.namesNoServerListening(reason)
    }

    /// Whether waiting alone may mend this failure (see `StoreUnreachable.passesWithWaiting`).
    public var passesWithWaiting: Bool {
        guard case .unreachable(_, let reason) = self else { return false }
        return StoreUnreachable.passesWithWaiting(reason)
    }

    /// Whether libpq's reason is the server saying the role does not exist (in English).
    static func namesAMissingRole(_ reason: String) -> Bool {
        reason.contains("role \"") && reason.contains("\" does not exist")
    }

    public var description: String { words(advisingVerify: true) }

    /// The message, where advice to run `storefront verify` is left out when `advisingVerify`
    /// is false: `verify`'s own failure would otherwise advise itself.
    public func words(advisingVerify: Bool) -> String {
        /// What a failed connection adds, unless `verify` itself failed.
        func verifyAdvice(_ store: ShownStoreAddress) -> String {
            advisingVerify ? "; \(StoreCommandText.command("verify", on: store)) tells whether the store can be read, without changing it" : ""
        }
        return switch self {
        case .invalidAddress(let reason):
            "the store address cannot be used: \(Self.sentence(reason)) \(CommandLineText.Stores.addressForms)."
        case .unreachable(let store, let reason) where Self.namesAConnectionLimit(reason):
            "cannot connect to the store \(store): \(Self.sentence(reason)) Nothing was read or written. The server, the database or this "
                + "role allows no more connections: close sessions that are not needed (a storefront holds three, storefront "
                + "serve four for each app it serves, a command one while it runs) or raise the limit (the "
                + "role's or the database's CONNECTION LIMIT, the server's max_connections), then try again"
        case .unreachable(let store, let reason) where Self.namesAMissingRole(reason):
            "cannot connect to the store \(store): \(Self.sentence(reason)) Nothing was read or written. The server answered, but not for "
                + "this user, which it does not know: correct the user in the address, or have an administrator create the role "
                + "(`createuser`), then try again"
        case .unreachable(let store, let reason) where StoreUnreachable.namesRefusedPassword(reason) && store.passwordLeftOut:
            "cannot connect to the store \(store): \(Self.sentence(reason)) Nothing was read or written. The server refused this user's "
                + "password: the one the address holds, which libpq uses before PGPASSWORD and ~/.pgpass, is wrong. Correct it "
                + "there, or leave it out of the address and set it in PGPASSWORD or ~/.pgpass, then try again"
        case .unreachable(let store, let reason) where StoreUnreachable.namesRefusedPassword(reason) && store.passwordFromService != nil:
            "cannot connect to the store \(store): \(Self.sentence(reason)) Nothing was read or written. The server refused this user's "
                + "password: the one the section [\(store.passwordFromService ?? "")] of the connection service file sets, which libpq "
                + "uses before PGPASSWORD and ~/.pgpass, is wrong. Correct it there, then try again"
        case .unreachable(let store, let reason) where StoreUnreachable.namesRefusedPassword(reason):
            "cannot connect to the store \(store): \(Self.sentence(reason)) Nothing was read or written. The server refused this user's "
                + "password: the one libpq took from PGPASSWORD or ~/.pgpass (it names the file when it read one) is wrong, or "
                + "there was none. Set the right one there (or correct the user in the address), then try again"
        case .unreachable(let store, let reason) where reason.contains("does not support SSL, but SSL was required"):
            "cannot connect to the store \(store): \(Self.sentence(reason)) Nothing was read or written. The server answered, but "
                + "takes no SSL, which sslmode (in the address, or PGSSLMODE) requires: set sslmode=prefer or disable to connect "
                + "without it, or turn ssl on at the server, then try again"
        case .unreachable(let store, let reason) where StoreUnreachable.namesServerStartingOrStopping(reason):
            "the server of the store \(store) does not take sessions now: \(Self.sentence(reason)) Nothing was read or written. It is "
                + "starting up, recovering after a crash or shutting down: wait until it is up (pg_isready tells), then try again"
        case .unreachable(let store, let reason) where reason.contains("terminating connection due to administrator command"):
            "the server of the store \(store) ended this session as it was opened: \(Self.sentence(reason)) Nothing was "
                + "read or written. The server was reached; an administrator ended the session (pg_terminate_backend) or the server is "
                + "shutting down: run the command again"
        case .unreachable(let store, let reason) where Self.namesNoServerListening(reason):
            "cannot reach the store \(store): \(Self.sentence(reason)) Nothing was read or written. No server listens there: "
                + "check that it runs (pg_isready tells) and the host and port in the address, then try again" + verifyAdvice(store)
        case .unreachable(let store, let reason) where ["is not permitted to log in", "permission denied for database",
                                                        "is not currently accepting connections"].contains(where: reason.contains):
            // The server answered and refused this role or database: whether it runs is not in question.
            "the server of the store \(store) refused this session: \(Self.sentence(reason)) Nothing was read or written. The "
                + "role may not log in or connect to this database, or the database takes no connections now: an administrator "
                + "grants LOGIN (ALTER ROLE … LOGIN) or CONNECT (GRANT CONNECT ON DATABASE …), or allows connections again "
                + "(ALTER DATABASE … ALLOW_CONNECTIONS true), then try again"
        case .unreachable(let store, let reason) where reason.contains("server closed the connection unexpectedly"):
            // The server took the connection and then dropped it: no user or password explains that.
            "cannot reach the store \(store): \(Self.sentence(reason)) Nothing was read or written. The server was reached and "
                + "closed the connection at once: it stopped or crashed meanwhile, or is restarting; check that it runs (pg_isready "
                + "tells) and its log, then try again" + verifyAdvice(store)
        case .unreachable(let store, let reason) where reason.contains("timeout expired"):
            // Nothing answered within connect_timeout: no user or password explains that.
            "cannot reach the store \(store): \(Self.sentence(reason)) Nothing was read or written. No PostgreSQL server "
                + "answered within connect_timeout: packets to the host may be dropped (a firewall), or another program (a proxy) "
                + "took the connection; check the host and port in the address and that the server runs and is not overloaded "
                + "(pg_isready tells), then try again" + verifyAdvice(store)
        case .unreachable(let store, let reason):
            "cannot reach the store \(store): \(Self.sentence(reason)) Nothing was read or written; check that the server runs and the "
                + "address, user and password (PGPASSWORD or ~/.pgpass) are right, then try again" + verifyAdvice(store)
        case .settingRefused(let store, let reason):
            "the server of the store \(store) refused a setting this session asked for (\(reason)), so nothing was read or "
                + "written. Correct or remove it where it is given: `options=-c NAME=VALUE` in the address, the PGOPTIONS "
                + "environment variable, or the role's or database's own settings (ALTER ROLE … SET)"
        case .databaseNotNamed(let store, let database):
            "the store address gives no database, so libpq connected to \(Self.quoted(database)), the one named after the "
                + "role (\(store)), which holds no store; nothing was written, and no store is made in a database the address "
                + "does not name. Add the database to the address (postgresql://…/DBNAME, or dbname=DBNAME) or set PGDATABASE"
        case .noDatabase(let store, let database, let server):
            "the server of the store \(store) has no database \(Self.quoted(database)), so nothing was read or written. Create it "
                + "with \(StoreCommandText.createDatabaseThenInit(database, host: server.host, port: server.port, user: server.user, store: store)); "
                + "or, if the store is in another database, correct the name in the address"
        case .rowsOutOfStep(let store, let lastEvent, let lastRow):
            "the store \(store) refused this change, and nothing was written: its last row is numbered seq \(lastRow), "
                + "though the last event in it is number \(lastEvent) and every event verifies, so a row's seq was changed by "
                + "hand with the triggers bypassed. \(StoreCommandText.command("verify", on: store)) names the event whose row "
                + "it is; `storefront store copy` this store into an empty database, which numbers the rows from their lines "
                + "again, or restore the database from a backup"
        // query_canceled: a statement_timeout ran out, or another session cancelled it.
        case .statementFailed(let store, "57014", let message):
            "the server of the store \(store) cancelled a statement (SQLSTATE 57014: \(message)); nothing was written, as a change "
                + "is one transaction, and nothing read is shown. Where a `statement_timeout` cut it short (set "
                + "in the address's options, in PGOPTIONS, or for the role or database with ALTER ROLE … SET or ALTER DATABASE "
                + "… SET), raise it or set it to 0 for this store; then try again"
        case .statementFailed(let store, let sqlState, let message):
            "the store \(store) refused a statement (SQLSTATE \(sqlState)): \(message)"
        case .readOnlyRole(let store, let reason, let role):
            // What mends it first, so a banner cut short still shows the statement to run.
            "the role \(Self.quotedIdentifier(role)) may not read the store: have the owner of its tables (or a superuser) run "
                + "`\(Self.grantReading(to: role))` in psql (and `\(Self.grantWriting(to: role))` for a role that may change "
                + "the store), or use a role that has them (the store is \(store); the server said: \(reason)); nothing was "
                + "read or written. Then \(StoreCommandText.command("verify", on: store)) shows whether this role can read it"
        case .insertRefused(let store, let reason, let role):
            "the store \(store) lets the role \(Self.quotedIdentifier(role)) read it but not change it (\(reason)); nothing was "
                + "written. Have the owner of its tables (or a superuser) run `\(Self.grantWriting(to: role))` in psql, or use a role that may "
                + "change the store"
        case .readOnlyServer(let store, let reason, _, let cause?):
            "the store \(store) runs this session read-only (\(reason)); nothing was written, and no grant changes that: "
                + "\(cause). \(StoreCommandText.command("verify", on: store)) reads the store without changing it"
        case .readOnlyServer(let store, let reason, let role, nil):
            "the store \(store) runs this session read-only (\(reason)); nothing was written, and no grant changes that. "
                + "The server is a standby (use the primary server's address to change the store), or "
                + "default_transaction_read_only is on: for this session, by PGOPTIONS or options in the address (remove it "
                + "there), or for the role or the database (`SELECT source FROM pg_settings WHERE name = "
                + "'default_transaction_read_only'` in psql as this role tells which; the owner turns it off with `BEGIN READ "
                + "WRITE; ALTER ROLE \(Self.quotedIdentifier(role)) RESET default_transaction_read_only; COMMIT;`, or with "
                + "ALTER DATABASE in its place). \(StoreCommandText.command("verify", on: store)) reads the store without "
                + "changing it"
        case .tablesRefused(let store, let reason, let role):
            "the store \(store) refused the role \(Self.quotedIdentifier(role)) the making of its tables (\(reason)); nothing "
                + "was written. A store's tables are made by a role with CREATE on the database's schema, such as the database's "
                + "owner: have it run storefront's `store init` (a new store) or `store migrate` (an older or incomplete one) "
                + "with --store naming this database as that role, or run `GRANT CREATE ON SCHEMA "
                + "\(Self.refusedSchema(in: reason).map(Self.quotedIdentifier) ?? "public") TO \(Self.quotedIdentifier(role))` "
                + "in psql as the owner; once they exist, this role needs only `\(Self.grantReading(to: role))` to read the "
                + "store, and `\(Self.grantWriting(to: role))` to change it"
        case .newerSchema(let store, let found, let supported):
            "the store \(store) has schema version \(found), newer than this storefront knows (\(supported)); "
                + "use a newer storefront with it"
        case .olderSchema(let store, let found, let supported):
            "the store \(store) has schema version \(found), older than this storefront writes (\(supported)); "
                + "run \(StoreCommandText.command("store migrate", on: store)) to upgrade it"
        case .noStore(let store, false):
            "the store address gives no database, so libpq connected to the one named after the role (\(store)), which "
                + "holds no store. Name the database the store is in, or a new one for it, in the address "
                + "(postgresql://…/DBNAME, or dbname=DBNAME) or in PGDATABASE"
        case .noStore(let store, true):
            "\(store) holds no store yet; create one with \(StoreCommandText.command("store init", on: store)) (as a role "
                + "that may create tables there, such as the database's owner)"
        case .storeOutOfSight(let store, let schemas, let searchPath, let setBy, let role, let database, let missingWouldGoTo):
            "the store \(store) is in schema\(schemas.contains(", ") ? "s" : "") \(schemas) of its database, which the "
                + "search_path of this session (\(searchPath), \(Self.searchPathOrigin(setBy, role: role))) "
                + (missingWouldGoTo.map { "finds, but the table it lacks would be made in \($0), apart from the others" } ?? "does not find")
                + ", so nothing was read or written, and no second store is made beside it. Every role of the store must find its "
                + "tables first: \(Self.searchPathAdvice(setBy: setBy, role: role, database: database, schemas: schemas)), then try again"
        case .storeTablesApart(let store, let placement, let searchPath, let role, let database, let path):
            "the search_path of this session (\(searchPath)) finds the tables of the store \(store) in more than one "
                + "schema (\(placement)): a table, view or other relation named like one of the store's in a schema that comes earlier in the "
                + "search_path hides the store's own, so nothing was read or written. Rename or drop the one that is not the "
                + "store's, or have every role of the store find the store's schema first"
                + (path.isEmpty ? "" : " (for this role, `ALTER ROLE \(Self.quotedIdentifier(role)) IN DATABASE \(Self.quotedIdentifier(database)) "
                    + "SET search_path = \(path);` in psql, as a superuser)")
                + ", then try again"
        case .notAStore(let store, let found):
            "the database of the store \(store) holds relations named like a store's tables (\(found)), but they are no store: "
                + "it has no schema version, and no storefront_events and storefront_header tables with their lines. Nothing was "
                + "read or written, and nothing is made beside them: rename or drop them (they may belong to another program), "
                + "or give the store another database"
        case .tableMissing(let store, let reason) where reason.contains("\"storefront_header\""):
            // The header row signs every other: made again empty, the store's rows can never be verified.
            "the store \(store) lacks its table storefront_header (\(reason)), so nothing was read or written. Its header row "
                + "went with it, and without it none of the store's rows can be verified: restore the database from a backup, "
                + "or, for an empty store of the same name instead, drop the store's other tables and run "
                + StoreCommandText.command("store init", on: store) + ". A store that held no events yet is mended by "
                + StoreCommandText.command("store migrate", on: store)
        case .tableMissing(let store, let reason):
            "the store \(store) lacks one of its tables (\(reason)), so nothing was read or written. "
                + "\(StoreCommandText.command("store migrate", on: store)) makes it again, empty: restore the database from a "
                + "backup first if the rows it held are to be kept"
        case .incompleteSchema(let store, let missing, let likelyVersion, let found):
            "the store \(store) has storefront tables" + (found.isEmpty ? "" : " (\(found))") + " but lacks \(missing), so which "
                + "schema it holds cannot be told and nothing was read or written. "
                // Tables of a store's names with no version table at all may be another program's.
                + (found.isEmpty ? "If only that was lost" : "If those tables are not a store's (made for something else under "
                    + "those names), rename or drop them, or give the store another database. If they are and only that was lost")
                + " (they look like schema version \(likelyVersion)), put it back with psql: "
                + "`\(Self.versionRepair(missing: missing, version: likelyVersion))`; otherwise restore the database from a backup"
        case .targetNotEmpty(let store, let events):
            "\(store) already holds \(events) event\(events == 1 ? "" : "s"); copy only into an empty store"
        case .lockTimeout(let store, let milliseconds, let holders):
            "\(Self.whoHeld(holders)) held the lock of the store \(store) for more than \(CommandLineText.Report.lockWaitDuration(milliseconds)), so "
                + "nothing was written. \(Self.lockWaitAdvice)"
        case .readLockTimeout(let store, let milliseconds, let isLockTimeout, let holders):
            "\(Self.whoHeld(holders)) held a lock on the tables of the store \(store) for more than \(CommandLineText.Report.lockWaitDuration(milliseconds)) "
                + "(a LOCK TABLE, or a change to the tables under way), so the store could not be read; nothing was written. "
                + (isLockTimeout ? Self.lockWaitAdvice
                    : "The storefront tries again by itself; to end the wait sooner, find that session in pg_stat_activity "
                        + "and end it with pg_terminate_backend; pg_locks shows what each session holds")
        case .keyUnderFormerName(let store, let keyPath, let formerKeyPath):
            "nothing was written to \(store): its key file is now \(keyPath), which does not exist, but \(formerKeyPath) "
                + "does, the name earlier versions gave this store's key, and in some setups another database's key too "
                + "(\(LedgerProblem.formerKeyNameShared)). Move \(formerKeyPath) to \(keyPath) only if it "
                + "belongs to this database (it is the key that store init or the first change made for it); otherwise "
                + "copy this store's own key there from a teammate, or, for a new store that has none yet, make its key "
                + "elsewhere with STOREFRONT_STORE_KEY set to a new file's path"
        }
    }

    /// The schema named in the server's "permission denied for schema NAME", if it names one.
    static func refusedSchema(in reason: String) -> String? {
        guard let range = reason.range(of: "permission denied for schema ") else { return nil }
        let name = reason[range.upperBound...].prefix { !$0.isWhitespace && $0 != ")" && $0 != ";" }
        return name.isEmpty ? nil : String(name)
    }

    /// The GRANT that lets `role` read the store: SELECT on its tables (the commit marks are
    /// granted to every role when made, and only written).
    static func grantReading(to role: String) -> String {
        let tables = PostgresSchema.tables.filter { $0 != PostgresSchema.commitMarksTable }
        return "GRANT SELECT ON \(tables.joined(separator: ", ")) TO \(quotedIdentifier(role))"
    }

    /// The GRANT that lets `role`, which may read, change the store too.
    static func grantWriting(to role: String) -> String {
        "GRANT INSERT ON storefront_events TO \(quotedIdentifier(role))"
    }

    /// `name` as an SQL identifier: always in double quotes, inner ones doubled, so a role
    /// named like a keyword, or with capitals, is written as it is. A name with characters the
    /// terminal's words drop or show as spaces is written `U&"…"` with those characters as
    /// `\+XXXXXX` escapes, so the statement pasted from the screen names the same object.
    static func quotedIdentifier(_ name: String) -> String {
        let doubled = name.replacingOccurrences(of: "\"", with: "\"\"")
        guard ShellWord.hasUnseenCharacters(name) else { return "\"" + doubled + "\"" }
        let escaped = doubled.unicodeScalars.map { scalar -> String in
            if scalar == "\\" { return "\\\\" }
            guard ShellWord.isUnseen(scalar) else { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\+" + String(repeating: "0", count: max(0, 6 - hex.count)) + hex
        }.joined()
        return "U&\"" + escaped + "\""
    }

    /// `name` in double quotes; a name with characters the terminal's words drop or show as
    /// spaces (controls, line separators, bidi controls) in the shell's `$'…'` form instead, so
    /// what makes it odd is shown.
    private static func quoted(_ name: String) -> String {
        ShellWord.hasUnseenCharacters(name) ? ShellWord.quoted(name) : "\"\(name)\""
    }

    /// Where the session's `search_path` came from, by the server's `pg_settings.source`.
    private static func searchPathOrigin(_ source: String, role: String) -> String {
        switch source {
        case "user": "as the role \(quotedIdentifier(role)) sets it"
        case "database": "as the database sets it"
        case "database user": "as the role \(quotedIdentifier(role)) sets it in this database"
        case "default": "the server's default"
        default: "as the server's configuration sets it"
        }
    }

    /// How to have this session find the store: take back the `search_path` that leads the
    /// role away from it, by where the server took it from; or, where there is nothing of the
    /// role's or database's to take back (the store was made by a role whose own setting led
    /// elsewhere), give this role the store's schema.
    private static func searchPathAdvice(setBy source: String, role: String, database: String, schemas: String) -> String {
        let (role, database) = (quotedIdentifier(role), quotedIdentifier(database))
        switch source {
        case "user": return "run `ALTER ROLE \(role) RESET search_path;` in psql (as a superuser, or as that role)"
        case "database": return "run `ALTER DATABASE \(database) RESET search_path;` in psql (as the database's owner)"
        case "database user": return "run `ALTER ROLE \(role) IN DATABASE \(database) RESET search_path;` in psql (as a superuser)"
        default:
            // `schemas` are quoted identifiers already; several stores are left to choose from.
            guard !schemas.contains(", ") else {
                return "the database holds a store in each of those schemas: give this role the schema of the one it is to use "
                    + "with `ALTER ROLE \(role) IN DATABASE \(database) SET search_path = SCHEMA, public;` in psql (as a superuser)"
            }
            return "the store was made by a role whose own search_path leads there; run `ALTER ROLE \(role) IN DATABASE "
                + "\(database) SET search_path = \(schemas), public;` in psql (as a superuser) to have this role find it too"
        }
    }

    /// The SQL that records the schema version again.
    private static func versionRepair(missing: String, version: Int) -> String {
        let insert = "INSERT INTO storefront_schema_version (version) VALUES (\(version));"
        guard missing.hasPrefix("the table") else { return insert }
        return "CREATE TABLE storefront_schema_version (version integer NOT NULL, migrated_at timestamptz NOT NULL "
            + "DEFAULT now()); " + insert
    }

    /// Who a wait gave up behind, as its notice named them: "session 4242 (…) has", "sessions
    /// 1 (…) and 2 (…) have", else "another session has".
    private static func whoHeld(_ holders: String?) -> String {
        guard let holders else { return "another session has" }
        return holders + (holders.hasPrefix("sessions ") ? " have" : " has")
    }

    /// What to do about a session holding a lock: wait, or find and end it; and how long the wait is.
    private static let lockWaitAdvice = "Let it finish and try again, or find it in pg_stat_activity (a storefront's sessions "
        + "show application_name storefront; pg_locks shows what it holds) and end it with pg_terminate_backend(pid). The "
        + "wait is PostgreSQL's lock_timeout (PGOPTIONS='-c lock_timeout=30s' changes it)"

    /// `reason` ended as a sentence: a full stop added unless it already ends in one, or in a
    /// question or exclamation mark (libpq's "…accepting TCP/IP connections?").
    static func sentence(_ reason: String) -> String {
        guard let last = reason.last, !".?!".contains(last) else { return reason }
        return reason + "."
    }
}
