import Foundation
import TerminalUI
import StorefrontText

/// Where the CLI writes: results to stdout, messages for people to stderr.
///
/// Text for people goes through `TerminalText.sanitize`, as on the storefront's screen: a
/// catalog title or an echoed `--device` value is data, and must not be able to clear the
/// screen, retitle the window or reorder the line. JSON is written exact (see `json`).
public struct Console: Sendable {
    /// The options the command was given that every command text for people advises is made
    /// to name (see `StoreCommandText.naming`); none leaves advice as written.
    public var advisedOptions: [AdvisedOption]

    public init(advisedOptions: [AdvisedOption] = []) {
        self.advisedOptions = advisedOptions
    }

    /// One line for people; line breaks inside the data become spaces, so a value cannot
    /// split one result line into two.
    public func out(_ line: String) {
        write(TerminalText.sanitize(advising(line)), to: .output)
    }

    /// Several lines of the program's own text (help, reports), each line neutralised.
    public func outLines(_ text: String) {
        write(Self.neutralisedLines(advising(text)), to: .output)
    }

    /// One line for people on stderr.
    public func err(_ line: String) {
        write(TerminalText.sanitize(advising(line)), to: .error)
    }

    /// Several lines for people on stderr (a message that lists problems one per line).
    public func errLines(_ text: String) {
        write(Self.neutralisedLines(advising(text)), to: .error)
    }

    /// `text` as `errLines` would write it, for a signal handler to write later as it is.
    func preparedForStandardError(_ text: String) -> String {
        Self.neutralisedLines(advising(text))
    }

    /// Bytes exactly as given on stdout, for binary output such as a DER certificate.
    func outBytes(_ bytes: [UInt8]) {
        StandardStreamWriter.write(bytes, to: .output)
    }

    /// Writes `value` as stable, pretty JSON with sorted keys and ISO 8601 dates; its messages'
    /// advice names the options as text for people does (see `AdvisedMessage`).
    public func json(_ value: some Encodable) throws {
        writeJSON(String(decoding: try JSONShapes.encoder(advising: advisedOptions).encode(value), as: UTF8.self))
    }

    /// Writes JSON text with its values unchanged; the characters a terminal would act on
    /// are written as `\u` escapes, which every JSON reader turns back into the same value.
    public func writeJSON(_ text: String) {
        write(JSONInvisibleEscaping.escape(text), to: .output)
    }

    /// Writes a script of the program's own (a shell completion) exactly as made.
    public func writeScript(_ text: String) {
        write(text, to: .output)
    }

    private func advising(_ text: String) -> String {
        StoreCommandText.naming(advisedOptions, in: text)
    }

    private static func neutralisedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.sanitize(String($0)) }
            .joined(separator: "\n")
    }

    private func write(_ text: String, to stream: StandardStreamWriter.Stream) {
        StandardStreamWriter.write(Array((text + "\n").utf8), to: stream)
    }
}
