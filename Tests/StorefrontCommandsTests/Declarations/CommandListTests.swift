import StorefrontCommands
import Testing

/// The declarations themselves: what parsing, help and completions rely on.
@Suite("Commands: the declarations")
struct CommandListTests {
    @Test func everyCommandIsDeclaredOnce() {
        let names = CommandList.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
    }

    /// The parser reads options before it knows the command, so a name must take a value in
    /// every command or in none.
    @Test func anOptionNameMeansTheSameInEveryCommand() {
        var takesValue: [String: Bool] = [:]
        for option in GlobalOptions.declarations + CommandList.all.flatMap(\.options) {
            if let earlier = takesValue[option.name] { #expect(earlier == option.takesValue, "--\(option.name)") }
            takesValue[option.name] = option.takesValue
        }
    }

    @Test func noCommandDeclaresAGlobalOption() {
        for command in CommandList.all {
            for option in command.options {
                #expect(GlobalOptions.option(named: option.name) == nil, "\(command.name) --\(option.name)")
            }
        }
    }

    @Test func everythingShownHasASummary() {
        for command in CommandList.all {
            #expect(!command.summary.isEmpty, "\(command.name)")
            for argument in command.arguments { #expect(!argument.summary.isEmpty, "\(command.name) \(argument.placeholder)") }
            for option in command.options { #expect(!option.summary.isEmpty, "\(command.name) --\(option.name)") }
        }
        for option in GlobalOptions.declarations { #expect(!option.summary.isEmpty, "--\(option.name)") }
    }

    @Test func onlyTheLastArgumentTakesTheRestAndOptionalOnesComeLast() {
        for command in CommandList.all {
            let arguments = command.arguments
            for (index, argument) in arguments.enumerated() {
                if argument.takesTheRest { #expect(index == arguments.count - 1, "\(command.name)") }
                let requiredAfter = arguments[index...].contains { !$0.isOptional }
                if argument.isOptional { #expect(!requiredAfter, "\(command.name): a required argument after an optional one") }
            }
        }
    }

    @Test func commandsThatChangeTheStoreSayWhatTheyChange() {
        let writers = Set(CommandList.all.filter(\.writes).map(\.name))
        #expect(writers.isSuperset(of: ["buy", "spend", "refund", "settings set", "advance", "repair"]))
        #expect(writers.isDisjoint(with: ["products", "entitlements", "transactions", "settings", "verify", "catalog lint"]))
    }
}
