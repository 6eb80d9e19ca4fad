/// The fish completion script, made from the declared commands.
///
/// Helper functions read the line as the parser does (see `BashCompletion`); each option and
/// each argument is one `complete` line whose condition names its command and position.
enum FishCompletion {
    static func script(commands: [CommandDeclaration]) -> String {
        let table = CompletionTable(commands: commands)
        let quoted = CompletionTable.quoted
        var lines: [String] = [
            "# fish completion for storefront, made by `storefront completion fish`.",
            "function __storefront_positional",
            "    set -l tokens (commandline -opc)",
            "    set -e tokens[1]",
            "    set -l skip 0",
            "    for token in $tokens",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch $token",
            "            case \(table.valueOptions.map { "--\($0.name)" }.joined(separator: " "))",
            "                set skip 1",
            "            case '-?*'",
            "            case '*'",
            "                echo $token",
            "        end",
            "    end",
            "end",
            "",
            "function __storefront_command",
            "    set -l words (__storefront_positional)",
            "    for name in \(table.quotedNames)",
            "        set -l parts (string split ' ' -- $name)",
            "        set -l size (count $parts)",
            "        if test (count $words) -ge $size; and test \"$words[1..$size]\" = \"$name\"",
            "            echo $name",
            "            return 0",
            "        end",
            "    end",
            "    return 1",
            "end",
            "",
            "function __storefront_next_words",
            "    set -l words (__storefront_positional)",
            "    set -l count (count $words)",
            "    for name in \(table.quotedNames)",
            "        set -l parts (string split ' ' -- $name)",
            "        if test $count -lt (count $parts)",
            "            if test $count -eq 0; or test \"$parts[1..$count]\" = \"$words\"",
            "                set -l after (math $count + 1)",
            "                echo $parts[$after]",
            "            end",
            "        end",
            "    end | sort -u",
            "end",
            "",
            "# With a third word, the argument before must be that word (a setting's name).",
            "function __storefront_argument_is -a name index before",
            "    test \"$(__storefront_command)\" = \"$name\"; or return 1",
            "    set -l words (__storefront_positional)",
            "    set -l parts (string split ' ' -- $name)",
            "    test -z \"$before\"; or test \"$words[-1]\" = \"$before\"; or return 1",
            "    test $index = any; or test (math (count $words) - (count $parts)) = $index",
            "end",
            "",
            "function __storefront_names -a kind",
            "    # `commandline -opc` leaves out the token being typed, so an option last in it has no value yet.",
            "    set -l tokens (commandline -opc)",
            "    set -l given",
            "    set -l i 2",
            "    while test $i -le (count $tokens)",
            "        switch $tokens[$i]",
            "            case --catalog --entitlements --account --device",
            "                set -l value (math $i + 1)",
            "                if test $value -le (count $tokens)",
            "                    set -a given $tokens[$i] $tokens[$value]",
            "                end",
            "                set i $value",
            "            case '--catalog=*' '--entitlements=*' '--account=*' '--device=*'",
            "                set -a given $tokens[$i]",
            "        end",
            "        set i (math $i + 1)",
            "    end",
            "    storefront $given __complete $kind 2>/dev/null",
            "end",
            "",
            "complete -c storefront -f",
            "complete -c storefront -a '(__storefront_next_words)'",
        ]
        for option in GlobalOptions.declarations {
            lines.append("complete -c storefront \(flags(for: option))")
        }
        for command in commands {
            let condition = "-n " + quoted("test \"$(__storefront_command)\" = \(quoted(command.name))")
            for option in command.options {
                lines.append("complete -c storefront \(condition) \(flags(for: option))")
            }
            for (index, argument) in command.arguments.enumerated() where argument.completion != .none {
                let position = argument.takesTheRest ? "any" : "\(index)"
                let test = "__storefront_argument_is \(quoted(command.name)) \(position)"
                if case let .wordsAfter(choices) = argument.completion {
                    for choice in choices {
                        let condition = "-n " + quoted("\(test) \(quoted(choice.word))")
                        lines.append("complete -c storefront \(condition) \(offer(.words(choice.offers)))")
                    }
                } else {
                    lines.append("complete -c storefront -n \(quoted(test)) \(offer(argument.completion))")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `-l name`, whether it takes a value, what completes it and its description.
    private static func flags(for option: OptionDeclaration) -> String {
        var parts = ["-l \(option.name)"]
        if option.takesValue { parts.append("-r " + offer(option.completion)) }
        parts.append("-d " + CompletionTable.quoted(option.summary))
        return parts.joined(separator: " ")
    }

    private static func offer(_ completion: Completion) -> String {
        let quoted = CompletionTable.quoted
        return switch completion {
        case .none: "-x"
        case .file: "-F"
        case let .words(words): "-x -a " + quoted(words.joined(separator: " "))
        case let .fileOrWords(words): "-F -a " + quoted(words.joined(separator: " "))
        case let .dynamic(kind): "-x -a " + quoted("(__storefront_names \(kind.rawValue))")
        // One `complete` line per word before (see `script`), never one offer.
        case .wordsAfter: "-x"
        }
    }
}
