import StoreEngine
import StorefrontText
import Testing

/// Advice pasted as printed acts on the store the command was given, never on the default file.
@Suite("Words: advised commands name the store given")
struct AdvisedCommandNamingTests {
    let advice = "Nothing was refunded: `storefront refund 2000000000000002` gives it back; `storefront verify` lists problems."

    @Test("a file named by an option is added to every advised command, quoted for the shell")
    func fileNamedByOption() {
        let named = StoreCommandText.naming(.file(path: "/tmp/my shop.jsonl", namedByOption: true), in: advice)
        #expect(named == "Nothing was refunded: `storefront --entitlements '/tmp/my shop.jsonl' refund 2000000000000002` gives it "
            + "back; `storefront --entitlements '/tmp/my shop.jsonl' verify` lists problems.")
        #expect(StoreCommandText.naming(.file(path: "/x.jsonl", namedByOption: true), in: "Run `storefront` again.")
            == "Run `storefront --entitlements /x.jsonl` again.")
    }

    @Test("advice about a database is left as written: its messages name it themselves, or leave it to its owner on purpose")
    func databaseLeftAsWritten() {
        let store = ShownStoreAddress("postgresql://team@db/shop", passwordLeftOut: true)
        #expect(StoreCommandText.naming(.database(store), in: "have it run `storefront store init`") == "have it run `storefront store init`")
    }

    @Test("advice is left as written where the environment or the default names the store, as it will again")
    func storeNamedElsewhere() {
        #expect(StoreCommandText.naming(.file(path: "/x.jsonl", namedByOption: false), in: advice) == advice)
        let byEnvironment = ShownStoreAddress("postgresql://team@db/shop", namedByEnvironment: true)
        #expect(StoreCommandText.naming(.database(byEnvironment), in: advice) == advice)
    }

    @Test("a command that already names a store, other quoted words, and unclosed backquotes are left alone")
    func othersLeftAlone() {
        let file = StoreCommandText.AdvisedStore.file(path: "/x.jsonl", namedByOption: true)
        for text in ["`storefront verify --entitlements /y.jsonl`", "`storefront store copy --from a --to b`",
                     "`storefront store copy` this store into an empty database",
                     "`storefront verify --store=/z.jsonl`", "`chmod 600 /x.jsonl.key`", "a lone ` storefront verify",
                     "`storefrontish verify`"] {
            #expect(StoreCommandText.naming(file, in: text) == text, "\(text)")
        }
    }
}
