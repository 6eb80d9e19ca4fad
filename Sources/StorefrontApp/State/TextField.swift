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

    /// Adds `character` when it is one the field accepts and there is room.
    public mutating func insert(_ character: Character, allowed: (Character) -> Bool) {
        guard text.count < Self.maximumLength, allowed(character) else { return }
        text.append(character)
        error = nil
    }

    public mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        error = nil
    }
}
