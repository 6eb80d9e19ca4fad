import StoreEngine
import StoreLedger

extension CommandLineText {
    /// What `storefront store init|migrate|copy` say.
    public enum Stores {
        public static func created(_ store: String, keyPath: String) -> String {
            "created the store \(store); its key is \(keyPath): \(shareTheKey)"
        }

        /// How a store's key reaches the team, which it keys for.
        private static let shareTheKey = "give each teammate a copy (mode 0600) at the same place, or point "
            + "STOREFRONT_STORE_KEY at it"

        public static func alreadyThere(_ store: String, version: Int) -> String {
            "the store \(store) exists already (schema version \(version)); nothing changed"
        }

        public static func migrated(_ store: String, from: Int, to: Int, remade: [String]) -> String {
            if from == to, !remade.isEmpty {
                return "the store \(store) has schema version \(to); made its missing "
                    + (remade.count == 1 ? "table \(remade[0])" : "tables \(remade.joined(separator: ", "))") + " again"
            }
            return from == to ? "the store \(store) has schema version \(to) already; nothing changed"
                : "upgraded the store \(store) from schema version \(from) to \(to)"
        }

        /// After `store init` made a dropped `storefront_header` table again on a store without events.
        public static let headerWrittenAgain = ", and wrote the store's header in it (the store held no events), as a first change would"

        /// `store init` made tables of the store again, empty, and then found the store refused
        /// (a header row gone with its table): what it wrote before the refusal.
        public static func remadeBeforeRefusal(_ remade: [String]) -> String {
            "Only the missing " + (remade.count == 1 ? "table \(remade[0]) was" : "tables \(remade.joined(separator: ", ")) were")
                + " made again, empty"
        }

        public static func copied(_ count: Int, from: String, to: String) -> String {
            "copied \(count) event\(count == 1 ? "" : "s") from \(from) to \(to)"
        }

        /// `store copy --verified-only` from a database whose first problem comes before any event.
        public static func nothingVerified(_ store: ShownStoreAddress, problems: [LedgerProblem]) -> String {
            let first = problems.first.map { StoreProblemText.describe($0, in: .database(address: store)) } ?? ""
            return "the source \(store) has no event before its first problem, so nothing was copied and no target was made: \(first)"
        }

        /// After `store copy --verified-only` from a damaged store: what was left out, and why.
        public static func leftOut(firstProblem: String) -> String {
            "left out everything from the source's first problem on, which no reader of it folds either: \(firstProblem)"
        }

        /// After a copy into a new database, which made its key on this machine.
        public static func keyMade(_ keyPath: String) -> String {
            "made the store's key \(keyPath): \(shareTheKey)"
        }

        /// After a copy into a database whose key file was there already: which key signed the
        /// copied events, and where its path came from.
        public static func keyUsed(_ keyPath: String, givenByVariable: Bool) -> String {
            "signed the copied events with the store's key \(keyPath), "
                + (givenByVariable ? "given by STOREFRONT_STORE_KEY" : "which was there already")
                + ": every machine that uses this store needs that key"
        }

        /// After a copy that failed once its first commit had made the target's key.
        public static func keyMadeBeforeFailing(_ keyPath: String) -> String {
            "the copy made the store's key \(keyPath) before it failed; it is kept, and the next copy into this database uses it: "
                + shareTheKey
        }

        public static func copySourceMissing(_ source: String) -> String {
            "the source \(source) does not exist, so nothing was copied and no target was made; check the path given "
                + "to --from"
        }

        /// `store copy --from` a database the server does not have.
        public static func copySourceHasNoDatabase(_ source: String, database: String) -> String {
            "the source \(source) names a database the server does not have (\(ShellWord.quoted(database))), so nothing was "
                + "copied and no target was made; correct the database in the address given to --from"
        }

        /// A copy into a database the server does not have; `create` is how to make it, and copy again.
        public static func copyTargetHasNoDatabase(_ target: String, database: String, create: String) -> String {
            "the target \(target) names a database the server does not have (\(ShellWord.quoted(database))), so nothing was "
                + "copied; create it with \(create), or correct the database in the address given to --to"
        }

        public static func copySourceHasNoStore(_ source: String) -> String {
            "the source \(source) holds no store (no storefront tables), so nothing was copied and no target was made; "
                + "check that --from names the database you meant"
        }

        public static let emptyStoreVariable = "STOREFRONT_STORE is set but empty; unset it (the entitlements file is then "
            + "used) or give it a store's address (postgresql://user@host:port/database, or an entitlements file's path)"

        /// `--store` or `STOREFRONT_STORE` holding only blanks, which would otherwise name a file of blanks.
        public static func blankStore(_ source: String) -> String {
            "\(source) holds only blanks; give it a store's address (postgresql://user@host:port/database) or an "
                + "entitlements file's path, or leave it out (the entitlements file is then used)"
        }

        /// `store copy` refused because the database it copies from has `problems`, each named
        /// by its row as `verify` names it.
        public static func copySourceDamaged(_ store: ShownStoreAddress, problems: [LedgerProblem]) -> String {
            copySourceDamaged(.database(store), problems: problems)
        }

        /// `store copy` refused a source with problems, naming the `verify` that lists them on
        /// that very store: an entitlements file by its path, a database by its address.
        public static func copySourceDamaged(_ store: StoreCommandText.AdvisedStore, problems: [LedgerProblem]) -> String {
            let count = problems.count == 1 ? "a problem" : "\(problems.count) problems"
            let (name, medium): (String, StoreMedium) = switch store {
            case .database(let address): ("\(address)", .database(address: address))
            case .file(let path, _): (path, .entitlementsFile)
            }
            let first = problems.first.map { StoreProblemText.describe($0, in: medium) } ?? ""
            let one = problems.count == 1
            let salvage = problems.first?.leavesEventsBefore == true
                ? " (add --verified-only to copy the events before \(one ? "it" : "the first"))" : ""
            return "the source \(name) has \(count), so nothing was copied; \(StoreCommandText.command("verify", on: store)) lists "
                + "\(one ? "it" : "them")\(salvage). \(one ? "The problem" : "The first"): \(first)"
        }

        /// `store copy` lost its connection to `target` after the copy's COMMIT was sent, and
        /// could not ask again whether the server ran it (`reason`, libpq's words): the copy is
        /// one transaction, so the target holds all of it or nothing.
        public static func copyCutOff(into target: ShownStoreAddress, reason: String) -> String {
            "the store at \(target) became unreachable (\(reason)) after the copy was sent, and could not be asked again whether "
                + "it was recorded; the copy is one transaction, so the target holds all of it or none of it. Once the server is "
                + "reachable, \(StoreCommandText.command("verify", on: target)) tells which: the copied events, or no store (then "
                + "run the copy again)"
        }

        /// A PostgreSQL address libpq refuses before connecting (it cannot parse it, or a port is
        /// no port number): `givenBy` is the option or variable that held it.
        public static func malformedAddress(givenBy: String, reason: String) -> String {
            let place = givenBy.hasPrefix("--") ? "the store address given to \(givenBy)" : "the store address in \(givenBy)"
            // A variable libpq reads beside the address (PGOPTIONS, PGSSLMODE) is what to correct, not the address.
            if let variable = variableBlamed(in: reason) {
                return "\(place) cannot be used with this environment: \(reason); correct or unset \(variable) and run the command again"
            }
            return "\(place) cannot be used: \(reason); correct it and run the command again. \(addressForms)"
        }

        /// The environment variable a reason blames ("the environment variable PGOPTIONS sets …"), if any.
        private static func variableBlamed(in reason: String) -> String? {
            let lead = "the environment variable "
            guard reason.hasPrefix(lead) else { return nil }
            return reason.dropFirst(lead.count).split(separator: " ").first.map(String.init)
        }

        /// The two ways to write a team store's address.
        public static let addressForms = "A store address is a PostgreSQL URI (postgresql://user@host:port/database) or a "
            + "libpq keyword string (host=… dbname=…)"

        /// `store copy` without `missing` (`--from`, `--to` or both).
        public static func copyNeedsBothEnds(missing: [String]) -> String {
            "store copy needs --from FILE_OR_URL and --to FILE_OR_URL; \(missing.joined(separator: " and ")) "
                + "\(missing.count == 1 ? "is" : "are") missing"
        }

        /// The warning of a command run on a damaged database (without the "storefront: warning: " prefix).
        /// What `serve` says once a database it warned was damaged reads whole again (restored
        /// from a backup, say).
        public static func soundAgain(_ store: ShownStoreAddress) -> String {
            "the store \(store) is sound again: every row verifies, so all of it is served and it can be written"
        }

        public static func damaged(_ store: ShownStoreAddress, problems: Int, firstBadSeq: Int?, firstProblem: String) -> String {
            let count = problems == 1 ? "a problem" : "\(problems) problems"
            let scope = firstBadSeq.map {
                $0 == 0 ? "none of its rows can be trusted" : "what is shown stops before row seq \($0), the first that cannot be trusted"
            } ?? "every row reads, but the store cannot be trusted for writing"
            // A key or header problem spoils no particular row.
            let listed = firstBadSeq == 0 ? "the problems" : "the bad rows"
            return "the store \(store) has \(count), so it is read-only and \(scope). \(StoreCommandText.command("verify", on: store)) lists "
                + "\(listed). The first: \(firstProblem)"
        }

        public static func intact(_ store: String, events: Int) -> String {
            "\(store): intact, \(EnglishCount.of(events, "event")), every row verified."
        }

        /// `verify --expect-sequence` on a database that ends before the number expected.
        public static func rolledBack(lastSequence: Int, expected: Int) -> String {
            "the store ends at sequence number \(lastSequence), but \(expected) was expected: an older backup of the database "
                + "was restored, or rows were removed; restore the newer backup, or accept the older state by carrying on"
        }

        /// `command` (a PostgreSQL store's) run on the entitlements file `file`, which `givenBy`
        /// named (nil: the default file).
        public static func needsPostgres(_ command: String, file: String, givenBy: String?) -> String {
            let taken = givenBy.map { "\($0) names the entitlements file \(ShellWord.quoted(file)), not a database" }
                ?? "no store was named, so the entitlements file \(ShellWord.quoted(file)) would be used"
            return "\(command) works on a PostgreSQL store, and \(taken): give --store with a PostgreSQL address "
                + "(postgresql://user@host:port/database), or set STOREFRONT_STORE to one"
                + (command == "store init" ? ". An entitlements file needs no store init: its first change makes it" : "")
        }
    }
}
