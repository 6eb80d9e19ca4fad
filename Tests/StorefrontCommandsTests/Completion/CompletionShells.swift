import Foundation
import StorefrontCommands
import Testing

/// Runs the completion scripts in the shells themselves, with the built `storefront` on `PATH`
/// and an entitlements file of the test's own.
struct CompletionShells {
    /// The folder of the built `storefront`, which the scripts call for product ids.
    static let binaryFolder: String = {
        let candidates = [Bundle.main.executableURL?.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          Bundle.main.bundleURL.deletingLastPathComponent()].compactMap { $0?.path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0 + "/storefront") } ?? candidates[0]
    }()

    /// The entitlements file every run of this value reads (`STOREFRONT_ENTITLEMENTS`).
    let entitlements = NSTemporaryDirectory() + "storefront-completion-\(UUID().uuidString).jsonl"

    /// The shell's path; nil (after recording a failure under CI) when it is not installed.
    /// Where a shell is missing the test fails when `CI` is set (`.ci/run` installs them) and
    /// is passed over otherwise.
    static func shell(_ name: String) -> String? {
        if let path = ["/usr/bin/\(name)", "/bin/\(name)"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            return path
        }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("\(name) is not installed; .ci/run installs it with apt")
        }
        return nil
    }

    func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["PATH": Self.binaryFolder + ":/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
                               "STOREFRONT_ENTITLEMENTS": entitlements]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs the built `storefront` itself, e.g. to make accounts the completions then offer.
    func storefront(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try run(Self.binaryFolder + "/storefront", arguments)
    }

    static func scriptFile(_ shell: CompletionShell) throws -> String {
        let path = NSTemporaryDirectory() + "storefront-completion-\(UUID().uuidString).\(shell.rawValue)"
        try shell.script().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `text` in single quotes for a shell's command line.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// What bash's `_storefront` offers for `words`, the last being the word under the cursor.
    func bashOffers(_ words: [String], bash: String, script: String) throws -> [String] {
        let program = "source '\(script)'; COMP_WORDS=(storefront \(words.map(Self.quoted).joined(separator: " "))); "
            + "COMP_CWORD=\(words.count); _storefront; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try run(bash, ["-c", program])
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    /// What zsh's `_storefront` would add for `words`, the last being the word under the cursor.
    ///
    /// zsh completes only inside its line editor, so `compadd`, `_files` and `compdef` are
    /// stood in for by functions that print what they are given; the script's own reading of
    /// the line runs unchanged.
    func zshOffers(_ words: [String], zsh: String, script: String) throws -> [String] {
        let program = """
            compdef() { : }
            _files() { : }
            compadd() {
              local -a added
              while (( $# )); do
                case $1 in
                  -a) shift; added+=( ${(P)1} ) ;;
                  --) ;;
                  *) added+=( $1 ) ;;
                esac
                shift
              done
              (( $#added )) && print -l -- $added
            }
            source '\(script)'
            words=(storefront \(words.map(Self.quoted).joined(separator: " ")))
            CURRENT=\(words.count + 1)
            _storefront
            """
        let result = try run(zsh, ["-f", "-c", program])
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    /// What fish's `complete -C` offers for `line`, descriptions left out.
    func fishOffers(_ line: String, fish: String, script: String) throws -> [String] {
        let result = try run(fish, ["-c", "source '\(script)'; complete -C \(Self.quoted(line))"])
        return result.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
    }
}
