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
    /// How many characters stand after the cursor: 0 puts it at the end, where typing adds.
    /// Counted from the end so that the text set or grown from outside keeps it there.
    public var charactersAfterCursor = 0

    /// Where the cursor stands, as a count of characters before it.
    public var cursorOffset: Int { max(0, text.count - min(charactersAfterCursor, text.count)) }

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
        let cursor = text.index(text.startIndex, offsetBy: cursorOffset)
        if cursor > text.startIndex, case let before = text.index(before: cursor),
           case let joined = String(text[before]) + String(character), joined.count == 1, let merged = joined.first {
            guard allowed(merged) else { return .refused }
            text.replaceSubrange(before..<cursor, with: String(merged))
            if !errorSaysWhatWasLeftOut { error = nil }
            return .inserted
        }
        guard allowed(character) else { return .refused }
        guard text.count < Self.maximumLength else {
            leftOutPastEnd += 1
            return .full
        }
        text.insert(character, at: cursor)
        if !errorSaysWhatWasLeftOut { error = nil }
        return .inserted
    }

    /// Where a cursor key moves the cursor.
    public enum CursorMove: Equatable, Sendable {
        case left, right, start, end
    }

    public mutating func moveCursor(_ move: CursorMove) {
        let after = min(charactersAfterCursor, text.count)
        charactersAfterCursor = switch move {
        case .left: min(text.count, after + 1)
        case .right: max(0, after - 1)
        case .start: text.count
        case .end: 0
        }
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

    /// Takes back the character before the cursor.
    public mutating func deleteBackward() {
        let offset = cursorOffset
        if offset > 0 { text.remove(at: text.index(text.startIndex, offsetBy: offset - 1)) }
        forgetWhatWasLeftOut()
    }

    /// Takes away the character under the cursor (Delete); nothing at the end.
    public mutating func deleteForward() {
        let offset = cursorOffset
        if offset < text.count {
            // The cursor stays where it is: one character fewer stands after it.
            charactersAfterCursor = text.count - offset - 1
            text.remove(at: text.index(text.startIndex, offsetBy: offset))
        }
        forgetWhatWasLeftOut()
    }

    /// A deletion ends what the error said was left out: the name is being mended.
    private mutating func forgetWhatWasLeftOut() {
        error = nil
        errorSaysWhatWasLeftOut = false
        leftOutPastEnd = 0
        refusedCharacters = []
    }
}
