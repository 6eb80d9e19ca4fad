/// Words of the shell commands that messages advise (`chmod 600 PATH`, `storefront verify
/// --store ADDRESS`), written so that a command pasted into a POSIX shell reaches the same file
/// or store, whatever spaces, quotes or wildcards its path or address holds.
public enum ShellWord {
    /// `text` as one word of a POSIX shell: unchanged when it holds only characters no shell
    /// gives a meaning (ASCII letters and digits, `@%+=:,./-_`), else in single quotes, inside
    /// which a single quote is written `'\''`. A word starting with `=` is quoted too, since zsh
    /// would read it as a command's path.
    public static func quoted(_ text: String) -> String {
        let isPlain = !text.isEmpty && !text.hasPrefix("=")
            && text.unicodeScalars.allSatisfy(plainScalars.contains)
        if isPlain { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
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
