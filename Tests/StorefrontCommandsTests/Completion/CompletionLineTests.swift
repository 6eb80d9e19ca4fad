import Foundation
import StoreEngine
import StorefrontCommands
import Testing

/// What the completions offer in the middle of a line, in each shell: the account or device
/// being typed after `--account`/`--device`, and the values of the setting named before.
@Suite("Commands: completions read the line being typed")
struct CompletionLineTests {
    let shells = CompletionShells()

    /// An entitlements file that knows the account "tester" and the device "phone".
    private func knowTesterOnPhone() throws {
        let made = try shells.storefront(["--account", "tester", "--device", "phone", "buy", "com.example.rage.noads"])
        #expect(made.status == 0, "\(made.output)")
    }

    /// The values each shell should offer after `settings set NAME`, from the store's enums.
    private static let settingValues: [(name: String, values: [String])] = [
        ("time-rate", TimeRate.allCases.map(\.rawValue).sorted()),
        ("purchases-allowed", ["false", "true"]),
        ("environment", StoreEnvironment.allCases.map(\.rawValue).sorted()),
        ("next-purchase", PurchaseSimulation.allCases.map(\.rawValue).sorted()),
        ("fail.purchase", (["none"] + InjectedError.allCases.flatMap { [$0.rawValue, $0.rawValue + ":once"] }).sorted()),
    ]

    @Test func bashOffersAccountsAndDevicesWhileTheirValueIsTyped() throws {
        guard let bash = CompletionShells.shell("bash") else { return }
        let script = try CompletionShells.scriptFile(.bash)
        try knowTesterOnPhone()
        #expect(try shells.bashOffers(["--account", ""], bash: bash, script: script).contains("tester"))
        #expect(try shells.bashOffers(["--account", "te"], bash: bash, script: script) == ["tester"])
        #expect(try shells.bashOffers(["--device", ""], bash: bash, script: script).contains("phone"))
        #expect(try shells.bashOffers(["--account", "tester", "--device", "ph"], bash: bash, script: script) == ["phone"])
    }

    @Test func fishOffersAccountsAndDevicesWhileTheirValueIsTyped() throws {
        guard let fish = CompletionShells.shell("fish") else { return }
        let script = try CompletionShells.scriptFile(.fish)
        try knowTesterOnPhone()
        #expect(try shells.fishOffers("storefront --account ", fish: fish, script: script).contains("tester"))
        #expect(try shells.fishOffers("storefront --account t", fish: fish, script: script) == ["tester"])
        #expect(try shells.fishOffers("storefront --device ", fish: fish, script: script).contains("phone"))
        #expect(try shells.fishOffers("storefront --account tester --device p", fish: fish, script: script) == ["phone"])
    }

    @Test func zshOffersAccountsAndDevicesWhileTheirValueIsTyped() throws {
        guard let zsh = CompletionShells.shell("zsh") else { return }
        let script = try CompletionShells.scriptFile(.zsh)
        try knowTesterOnPhone()
        // zsh filters by the typed prefix itself, so the whole list is what the script adds.
        #expect(try shells.zshOffers(["--account", ""], zsh: zsh, script: script).contains("tester"))
        #expect(try shells.zshOffers(["--account", "te"], zsh: zsh, script: script).contains("tester"))
        #expect(try shells.zshOffers(["--account", "tester", "--device", "p"], zsh: zsh, script: script).contains("phone"))
    }

    @Test func everyShellOffersOnlyTheNamedSettingsValues() throws {
        let bash = CompletionShells.shell("bash"), zsh = CompletionShells.shell("zsh"), fish = CompletionShells.shell("fish")
        let bashScript = try CompletionShells.scriptFile(.bash), zshScript = try CompletionShells.scriptFile(.zsh)
        let fishScript = try CompletionShells.scriptFile(.fish)
        for (name, values) in Self.settingValues {
            if let bash {
                #expect(try shells.bashOffers(["settings", "set", name, ""], bash: bash, script: bashScript) == values, "bash, \(name)")
            }
            if let zsh {
                #expect(try shells.zshOffers(["settings", "set", name, ""], zsh: zsh, script: zshScript) == values, "zsh, \(name)")
            }
            if let fish {
                #expect(try shells.fishOffers("storefront settings set \(name) ", fish: fish, script: fishScript) == values,
                        "fish, \(name)")
            }
        }
        if let bash {
            // A name the store does not know gets no values rather than every value.
            #expect(try shells.bashOffers(["settings", "set", "no-such-setting", ""], bash: bash, script: bashScript) == [])
        }
    }
}
