/// A one-line text entry: what was typed so far and, after a rejected entry, why.
public struct TextField: Equatable, Sendable {
    public var text: String
    /// Why the last entry was not accepted, shown under the field.
    public var error: String?
    /// The most characters the field takes.
    public static let maximumLength = 40

    /// Characters typed since the field was full, all left out; counted until one is deleted.
    public var leftOutPastEnd = 0
    /// The characters the field did not take, each once, as a message names them (in quotes,
    /// or by code point); kept until one is deleted.
    public var refusedCharacters: [String] = []
    /// Whether `error` says what was left out: it then stays while typing goes on, so a mark
    /// left out of the middle of a name is still said once the name is typed to its end.
    public var errorSaysWhatWasLeftOut = false

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
        // Typed a key at a time, an emoji's joiner or variation selector (or a combining accent)
        // comes alone, and alone it is a mark that draws nothing; it belongs to the character
        // before it, so that character is judged as it now reads (👩 and a joiner, then 💻).
        if let last = text.last, case let joined = String(last) + String(character), joined.count == 1, let merged = joined.first {
            guard allowed(merged) else { return .refused }
            text.removeLast()
            text.append(merged)
            if !errorSaysWhatWasLeftOut { error = nil }
            return .inserted
        }
        guard allowed(character) else { return .refused }
        guard text.count < Self.maximumLength else {
            leftOutPastEnd += 1
            return .full
        }
        text.append(character)
        if !errorSaysWhatWasLeftOut { error = nil }
        return .inserted
    }

    /// Says under the field what typing left out; it stays until a deletion or another error.
    public mutating func sayLeftOut(_ message: String) {
        error = message
        errorSaysWhatWasLeftOut = true
    }

    /// Says why the entry was not taken (on Enter); typing clears it.
    public mutating func refuse(_ message: String) {
        error = message
        errorSaysWhatWasLeftOut = false
    }

    public mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        error = nil
        errorSaysWhatWasLeftOut = false
        leftOutPastEnd = 0
        refusedCharacters = []
    }
}
