import StoreEngine
import StoreCatalog

/// The command line's sentences about the command line itself: mistakes in it (exit status 2),
/// with what to type instead.
public enum CommandLineText {
    /// A line left empty between groups.
    public static let blankLine = ""

    public enum Usage {
        public static func givenTwice(_ option: String) -> String { "--\(option) is given twice; give it once" }
        public static func sameAppTwice(_ bundleID: String, first: String, second: String) -> String {
            "--catalog \(first) and --catalog \(second) are both the app \(bundleID); give each app's catalog once"
        }
        public static func needsValue(_ option: String) -> String { "--\(option) needs a value" }
        public static func emptyValue(_ option: String, placeholder: String) -> String {
            "--\(option) is empty; give it a value (\(placeholder))"
        }
        public static func blankValue(_ option: String, placeholder: String) -> String {
            "--\(option) is blank (only white space); give it a value (\(placeholder))"
        }
        public static func takesNoValue(_ option: String) -> String { "--\(option) takes no value" }
        public static func singleDash(_ argument: String) -> String {
            "unknown option \(argument); options start with two dashes, e.g. --json"
        }
        public static func unknownOption(_ option: String) -> String {
            "unknown option --\(option); `storefront --help` lists the options"
        }
        public static func badName(option: String, problem: String) -> String { "--\(option): \(problem)" }

        /// An option the command does not declare, naming the ones it does.
        public static func notTakenBy(command: String, option: String, taken: [String]) -> String {
            guard !taken.isEmpty else {
                return "\(command) does not take --\(option); it takes only the global options (`storefront --help` lists them)"
            }
            return "\(command) does not take --\(option); it takes \(taken.joined(separator: ", ")) and the global options "
                + "(`storefront help \(command)`)"
        }

        public static func unknownCommand(_ word: String) -> String {
            "unknown command \"\(EchoedText.cut(word))\"; `storefront --help` lists the commands"
        }

        /// A word that starts several commands, given alone ("catalog").
        public static func chooseOneOf(_ synopses: [String]) -> String {
            "use " + synopses.map { "`storefront \($0)`" }.joined(separator: " or ")
        }

        /// `storefront store` alone: a group's name without one of its commands.
        public static func missingSubcommand(of group: String, choices: [String]) -> String {
            "\(group) needs a subcommand; " + chooseOneOf(choices)
        }

        /// `storefront store frob`: a word that is none of the group's commands.
        public static func unknownSubcommand(_ word: String, of group: String, choices: [String]) -> String {
            "\"\(word)\" is not a \(group) subcommand; " + chooseOneOf(choices)
        }

        public static func takesNoArguments(_ command: String, given: String) -> String {
            "\(command) takes no arguments, but was given \"\(given)\"; `storefront help \(command)` says how to use it"
        }

        /// The words past the last a command takes, then how to use it (`then`).
        public static func tooManyArguments(_ command: String, extra: [String], then usage: String) -> String {
            let words = extra.map { "\"\($0)\"" }.joined(separator: " ")
            return "\(command) was given \(words) after what it takes: \(usage)"
        }

        public static func blankArgument(_ command: String, placeholder: String, isEmpty: Bool, then usage: String) -> String {
            "\(command) was given \(isEmpty ? "an empty" : "a blank") \(placeholder): \(usage)"
        }

        public static func wrongArguments(_ command: String, synopsis: String) -> String {
            "use `storefront \(synopsis)`; `storefront help \(command)` says more"
        }

        public static func notUTF8(argument: Int, valueOf option: String?) -> String {
            "argument \(argument)\(option.map { " (the value of \($0))" } ?? "") is not valid UTF-8; names, ids and paths "
                + "must be UTF-8 text (check the terminal's or the script's encoding)"
        }

        public static func notAWholeNumber(option: String, minimum: Int, maximum: Int?, given: String) -> String {
            "--\(option) must be a whole number of at least \(minimum)\(maximum.map { " and at most \($0)" } ?? ""), not \"\(EchoedText.cut(given))\""
                + withoutLeadingZero(given)
        }

        /// What to do about a number written with a zero in front, which no number here takes
        /// (`007`); nothing for any other text.
        public static func withoutLeadingZero(_ given: String) -> String {
            guard given.count > 1, given.hasPrefix("0"), given.allSatisfy({ $0.isASCII && $0.isNumber }) else { return "" }
            return " (write it without the leading zero)"
        }

        public static let buyNeedsProduct = "buy needs one product id, e.g. `storefront buy com.example.rage.noads`"
        public static let spendNeedsCredit = "spend needs one credit id, e.g. `storefront spend rage-faces`"
        public static let refundNeedsTransaction = "refund needs one transaction id; `storefront transactions` lists them"
        public static func needsTransaction(_ command: String) -> String {
            "\(command) needs a transaction id; `storefront transactions` lists them"
        }
        public static let advanceNeedsDuration = "advance needs a duration, e.g. `storefront advance P1M` or `advance 3d`"
        public static func needsSubscription(_ command: String) -> String {
            "\(command) needs a subscription: a product id or a transaction id from `storefront transactions`"
        }
        /// "settings set time-rate needs a VALUE: one of real-time, …"; `complete` false where the
        /// values listed are only the fixed words beside what is typed (a URL).
        public static func missingValue(command: String, after word: String, placeholder: String, values: [String], complete: Bool) -> String {
            "\(command) \(word) needs a \(placeholder): " + (complete ? "one of \(values.joined(separator: ", "))"
                : "\(values.joined(separator: ", ")), or what `storefront \(command) --help` says it takes")
        }
        public static let settingsShape =
            "use `settings` to show the settings, or `settings set NAME VALUE` to change one, e.g. `settings set purchases-allowed false`"
        public static let verifyTransactionNeedsToken =
            "verify-transaction needs a signed transaction or a transaction id, e.g. `storefront verify-transaction 2000000000000001`"
        public static let catalogShape =
            "use `storefront catalog lint PATH` or `storefront catalog convert PATH` (or give the catalog with --catalog, not both)"
        public static func twoCatalogs(command: String, given: String, named: String) -> String {
            "\(command) was given two catalogs, \(EchoedText.cut(given)) and --catalog \(EchoedText.cut(named)); "
                + "give it one, as its argument or with --catalog"
        }
        public static let completionNeedsShell = "completion needs a shell: `storefront completion bash`, `zsh` or `fish`"
        public static func unknownShell(_ word: String) -> String {
            "there is no completion for \"\(EchoedText.cut(word))\"; give bash, zsh or fish"
        }
        public static func unknownCompletion(_ word: String, kinds: [String]) -> String {
            "nothing to complete called \"\(word)\"; give one of \(kinds.joined(separator: ", "))"
        }
        public static func unknownHelpTopic(_ words: String) -> String {
            "there is no command \"\(EchoedText.cut(words))\"; `storefront --help` lists the commands"
        }
        public static let noCommand =
            "No command given and no terminal to open the storefront in; give a command such as `products`."
    }
}

extension CommandLineText {
    /// How the command line reports on stderr.
    public enum Report {
        /// Said on stderr when the command's result could not be written to `stream` (stdout):
        /// `reason` is the system's ("No space left on device"). What the command changed stands;
        /// one that opens no store (`catalog lint`, `help`) changed nothing.
        public static func outputLost(stream: String, reason: String, usesStore: Bool) -> String {
            let lost = "the command's output could not be written to \(stream) (\(reason)), so part or all of it is missing"
            guard usesStore else { return lost + "; the command uses no store, so nothing was changed" }
            return lost + ". Whatever the command did is done all the same: look at the store as it is now "
                + "(`storefront transactions` for purchases and refunds, `storefront entitlements` for balances and subscriptions, `storefront verify` for the "
                + "file or database) before running the command again"
        }

        /// Written on standard error by the first Ctrl-C while a command that writes runs.
        public static let interruptedDuringChange = "\nstorefront: interrupted while a change was being made; it may be recorded "
            + "all the same, so this command ends once the store has answered, saying how it went (Ctrl-C again to leave now)\n"

        /// Written on standard error by a second Ctrl-C, as the command leaves without the store's answer.
        /// Its commands name the store, account and device the command was given once advised (`Console`).
        public static let leftDuringChange = "\nstorefront: left before the store answered: the change may be recorded; "
            + "`storefront transactions` (purchases, refunds) and `storefront entitlements` (balances, subscriptions) show "
            + "whether\n"

        /// Written by a Ctrl-C that came while the change still waited to begin (for the file's
        /// lock, or for the server), so nothing of it was sent.
        public static let leftBeforeChange = "\nstorefront: interrupted while the change still waited for the store (its "
            + "lock or its server), before any of it was sent: nothing was recorded\n"

        /// Written once a command has waited a second for the entitlements file's writer lock,
        /// held by `holder` (a process id and command name) when the kernel says which.
        /// `ctrlCLeaves`: a Ctrl-C would leave at once (not for `repair` and the store's own
        /// commands, which finish on the first).
        public static func waitingForWriterLock(_ lockPath: String, holder: (processID: Int32, command: String?)?,
                                                ctrlCLeaves: Bool) -> String {
            let who = lockHolder(processID: holder?.processID, command: holder?.command)
            return "storefront: waiting for \(who), which holds \(lockPath) while it changes the entitlements file; "
                + "this command goes on once it lets go" + (ctrlCLeaves ? " (Ctrl-C leaves now, recording nothing)" : "")
        }

        /// What a command says once it has waited a second at a PostgreSQL server for a lock
        /// another session holds or waits for ahead of it: `sessions` names them ("session 4242
        /// (role alice, …)"), nil when they could not be told. `giveUp`: the setting that ends
        /// the wait first and its length, nil when none does (both are 0).
        public static func waitingForStoreLock(_ store: String, sessions: String?, giveUp: (milliseconds: Int, setting: String)?) -> String {
            let plural = sessions?.hasPrefix("sessions ") == true
            return "storefront: waiting behind \(sessions ?? "another session") for a lock on the store \(store) (its writer "
                + "lock, or one on its tables); this command goes on once " + (plural ? "they let go" : "it lets go")
                + (giveUp.map { ", or gives up after \(lockWaitDuration($0.milliseconds)) (\($0.setting))" }
                    ?? " (lock_timeout and statement_timeout are 0: it waits as long as that takes)")
        }

        /// A wait's length, `milliseconds`, in whole seconds where it is some ("10 s"), else in milliseconds.
        public static func lockWaitDuration(_ milliseconds: Int) -> String {
            milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
        }

        /// The process that holds a writer lock, as a wait for it names it: "process 4242 (storefront)".
        public static func lockHolder(processID: Int32?, command: String?) -> String {
            guard let processID else { return "another process" }
            return "process \(processID)" + (command.map { " (\($0))" } ?? "")
        }

        /// Written by a first Ctrl-C during `store copy`, `store init`, `store migrate` or `repair`
        /// while it still waits for its store's lock or server, before writing anything.
        public static let interruptedBeforeStoreCommandWrote = "\nstorefront: interrupted while the command still waits for "
            + "the store (its lock or its server) and has written nothing; it goes on once it may, and finishes (Ctrl-C again "
            + "to leave now, with the store as it is)\n"

        /// Written by a second Ctrl-C during `store copy`, `store init`, `store migrate` or
        /// `repair` while it still waited for its store's lock or server, before writing anything.
        public static let leftBeforeStoreCommandWrote = "\nstorefront: left before the command wrote anything (it still "
            + "waited for the store's lock or its server): the store is as it was\n"

        /// Written by a second Ctrl-C during `store init`, `store migrate` or `repair`.
        public static let leftDuringStoreCommand = "\nstorefront: left before the command finished: the store it was changing "
            + "may be changed all the same; `storefront verify` of that store (its --store, or a copy's --to) shows how it stands\n"

        /// Written by a second Ctrl-C during `store copy` once it may have written: `verify` is
        /// the command that checks the store copied into.
        public static func leftDuringCopy(into target: String, verify: String) -> String {
            "\nstorefront: left before the copy finished: \(target), the store it was copying into, may hold the copy or part of "
                + "it all the same; \(verify) shows how it stands\n"
        }

        public static func error(_ message: String) -> String { "storefront: \(message)" }
        public static func warning(_ message: String) -> String { "storefront: warning: \(message)" }
        /// News that needs no action, such as a warned-of problem gone.
        public static func notice(_ message: String) -> String { "storefront: \(message)" }
        public static func version(_ version: String) -> String { "storefront \(version)" }
        /// After a command on a store found damaged when it opened, whose change read it again
        /// from the start and found it sound: the change was made, and what followed used it.
        public static let mendedBeforeTheChange = "the problem above was mended before this command's change: the store "
            + "was read again from its start and is sound, so the change was made and is shown as it now is"

        public static func catchUpSkipped(_ reason: String) -> String {
            "renewals and expiries that fell due are shown but not recorded: \(reason)"
        }
        /// The catch-up on opening gave up behind a session sitting on the writer lock; a
        /// command that changes the store records them once it gets the lock.
        public static func catchUpHeld(_ held: StoreWriterLockHeld) -> String {
            "renewals and expiries that fell due are not recorded yet: \(held); a change waits for it"
                + (held.lockFile == nil ? " (up to lock_timeout)" : "") + " and records them"
        }
    }
}

extension CommandLineText {
    /// `settings set`.
    public enum Settings {
        /// Where a setting applies.
        public enum Scope {
            case device(String)
            case app(String)
        }

        public static func deviceHeading(_ device: String) -> String { "Device \(device):" }
        public static let storeHeading = "Store:"
        public static func timeRate(_ rate: String, storeTime: String) -> String { "\(rate) (store time \(storeTime))" }
        /// `promotional-offer-signatures` as text: `required` asks for nothing while no key is
        /// in use, and says so rather than look as if it did.
        public static func offerSignatures(_ value: String, inForce: Bool) -> String {
            value == "required" && !inForce ? "required (no key in use)" : value
        }

        public static func changed(_ name: String, to value: String, scope: Scope) -> String {
            switch scope {
            case let .device(device): "\(name) is now \(value) on device \(device)."
            case let .app(app): "\(name) is now \(value) for \(app)."
            }
        }

        public static func unknownTimeRate(_ value: String, rates: [String]) -> String {
            "unknown time rate \"\(EchoedText.cut(value))\"; rates are \(rates.joined(separator: ", "))"
        }

        public static func unknownError(_ value: String, setting: String, errors: [String]) -> String {
            "unknown error \"\(EchoedText.cut(value))\" for \(setting); use none or one of \(errors.joined(separator: ", ")), optionally followed by :once"
        }

        public static func unknownSetting(_ name: String, settings: [String]) -> String {
            "unknown setting \"\(EchoedText.cut(name))\"; settings are \(settings.joined(separator: ", "))"
        }
    }
}

extension CommandLineText {
    /// `catalog lint` and `catalog convert`.
    public enum Catalogs {
        public static let storeKitSettingsHeading = "StoreKit settings:"

        /// "Rage.json: 12 products, 5 storefronts, 4 languages; usable."
        public static func usable(_ path: String, products: Int, storefronts: Int, languages: Int, warnings: Int) -> String {
            let counts = [EnglishCount.of(products, "product"), EnglishCount.of(storefronts, "storefront"),
                          EnglishCount.of(languages, "language")].joined(separator: ", ")
            return "\(path): \(counts); usable\(warnings > 0 ? " with \(EnglishCount.of(warnings, "warning"))" : "")."
        }

        /// `catalog convert` of a `.storekit` file whose settings the store carries out.
        public static func settingsLeftOut(_ keys: [String]) -> String {
            "storefront: the catalog written leaves out the settings \(keys.joined(separator: ", ")), which Storefront's catalog "
                + "format has no place for; set them on the store with `storefront settings set` (`storefront settings` lists them), "
                + "or keep using the .storekit file, which sets them on a new store"
        }

        public static func unusable(_ path: String, errors: Int) -> String {
            "\(path): \(EnglishCount.of(errors, "problem")); the catalog cannot be used until \(errors == 1 ? "it is" : "they are") fixed."
        }

        /// The `catalog lint` warning for text a terminal would act on: `scalarsHex`, each
        /// different one in the order written (the first five named, the rest counted), and
        /// whether a tab is there too.
        public static func textActedOnByTerminals(scalarsHex: [String], alsoTab: Bool) -> String {
            let named = scalarsHex.prefix(5).map { "U+" + $0 }.joined(separator: ", ")
                + (scalarsHex.count > 5 ? " and \(scalarsHex.count - 5) more" : "")
            return "the text contains control characters, escape sequences or bidi overrides (\(named)); "
                + "they are removed when shown, so remove them from the catalog"
                + (alsoTab ? "; it also contains a tab (U+0009), which is shown as one space" : "")
        }

        /// The `catalog lint` warning for a title or name with a line break (descriptions may have them).
        public static let oneLineTextWithLineBreak = "the text contains a line break, which a title or name is shown without "
            + "(each reads as a space); write it on one line"

        /// The `catalog lint` warning for a text with a tab (and nothing a terminal acts on).
        public static let textWithTab = "the text contains a tab (U+0009), which is shown as one space; write a space, "
            + "or the words as they should read"

        /// The `catalog lint` warning for a text with characters that draw nothing (a zero-width
        /// space), which a buyer cannot see: two names that read alike then differ.
        public static func textWithInvisibles(scalarsHex: [String]) -> String {
            let named = scalarsHex.prefix(5).map { "U+" + $0 }.joined(separator: ", ")
                + (scalarsHex.count > 5 ? " and \(scalarsHex.count - 5) more" : "")
            return "the text contains characters that draw nothing (\(named)), so buyers cannot see them; remove them unless "
                + "they are meant"
        }
    }
}
