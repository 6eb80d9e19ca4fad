import TextControls

/// Words of the shell commands that messages advise (`chmod 600 PATH`, `storefront verify
/// --store ADDRESS`), written so that a command pasted into a POSIX shell reaches the same file
/// or store, whatever spaces, quotes or wildcards its path or address holds.
public enum ShellWord {
    /// `text` as one word of a POSIX shell: unchanged when it holds only characters no shell
    /// gives a meaning (ASCII letters and digits, `@%+=:,./-_`), else in single quotes, inside
    /// which a single quote is written `'\''`. A word starting with `=` is quoted too, since zsh
    /// would read it as a command's path.
    ///
    /// A word holding control characters (a line break or tab in a path), line or paragraph
    /// separators or bidi controls is written `$'…'` with each of them escaped (`\n`, `\t`,
    /// else `\xHH` for each byte), as bash, zsh and ksh read it (dash, Debian's `sh`, does not):
    /// raw, the terminal's words would show them as spaces or drop them, and the command pasted
    /// from there would name another file or database.
    public static func quoted(_ text: String) -> String {
        let isPlain = !text.isEmpty && !text.hasPrefix("=")
            && text.unicodeScalars.allSatisfy(plainScalars.contains)
        if isPlain { return text }
        guard hasUnseenCharacters(text) else {
            return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }
        var escaped = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "'": escaped += "\\'"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x80 && isUnseen(scalar): escaped += "\\x" + hex(scalar.value, digits: 2)
            // A C1 control or another unseen character as its UTF-8 bytes: `\u` depends on the shell's locale.
            case _ where isUnseen(scalar): escaped += Array(String(scalar).utf8).map { "\\x" + hex(UInt32($0), digits: 2) }.joined()
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "'"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Whether `text` holds a character that the terminal's words (`TerminalText.sanitize`)
    /// would not show as itself, so a word holding it must be written with escapes.
    public static func hasUnseenCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isUnseen)
    }

    /// C0 controls, DEL, C1 controls, the line and paragraph separators and the bidi controls:
    /// what the terminal's words drop or show as a space.
    public static func isUnseen(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeControls.isUndrawn(scalar)
    }

    /// `cp PATH PATH<suffix> && mv PATH<suffix> PATH`: a file of one's own, with one name, in
    /// the place of the file at `path`, with the same content.
    public static func copyInPlace(_ path: String, through suffix: String) -> String {
        let (file, copy) = (quoted(path), quoted(path + suffix))
        return "cp \(file) \(copy) && mv \(copy) \(file)"
    }

    private static let plainScalars = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_".unicodeScalars)
}
