import StoreEngine
import StoreLedger

/// The command line's sentences about files, keys and what a listing shows around the catalog.
extension CommandLineText {
    public enum Files {
        public static func intact(_ path: String, events: Int) -> String {
            "\(path): intact, \(EnglishCount.of(events, "event")), every line verified."
        }

        public static func problemCount(_ store: String, count: Int) -> String {
            "\(store): \(count == 1 ? "1 problem" : "\(count) problems")"
        }

        /// The head `verify` prints, with the command that checks the same store against it later.
        public static func head(sequence: Int, mac: String?, store: StoreCommandText.AdvisedStore) -> String {
            "  head: sequence number \(sequence), MAC \(mac ?? "none"); keep it elsewhere and check later with "
                + StoreCommandText.command("verify --expect-sequence \(sequence)" + (mac.map { " --expect-mac \($0)" } ?? ""), on: store)
        }

        /// `verify --expect-sequence N --expect-mac MAC` where event N's line has another MAC.
        public static func replacedSince(sequence: Int, found: String?, medium: StoreMedium) -> String {
            let thing = medium == .entitlementsFile ? "ledger" : "store"
            // Sequence number 0 is the head of a store without events: its header.
            let subject = sequence == 0 ? "the \(thing)'s header (sequence number 0)" : "the event with sequence number \(sequence)"
            return "\(subject) is not the one whose MAC was given (its MAC is \(found ?? "missing")). If the number and MAC "
                + "given are the ones kept, the \(thing) was replaced by another copy since that head was kept, such as an older "
                + "backup restored and written to again; restore the copy that holds that \(sequence == 0 ? "header" : "event")"
        }

        /// `verify --expect-sequence N` on a damaged store whose first problem comes at or before event N.
        public static func expectationNotChecked(sequence: Int, withMAC: Bool) -> String {
            let subject = sequence == 0 ? "the header (sequence number 0)" : "event \(sequence)"
            return "--expect-sequence \(sequence)\(withMAC ? " and --expect-mac" : "") could not be checked: \(subject) comes at "
                + "or after the first problem, where nothing verifies; check again once the store is mended"
        }

        /// `--expect-mac` given something that is not a MAC.
        public static func notAMAC(_ given: String) -> String {
            "--expect-mac \(ShellWord.quoted(given)) is not a MAC: give the 64 hexadecimal digits `storefront verify` printed "
                + "as the head's MAC"
        }

        /// `--expect-mac` given without the sequence number whose line it is the MAC of.
        public static let expectMACNeedsSequence = "--expect-mac needs --expect-sequence N: the MAC is that of event N's line, as "
            + "`storefront verify` prints them together"

        public static func incompleteLastLine(bytes: Int) -> String {
            "  note: after them, an incomplete line of \(EnglishCount.of(bytes, "byte")) (cut short by a crash while writing); "
                + "the next change made moves it aside into a .torn file"
        }

        public static func rolledBack(lastSequence: Int, expected: Int, store: StoreCommandText.AdvisedStore) -> String {
            "the ledger ends at sequence number \(lastSequence), but \(expected) was expected: lines were cut from its end or an "
                + "older copy was put back; restore the newer copy, or, to keep the older state, go on with it: only where "
                + "\(StoreCommandText.command("verify", on: store)) without --expect-sequence names a problem (the lock file still "
                + "records the newer one) does \(StoreCommandText.command("repair", on: store)) need to accept it"
        }

        public static func aboutPath(_ path: String, _ sentence: String) -> String { "\(path): \(sentence)" }

        /// The warning of a command run on a damaged ledger (without the "storefront: warning: " prefix).
        public static func damaged(_ path: String, problems: Int, firstBadLine: Int?, unrepairable: String?) -> String {
            let count = problems == 1 ? "a problem" : "\(problems) problems"
            let scope = firstBadLine.map { "what is shown stops before line \($0), the first that cannot be trusted" }
                ?? "every line reads, but the file cannot be trusted for writing"
            // Recommending `repair` for a problem it refuses would send people in a circle.
            let remedy = unrepairable.map { "`storefront repair` cannot fix this: \($0)." }
                ?? "`storefront repair` keeps the intact lines and moves the rest aside, out of the store (their transaction ids are "
                    + "handed out again)."
            return "\(path) has \(count), so it is read-only and \(scope). `storefront verify` lists the problems; \(remedy)"
        }

        /// After `verify`'s list of a file's problems: what mends them, unless `repair` refuses one
        /// of them (`unrepairable`), whose own words, listed above, say what does.
        public static func verifyRemedy(unrepairable: Bool) -> String {
            unrepairable ? "  `storefront repair` cannot fix this; the words above say what does"
                : "  to mend it: `storefront repair` keeps the intact lines and moves the rest aside, out of the store (their "
                    + "transaction ids are handed out again), or put back a good copy of the file"
        }

        /// What `serve` says once a ledger it warned was damaged reads whole again (repaired, or
        /// a good copy put back).
        public static func soundAgain(_ path: String) -> String {
            "\(path) is sound again: every line verifies, so all of it is served and it can be written"
        }

        /// Why the storefront opens read-only: `what` is the file or "its folder PATH" that may not be written,
        /// `refused` its path, and `code` the `errno` that refused it. What mends it comes before what
        /// it stops, so the banner's rows at 100 columns keep it (before: the advice was cut).
        public static func notWritable(_ path: String, what: String, refused: String, code: Int32) -> String {
            // The file itself is not named twice.
            "The entitlements file \(path) cannot be written (\(what == path ? "" : what + ": ")\(FileSystemError.explanation(of: code))). "
                + (WriteRefusalAdvice.sentence(code: code, path: refused) ?? "Check the permissions of the file and its folder")
                + ". Until then nothing can be bought, spent or changed; renewals and expiries that fell due are shown but not recorded."
        }

        /// The folder named in `notWritable` when a commit would have to create `files` in it.
        public static func itsFolder(_ folder: String, toCreate files: [String]) -> String {
            "its folder \(folder), where \(files.joined(separator: " and ")) must be created"
        }

        /// A signing command given a file that is there but is no entitlements file (`reason` says why).
        public static func notALedgerForSigning(_ path: String, reason: String) -> String {
            "\(path) is no entitlements file (\(reason)), so there is no store to sign for and nothing was signed. "
                + "Check --entitlements or $STOREFRONT_ENTITLEMENTS"
        }

        public static func noLedgerForAuthority(_ path: String) -> String {
            "there is no entitlements file at \(path), so it has no certificate authority. If you meant an existing store, check "
                + "--entitlements or $STOREFRONT_ENTITLEMENTS; for a new store, make a first purchase, then run `storefront certificate`."
        }

        /// A PostgreSQL store's certificate authority lives beside its key on each machine.
        public static func noStoreKeyForAuthority(store: ShownStoreAddress, keyPath: String) -> String {
            "this machine has no key for the store \(store) at \(keyPath), so it has no certificate authority for it. "
                + "Copy the team's key there (or point STOREFRONT_STORE_KEY at it); for a new store, run "
                + "\(StoreCommandText.command("store init", on: store)) first."
        }

        /// `--store` with a URI of a scheme that is not PostgreSQL's.
        public static func unknownStoreScheme(_ scheme: String, in text: String) -> String {
            "\"\(scheme)://\" is not a store address: a team store is `postgresql://` or `postgres://` (or a libpq "
                + "keyword string such as `host=… dbname=…`), and an entitlements file is a path. Check the spelling of the address."
        }

        /// A store that reads like a PostgreSQL address without its scheme (`user@host/db`,
        /// `host:5432/db`, `//host/db`, `host:…` for `host=…`); never quoted, as it may hold a password.
        /// A store named by a relative path without an extension that does not exist: more
        /// likely a mistyped address (`localhost/shop`) or a stray word than a new file.
        /// `givenBy` is the option or variable; `--store` and `STOREFRONT_STORE` may give way to `--entitlements`,
        /// a copy's `--from` and `--to` may not.
        public static func noFileNorAddress(givenBy: String) -> String {
            let isCopy = givenBy == "--from" || givenBy == "--to"
            return "the store given by \(givenBy) is no PostgreSQL address, and no entitlements file of that name exists; a "
                + "relative path without an extension is taken for a mistyped address (such as localhost/shop) rather than made a "
                + "new file, and nothing was made. Write an address as a URI, postgresql://user@host:port/database, or a keyword "
                + "string, host=… dbname=…; a new entitlements file's path as ./… or a full path"
                + (isCopy ? "." : " (or give it with --entitlements).")
        }

        public static func addressWithoutScheme(givenBy: String) -> String {
            "the store given by \(givenBy) reads like a PostgreSQL address without its `postgresql://` (a user@host, a "
                + "host:port or //host before a /, or `host:` where a keyword string has `host=`), so it is not taken as a "
                + "file's path. Write it as a URI, postgresql://user@host:port/database, or a keyword string, host=… "
                + "dbname=…; an entitlements file whose path starts that way can be given as ./… (or by its full path)."
        }

        /// A store given as `postgresql:/host/db` or `postgresql//host/db`: `start` is the scheme
        /// as written, with the colon and slashes after it (never the rest, which may hold a password).
        public static func misspelledPostgresScheme(_ start: String) -> String {
            "a store address starting \"\(start)\" is not a PostgreSQL URI: a team store's address starts with "
                + "`postgresql://` or `postgres://` (lower case, a colon and two slashes). Check the spelling of the address; "
                + "an entitlements file whose name starts that way can be given as `./\(start)…`."
        }

        /// `repair` on a database store: only a file has lines to keep and cut.
        public static func noRepairForDatabase(_ store: ShownStoreAddress) -> String {
            "repair mends entitlements files only; \(store) is a PostgreSQL store, whose rows the database itself keeps from "
                + "being changed or cut. \(StoreCommandText.command("verify", on: store)) names a bad row; restore the database from a "
                + "backup."
        }

        /// `certificate --der --json`: two forms of one output.
        public static let derOrJSON = "--der and --json are two forms of the output; give one"

        public static func notSigned(_ problem: String) -> String {
            "the purchase went through, but its signed transaction could not be made: \(problem)"
        }

        /// `verify-transaction`'s verdict: "valid: …", "signature invalid: …".
        public static func verdict(_ label: String, detail: String) -> String { "\(label): \(detail)." }

        public static func unknownLocale(_ given: String, using locale: String) -> String {
            "warning: \(given) is not a locale Storefront knows (give language_REGION, e.g. de_DE or pt_BR); using \(locale) instead"
        }
    }

    /// `products` without `--json`.
    public enum Products {
        public static func heading(app: String, account: String, device: String, locale: String, storefront: String,
                                   currency: String) -> String {
            "\(app) — account \(account) on device \(device) — \(locale), storefront \(storefront) (\(currency))"
        }

        /// "Credits: Rage Faces 5 (+5 not delivered yet) · Extra Lives 0"; nil when the catalog has none.
        public static func credits(_ balances: [(name: String, balance: Int, undelivered: Int)], text: StoreText) -> String? {
            balances.isEmpty ? nil : "Credits: " + balances.map {
                "\($0.name) \(text.count($0.balance))" + ($0.undelivered > 0 ? " (+\(text.count($0.undelivered)) not delivered yet)" : "")
            }.joined(separator: " · ")
        }

        public static func storeTime(_ time: String, rate: String) -> String { "Store time: \(time) (UTC) · \(rate)" }

        public static let notSoldPrice = "—"

        public static func row(title: String, id: String, price: String, status: String) -> String {
            // Not sold here, the status says so: no dash for the price before the status's own.
            guard price != notSoldPrice || status.isEmpty else { return "  \(title)  [\(id)]  — \(status)" }
            return "  \(title)  [\(id)]  \(price)\(status.isEmpty ? "" : "  — \(status)")"
        }

        /// The line under a subscription's row with the introductory offer the account may take.
        public static func introOffer(_ terms: String) -> String { "      Intro offer: \(terms)" }

        /// The line under a subscription's row with one of its promotional offers.
        public static func promotionalOffer(_ offerID: String, terms: String) -> String {
            "      \(OfferTerms.promotionalLabel(offerID)): \(terms)"
        }
    }
}

extension CommandLineText {
    /// The words `verify-transaction` opens its verdict with.
    public enum Verdict {
        public static let valid = "valid", malformed = "malformed", signatureInvalid = "signature invalid"
        public static let otherApp = "another app's transaction", revoked = "revoked", expired = "expired"
        public static let upgraded = "replaced by an upgrade", crossgraded = "replaced by a crossgrade"
        public static let untrustedChain = "untrusted certificate chain"
    }
}
