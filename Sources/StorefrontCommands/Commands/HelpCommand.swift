import StoreEngine
import StorefrontText

/// `storefront help [COMMAND]`: the list of commands, or one command's help.
enum HelpCommand {
    static func run(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let topic = arguments.commandArguments
        guard !topic.isEmpty else {
            console.outLines(HelpText.overview())
            return .success
        }
        // "help settings": the command and every longer one that starts with its words.
        let group = CommandList.visible.filter { $0.words.starts(with: topic) }
        guard !group.isEmpty else { throw UsageError(CommandLineText.Usage.unknownHelpTopic(topic.joined(separator: " "))) }
        console.outLines(group.map(HelpText.of).joined(separator: "\n\n"))
        return .success
    }
}
