import Foundation
import StorefrontTesting
import Testing

/// The `store` commands given what they cannot use: each says what it took, and what to give.
@Suite("Store commands: usage errors say what was taken and what to give")
struct StoreCommandUsageCLITests {
    @Test("store init and migrate on an entitlements file name the file and what named it")
    func postgresCommandsOnAFile() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let path = folder + "/entitlements.jsonl"
        let cli = StorefrontProcess(ledger: path)

        let byStore = try cli.run(["store", "init", "--store", path])
        #expect(byStore.status == 2, "\(byStore.stderr)")
        #expect(byStore.stderr.contains("store init works on a PostgreSQL store, and --store names the entitlements file "
            + "\(path), not a database: give --store with a PostgreSQL address"), "\(byStore.stderr)")
        #expect(byStore.stderr.contains("An entitlements file needs no store init: its first change makes it"), "\(byStore.stderr)")

        let byOption = try cli.run(["store", "migrate"])
        #expect(byOption.status == 2 && byOption.stderr.contains("and --entitlements names the entitlements file \(path)"),
                "\(byOption.stderr)")
        #expect(!byOption.stderr.contains("needs no"), "only store init is told a file needs no such step: \(byOption.stderr)")

        var byVariable = StorefrontProcess(ledger: "")
        byVariable.environment["STOREFRONT_ENTITLEMENTS"] = path
        let named = try byVariable.run(["store", "init"])
        #expect(named.status == 2 && named.stderr.contains("and STOREFRONT_ENTITLEMENTS names the entitlements file \(path)"),
                "\(named.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path), "nothing was made")
    }

    @Test("store copy's usage shows --from and --to as required, and says which is missing")
    func copyUsage() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let oneEnd = try cli.run(["store", "copy", "--from", cli.ledger])
        #expect(oneEnd.status == 2 && oneEnd.stderr.contains("; --to is missing"), "\(oneEnd.stderr)")
        let noEnd = try cli.run(["store", "copy"])
        #expect(noEnd.status == 2 && noEnd.stderr.contains("; --from and --to are missing"), "\(noEnd.stderr)")
        let unknown = try cli.run(["store", "frob"])
        #expect(unknown.status == 2 && unknown.stderr.contains("`storefront store copy --from FILE_OR_URL --to FILE_OR_URL "
            + "[--verified-only]`"), "\(unknown.stderr)")
    }
}
