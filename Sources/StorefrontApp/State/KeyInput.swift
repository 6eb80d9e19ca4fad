import Foundation
import TerminalUI

/// A key that arrived while a store operation ran; it is handled, in order, once the operation ends.
public struct WaitingKey: Equatable, Sendable {
    public var key: Key
    /// The real time it arrived, so a confirmation sheet it reaches judges it by when it was typed.
    public var arrivedAt: Date

    public init(key: Key, arrivedAt: Date) {
        self.key = key
        self.arrivedAt = arrivedAt
    }
}

/// How long a confirmation sheet ignores Enter after the key that opened it.
///
/// Keys of a paste or of a burst typed ahead arrive within a few milliseconds of each other;
/// a person who reads the sheet takes far longer than this to answer it.
public enum ConfirmationArming {
    public static let delay: TimeInterval = 0.3
}

extension TextField {
    /// Pasted text as one line for a field: line breaks become spaces and other control
    /// characters are dropped, so a paste types text and never presses Enter. An escape
    /// sequence goes whole, as the pickers' fields leave it out: dropping only its ESC typed its
    /// tail (`[31m`) into the search.
    public static func singleLine(_ pasted: String) -> String {
        var line = ""
        let text = TerminalText.pieces(of: pasted).map { piece -> String in
            if case .text(let text) = piece { return text }
            return ""
        }.joined()
        for character in text {
            if character.isNewline {
                line.append(" ")
            } else if !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                line.append(character)
            }
        }
        return line
    }
}
