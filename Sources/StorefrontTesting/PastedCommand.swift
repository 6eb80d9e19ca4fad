import Foundation

/// The commands that messages advise, read and run as a POSIX shell does with a line pasted
/// into it: for tests that advice can be pasted as printed.
public enum PastedCommand {
    /// The backquoted command in `message` that starts with `start` (`storefront verify`), nil
    /// when there is none.
    public static func quoted(startingWith start: String, in message: String) -> String? {
        guard let opening = message.range(of: "`" + start) else { return nil }
        let rest = message[opening.upperBound...]
        return rest.firstIndex(of: "`").map { start + rest[..<$0] }
    }

    /// The first command in backquotes in `message` that holds `word` (after variables it sets,
    /// say), without the backquotes; nil when there is none.
    public static func quoted(containing word: String, in message: String) -> String? {
        let spans = message.split(separator: "`", omittingEmptySubsequences: false)
        // Every other span is inside backquotes.
        return stride(from: 1, to: spans.count - 1, by: 2).map { String(spans[$0]) }.first { $0.contains(word) }
    }

    /// The arguments `shell` (`/bin/sh` unless given) passes to `program` when it runs
    /// `command` as written; `program` is a shell function there that only writes them out, so
    /// nothing else runs.
    public static func arguments(passedTo program: String, by command: String, shell: String = "/bin/sh") throws -> [String] {
        let script = "\(program)() { printf '%s\\0' \"$@\"; }; " + command
        let output = try run(script, environment: ["PATH": "/usr/bin:/bin"], shell: shell).stdout
        return output.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// `command` run by `/bin/sh` in `cli`'s environment, with the built `storefront` first on
    /// the PATH.
    public static func run(_ command: String, as cli: StorefrontProcess) throws -> StorefrontProcess.Result {
        var environment = cli.environment
        environment["PATH"] = (StorefrontProcess.binary as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "")
        return try run(command, environment: environment)
    }

    private static func run(_ script: String, environment: [String: String], shell path: String = "/bin/sh") throws -> StorefrontProcess.Result {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: path)
        shell.arguments = ["-c", script]
        shell.environment = environment
        let output = Pipe(), errors = Pipe()
        (shell.standardOutput, shell.standardError) = (output, errors)
        try shell.run()
        return RunningCommand(process: shell, output: output, errors: errors).wait()
    }
}
