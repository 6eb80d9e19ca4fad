import Glibc

/// The `mv` that clears a path where storefront keeps a file of its own and found something
/// else (a directory, a FIFO, a file of notes), to give in advice.
public enum MoveAside {
    /// Names tried after `<path>.<ending>` before giving up on finding a free one.
    private static let attempts = 99

    /// `mv -n -T PATH SPARE`, SPARE being the first of `<path>.moved`, `<path>.moved-2`, … (or
    /// of another `ending`) at which nothing stands now. The name is looked for when the advice
    /// is given, since that is when it is followed; `-n -T` keep a name taken since (advice
    /// printed once, by a server that runs on) from being moved over, or into if a directory.
    public static func command(for path: String, ending: String = "moved") -> String {
        "mv -n -T \(ShellWord.quoted(path)) \(ShellWord.quoted(spareName(for: path, ending: ending)))"
    }

    /// The first of `<path>.<ending>`, `<path>.<ending>-2`, … that names nothing (not even a
    /// dangling link); the first of them when all are taken or cannot be looked at.
    static func spareName(for path: String, ending: String = "moved") -> String {
        let first = path + "." + ending
        for number in 1...attempts {
            let candidate = number == 1 ? first : first + "-\(number)"
            var information = stat()
            if lstat(candidate, &information) != 0 {
                return errno == ENOENT ? candidate : first
            }
        }
        return first
    }
}
