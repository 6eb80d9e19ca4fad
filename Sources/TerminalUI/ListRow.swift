/// One row of a list: text on the left and, optionally, text kept whole on the right (a price, a badge).
public struct ListRow: Hashable, Sendable {
    public var leading: [Span]
    public var trailing: [Span]

    public init(leading: [Span], trailing: [Span] = []) {
        self.leading = leading
        self.trailing = trailing
    }

    /// A row of plain strings in one style.
    public init(_ leading: String, trailing: String = "", style: Style = .plain) {
        self.init(leading: [Span(leading, style: style)], trailing: trailing.isEmpty ? [] : [Span(trailing, style: style)])
    }
}
