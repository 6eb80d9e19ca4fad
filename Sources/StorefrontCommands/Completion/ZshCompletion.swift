/// The zsh completion script, made from the declared commands.
///
/// It reads the line as `_storefront` in the bash script does (see `BashCompletion`), with
/// zsh's arrays; it works both as a file `_storefront` on `fpath` and when sourced.
enum ZshCompletion {
    static func script(commands: [CommandDeclaration]) -> String {
        let table = CompletionTable(commands: commands)
        let quoted = CompletionTable.quoted
        var lines: [String] = [
            "#compdef storefront",
            "# zsh completion for storefront, made by `storefront completion zsh`.",
            "_storefront_names() {",
            "  local kind=$1 i",
            "  local -a given",
            "  # Only options typed in full before the cursor: the word being typed is no value yet.",
            "  for (( i = 2; i < CURRENT; i++ )); do",
            "    case $words[i] in",
            "      --catalog|--entitlements|--account|--device)",
            "        (( i + 1 < CURRENT )) && given+=($words[i] $words[i+1]); (( i++ )) ;;",
            "      --catalog=*|--entitlements=*|--account=*|--device=*) given+=($words[i]) ;;",
            "    esac",
            "  done",
            "  local -a found",
            "  found=( ${(f)\"$(storefront $given __complete $kind 2>/dev/null)\"} )",
            "  compadd -a found",
            "}",
            "",
            "_storefront_offer() {",
            "  case $1 in",
            "    file) _files ;;",
            "    dynamic:*) _storefront_names ${1#dynamic:} ;;",
            "    words:*) compadd -- ${=${1#words:}} ;;",
            "    file+words:*) _files; compadd -- ${=${1#file+words:}} ;;",
            "  esac",
            "}",
            "",
            "_storefront() {",
            "  local cur=$words[CURRENT] prev=$words[CURRENT-1] i",
            "  case $prev in",
        ]
        for option in table.valueOptions {
            lines.append("    --\(option.name)) _storefront_offer \(quoted(CompletionTable.offer(option.completion))); return ;;")
        }
        lines += [
            "  esac",
            "  local -a positional names next parts options",
            "  for (( i = 2; i < CURRENT; i++ )); do",
            "    case $words[i] in",
            "      \(table.valueOptionPattern)) (( i++ )) ;;",
            "      -?*) ;;",
            "      *) positional+=($words[i]) ;;",
            "    esac",
            "  done",
            "  names=( \(table.quotedNames) )",
            "  local command= name count=$#positional",
            "  for name in $names; do",
            "    parts=( ${=name} )",
            "    if (( count >= $#parts )) && [[ -z $command && \"${positional[1,$#parts]}\" == \"$name\" ]]; then",
            "      command=$name",
            "    elif (( count < $#parts )) && [[ $count -eq 0 || \"${parts[1,count]}\" == \"$positional\" ]]; then",
            "      next+=($parts[count+1])",
            "    fi",
            "  done",
            "  if [[ $cur == -* ]]; then",
            "    options=( \(table.globalOptions.joined(separator: " ")) )",
            "    case $command in",
        ]
        for (command, options) in table.commandOptions {
            lines.append("      \(quoted(command))) options+=( \(options.joined(separator: " ")) ) ;;")
        }
        lines += [
            "    esac",
            "    compadd -a options",
            "    return",
            "  fi",
            "  if [[ -z $command ]]; then",
            "    compadd -- ${(u)next}",
            "    return",
            "  fi",
            "  parts=( ${=command} )",
            "  local index=$(( count - $#parts ))",
            "  case \"$command:$index:$positional[count]\" in",
        ]
        for (pattern, offer) in table.argumentCases {
            lines.append("    \(pattern)) _storefront_offer \(offer) ;;")
        }
        lines += [
            "  esac",
            "  (( $#next )) && compadd -- ${(u)next}",
            "  return 0",
            "}",
            "",
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            "  _storefront \"$@\"",
            "else",
            "  compdef _storefront storefront",
            "fi",
        ]
        return lines.joined(separator: "\n")
    }
}
