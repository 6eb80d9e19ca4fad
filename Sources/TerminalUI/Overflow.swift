/// What a write does with text that is wider than the room it has.
public enum Overflow: Hashable, Sendable {
    /// Cut the text at the edge.
    case clip
    /// Cut the text one column early and end it with "…".
    case ellipsis
}
