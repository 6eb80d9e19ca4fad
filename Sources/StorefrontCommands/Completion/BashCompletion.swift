/// The bash completion script, made from the declared commands.
///
/// `_storefront` reads the words before the cursor as the parser does (options anywhere,
/// values after value options), finds the longest command name they start with, and offers
/// that command's next argument, its options, or the words that continue a command's name.
/// Product ids and other names that depend on the catalog or the store come from
/// `storefront __complete KIND`, given the `--catalog`, `--entitlements`, `--account` and
/// `--device` typed so far.
enum BashCompletion {
    static func script(commands: [CommandDeclaration]) -> String {
        let table = CompletionTable(commands: commands)
        let quoted = CompletionTable.quoted
        var lines: [String] = [
            "# bash completion for storefront, made by `storefront completion bash`.",
            "# Load it with: source <(storefront completion bash)",
            "_storefront_names() {",
            "    local kind=$1 i word",
            "    local -a given=()",
            "    # Only options typed in full before the cursor: the word being typed is no value yet.",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        word=${COMP_WORDS[i]}",
            "        case $word in",
            "            --catalog|--entitlements|--account|--device)",
            "                (( i + 1 < COMP_CWORD )) && given+=(\"$word\" \"${COMP_WORDS[i+1]}\"); (( i++ )) ;;",
            "            --catalog=*|--entitlements=*|--account=*|--device=*) given+=(\"$word\") ;;",
            "        esac",
            "    done",
            "    local IFS=$'\\n'",
            "    COMPREPLY=( $(compgen -W \"$(storefront \"${given[@]}\" __complete \"$kind\" 2>/dev/null)\" -- \"$cur\") )",
            "}",
            "",
            "_storefront_offer() {",
            "    case $1 in",
            "        file) COMPREPLY=( $(compgen -f -- \"$cur\") ) ;;",
            "        dynamic:*) _storefront_names \"${1#dynamic:}\" ;;",
            "        words:*) COMPREPLY=( $(compgen -W \"${1#words:}\" -- \"$cur\") ) ;;",
            "        file+words:*) COMPREPLY=( $(compgen -f -- \"$cur\") $(compgen -W \"${1#file+words:}\" -- \"$cur\") ) ;;",
            "        *) COMPREPLY=() ;;",
            "    esac",
            "}",
            "",
            "_storefront() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" i word",
            "    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    COMPREPLY=()",
            "    case $prev in",
        ]
        for option in table.valueOptions {
            lines.append("        --\(option.name)) _storefront_offer \(quoted(CompletionTable.offer(option.completion))); return ;;")
        }
        lines += [
            "    esac",
            "    local -a positional=()",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        word=${COMP_WORDS[i]}",
            "        case $word in",
            "            \(table.valueOptionPattern)) (( i++ )) ;;",
            "            -?*) ;;",
            "            *) positional+=(\"$word\") ;;",
            "        esac",
            "    done",
            "    local -a names=( \(table.quotedNames) )",
            "    local command=\"\" name count=${#positional[@]}",
            "    local -a parts next=()",
            "    for name in \"${names[@]}\"; do",
            "        read -ra parts <<< \"$name\"",
            "        if (( count >= ${#parts[@]} )) && [[ -z $command && \"${positional[*]:0:${#parts[@]}}\" == \"$name\" ]]; then",
            "            command=$name",
            "        elif (( count < ${#parts[@]} )) && [[ $count -eq 0 || \"${parts[*]:0:count}\" == \"${positional[*]}\" ]]; then",
            "            [[ \" ${next[*]} \" == *\" ${parts[count]} \"* ]] || next+=(\"${parts[count]}\")",
            "        fi",
            "    done",
            "    if [[ $cur == -* ]]; then",
            "        local options=\"\(table.globalOptions.joined(separator: " "))\"",
            "        case $command in",
        ]
        for (command, options) in table.commandOptions {
            lines.append("            \(quoted(command))) options+=\" \(options.joined(separator: " "))\" ;;")
        }
        lines += [
            "        esac",
            "        COMPREPLY=( $(compgen -W \"$options\" -- \"$cur\") )",
            "        return",
            "    fi",
            "    if [[ -z $command ]]; then",
            "        COMPREPLY=( $(compgen -W \"${next[*]}\" -- \"$cur\") )",
            "        return",
            "    fi",
            "    read -ra parts <<< \"$command\"",
            "    local index=$(( count - ${#parts[@]} ))",
            "    case \"$command:$index:${positional[count-1]}\" in",
        ]
        for (pattern, offer) in table.argumentCases {
            lines.append("        \(pattern)) _storefront_offer \(offer) ;;")
        }
        lines += [
            "    esac",
            "    # Words that continue a longer command's name (\"settings\" then \"set\").",
            "    (( ${#next[@]} > 0 )) && COMPREPLY+=( $(compgen -W \"${next[*]}\" -- \"$cur\") )",
            "    return 0",
            "}",
            "complete -F _storefront storefront",
        ]
        return lines.joined(separator: "\n")
    }
}
