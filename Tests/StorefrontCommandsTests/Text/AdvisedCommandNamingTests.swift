import StoreEngine
import StorefrontText
import Testing

/// Advice pasted as printed acts on the store, app, account and device the command was given,
/// never on the default file or account.
@Suite("Words: advised commands name the options given")
struct AdvisedCommandNamingTests {
    let advice = "Nothing was refunded: `storefront refund 2000000000000002` gives it back; `storefront verify` lists problems."
    let file = [AdvisedOption("--entitlements", "/tmp/my shop.jsonl")]

    @Test("a file named by an option is added to every advised command, quoted for the shell")
    func fileNamedByOption() {
        #expect(StoreCommandText.naming(file, in: advice)
            == "Nothing was refunded: `storefront --entitlements '/tmp/my shop.jsonl' refund 2000000000000002` gives it "
            + "back; `storefront --entitlements '/tmp/my shop.jsonl' verify` lists problems.")
        #expect(StoreCommandText.naming([AdvisedOption("--entitlements", "/x.jsonl")], in: "Run `storefront` again.")
            == "Run `storefront --entitlements /x.jsonl` again.")
    }

    @Test("a value that starts with a dash is joined to its option with =, so pasted it is that option's value (before: `--account --json`, which the parser refuses)")
    func aValueStartingWithADashIsJoined() {
        let options = StoreCommandText.advisedOptions(store: nil, catalogs: [], account: "--json", device: "-x")
        #expect(StoreCommandText.naming(options, in: "`storefront deliver-unfinished`")
            == "`storefront --account=--json --device=-x deliver-unfinished`")
        // So do the refusals that say which account to give (before: "give --account --json").
        #expect("\(StoreError.transactionOfAnotherAccount("2000000000000002", owner: "--catalog", account: "tester"))"
            .contains("To refund it, give --account=--catalog ("))
        #expect("\(StoreError.purchaseOfAnotherAccount("2000000000000002", owner: "-kid", account: "tester"))"
            .contains("`storefront --account=-kid resolve 2000000000000002`"))
    }

    @Test("which options are repeated: a file named by an option, every catalog, an account or device other than the default")
    func optionsRepeated() {
        let options = StoreCommandText.advisedOptions(store: .file(path: "/x.jsonl", namedByOption: true), catalogs: ["Rage"],
                                                      account: "bob", device: "tablet")
        #expect(StoreCommandText.naming(options, in: "`storefront refund 7`")
            == "`storefront --entitlements /x.jsonl --catalog Rage --account bob --device tablet refund 7`")
        // A command that acts as no account or device is not given them (before: `--account bob api-key create`).
        #expect(StoreCommandText.naming(options, in: "`storefront api-key create` makes one; `storefront verify`")
            == "`storefront --entitlements /x.jsonl --catalog Rage api-key create` makes one; `storefront --entitlements /x.jsonl --catalog Rage verify`")
        // A store-wide setting is not given them either (before: `--device tablet settings set fail.restore none`,
        // which ignores the device); a device's own setting is.
        #expect(StoreCommandText.naming(options, in: "clear it with `storefront settings set fail.restore none`")
            == "clear it with `storefront --entitlements /x.jsonl --catalog Rage settings set fail.restore none`")
        #expect(StoreCommandText.naming(options, in: "`storefront settings set ask-to-buy false`")
            == "`storefront --entitlements /x.jsonl --catalog Rage settings set ask-to-buy false`")
        #expect(StoreCommandText.naming(options, in: "`storefront settings set purchases-allowed true`")
            == "`storefront --entitlements /x.jsonl --catalog Rage --account bob --device tablet settings set purchases-allowed true`")
        #expect(StoreCommandText.advisedOptions(store: .file(path: "/x.jsonl", namedByOption: false), catalogs: [],
                                                account: "tester", device: "default").isEmpty,
                "the environment or the default names them again where the advice is pasted")
        // A database named by --store is named again, by its shown address (pasted without it, the
        // advice made and changed a new file of the default); one STOREFRONT_STORE names is not.
        let database = StoreCommandText.AdvisedStore.database(ShownStoreAddress("postgresql://team@db/my shop", passwordLeftOut: true))
        let named = StoreCommandText.advisedOptions(store: database, catalogs: [], account: "tester", device: "default")
        #expect(StoreCommandText.naming(named, in: "allow them with `storefront settings set purchases-allowed true` or in Settings.")
                == "allow them with `storefront --store 'postgresql://team@db/my shop' settings set purchases-allowed true` "
                    + "(with the password from PGPASSWORD or ~/.pgpass, where libpq reads it) or in Settings.",
                "an address given with a password is shown without it, and where libpq finds it is said")
        #expect(StoreCommandText.naming(named, in: "`storefront verify --store 'postgresql://team@db/my shop'`")
                == "`storefront verify --store 'postgresql://team@db/my shop'`", "a command that names the store already is left")
        let fromEnvironment = StoreCommandText.AdvisedStore.database(ShownStoreAddress("postgresql://team@db/shop", namedByEnvironment: true))
        #expect(StoreCommandText.advisedOptions(store: fromEnvironment, catalogs: [], account: "tester", device: "default").isEmpty)
    }

    @Test("an option the command names already is not given twice; a copy, other quoted words and `storefrontish` are left alone")
    func othersLeftAlone() {
        let options = [AdvisedOption("--entitlements", "/x.jsonl"), AdvisedOption("--account", "bob")]
        #expect(StoreCommandText.naming(options, in: "`storefront transactions --account alice`")
            == "`storefront --entitlements /x.jsonl transactions --account alice`")
        for text in ["`storefront verify --entitlements /y.jsonl --account=carol`", "`storefront store copy --from a --to b`",
                     "`storefront store copy` this store into an empty database", "`chmod 600 /x.jsonl.key`",
                     "`storefrontish verify`"] {
            let named = StoreCommandText.naming(options, in: text)
            #expect(named == text, "\(named)")
        }
    }

    @Test("a backquote in an echoed value cannot leave the advice after it unnamed (before: one backquote in a path left every command plain)")
    func backquoteInAnEchoedValue() {
        let text = "/tmp/one`tick/s.jsonl has a problem. `storefront verify` lists the problems; `storefront repair` keeps the rest."
        let named = StoreCommandText.naming([AdvisedOption("--entitlements", "/tmp/one`tick/s.jsonl")], in: text)
        #expect(named == "/tmp/one`tick/s.jsonl has a problem. `storefront --entitlements '/tmp/one`tick/s.jsonl' verify` lists the "
            + "problems; `storefront --entitlements '/tmp/one`tick/s.jsonl' repair` keeps the rest.")
    }

    @Test("a path with a line break or a tab is written $'…' with them escaped, so the terminal cannot turn them into spaces")
    func controlCharactersAreEscaped() {
        let named = StoreCommandText.naming([AdvisedOption("--entitlements", "/tmp/a\nb\tc/it's.jsonl")], in: "`storefront repair`")
        #expect(named == #"`storefront --entitlements $'/tmp/a\nb\tc/it\'s.jsonl' repair`"#)
    }
}
