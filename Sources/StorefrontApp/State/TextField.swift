/// A one-line text entry: what was typed so far and, after a rejected entry, why.
public struct TextField: Equatable, Sendable {
    public var text: String
    /// Why the last entry was not accepted, shown under the field.
    public var error: String?
    /// The most characters the field takes.
    public static let maximumLength = 40

    public init(text: String = "", error: String? = nil) {
        self.text = text
        self.error = error
    }

    /// What became of a character typed into the field.
    public enum Insertion: Equatable, Sendable {
        case inserted
        /// Not one the field takes.
        case refused
        /// The field held `maximumLength` characters already.
        case full
    }

    /// Adds `character` when it is one the field accepts and there is room; says what it did,
    /// so the caller can say what was left out rather than drop it without a word.
    @discardableResult
    public mutating func insert(_ character: Character, allowed: (Character) -> Bool) -> Insertion {
        guard allowed(character) else { return .refused }
        guard text.count < Self.maximumLength else { return .full }
        text.append(character)
        error = nil
        return .inserted
    }

    public mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        error = nil
    }
}
