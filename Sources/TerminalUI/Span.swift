/// A piece of text with one style; a row of mixed styles is an array of spans.
public struct Span: Hashable, Sendable, ExpressibleByStringLiteral {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// Columns the span occupies once sanitized.
    public var displayWidth: Int { TerminalText.sanitize(text).displayWidth }
}
