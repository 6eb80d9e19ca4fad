/// A key press (or a terminal resize) as the app sees it, independent of the backend.
public enum Key: Hashable, Sendable {
    /// A printable character, including space.
    case character(Character)
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    case enter
    case escape
    case backspace
    case tab
    /// Shift-Tab.
    case backTab
    case delete
    case insert
    /// F1 to F12 (and beyond, where the terminal has them).
    case function(Int)
    /// A control chord, by its lowercase letter: Ctrl-C is `.ctrl("c")`.
    case ctrl(Character)
    /// The terminal changed size; the next frame must be drawn at this size.
    case resize(width: Int, height: Int)
    /// Text the terminal marked as pasted (bracketed paste), delivered whole so that no part
    /// of it is taken as a key press.
    case paste(String)
    /// A key the backend could not name.
    case unknown

    /// The key for one scalar read from the terminal as text input.
    ///
    /// Tab, Enter (CR or LF), Escape and Backspace (DEL or BS) have their own
    /// cases; the other C0 codes are control chords (1 is Ctrl-A, 26 is Ctrl-Z,
    /// 0 is Ctrl-@, 28 to 31 are Ctrl-\ Ctrl-] Ctrl-^ Ctrl-_); C1 codes are unknown.
    public init(inputScalar scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x09: self = .tab
        case 0x0A, 0x0D: self = .enter
        case 0x1B: self = .escape
        case 0x08, 0x7F: self = .backspace
        case 0x00: self = .ctrl("@")
        case 0x01...0x1A:
            self = .ctrl(Character(Unicode.Scalar(UInt8(scalar.value) + 0x60)))
        case 0x1C...0x1F:
            self = .ctrl(Character(Unicode.Scalar(UInt8(scalar.value) + 0x40)))
        case 0x80...0x9F: self = .unknown
        default: self = .character(Character(scalar))
        }
    }
}
