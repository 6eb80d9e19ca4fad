/// Where text sits in a row that is wider than the text.
public enum Alignment: Hashable, Sendable {
    case left
    case center
    case right
}
