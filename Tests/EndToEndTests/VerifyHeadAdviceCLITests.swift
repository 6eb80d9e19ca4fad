import Foundation
import StorefrontTesting
import Testing

/// The command `verify` advises for checking the head later, pasted into a shell, checks the
/// same entitlements file: with its path when an option named it, without when the environment
/// names it again.
@Suite("Verify words: the advised check names the file it was run on")
struct VerifyHeadAdviceCLITests {
    @Test("--entitlements with a space in the path: the advice repeats it, quoted; pasted with no HOME, it verifies that file")
    func givenByOption() throws {
        let folder = try StorefrontProcess.temporaryFolder() + "/my shop"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/entitlements.jsonl"
        let cli = StorefrontProcess(ledger: path)
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let verified = try cli.run(["verify"])
        #expect(verified.stdout.contains("check later with `storefront verify --expect-sequence 1 --entitlements '\(path)'`\n"),
                "\(verified.stdout)")
        // Without HOME the default file cannot even be found: only the path given names the store.
        let command = try #require(PastedCommand.quoted(startingWith: "storefront verify", in: verified.stdout))
        let pasted = try PastedCommand.run(command, as: cli)
        #expect(pasted.status == 0 && pasted.stdout.contains("\(path): intact, 1 event"), "\(pasted.stdout)\(pasted.stderr)")

        let rolledBack = try cli.run(["verify", "--expect-sequence", "5"])
        #expect(rolledBack.status == 3)
        #expect(rolledBack.stdout.contains("or run `storefront repair --entitlements '\(path)'` only if"), "\(rolledBack.stdout)")
    }

    @Test("STOREFRONT_ENTITLEMENTS: the advice leaves the path out, as the variable names the file again")
    func givenByVariable() throws {
        var cli = StorefrontProcess(ledger: "")
        cli.environment["STOREFRONT_ENTITLEMENTS"] = try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl"
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let verified = try cli.run(["verify"])
        #expect(verified.stdout.contains("check later with `storefront verify --expect-sequence 1`\n"), "\(verified.stdout)")
    }
}
