import StoreJSON
import StorefrontText
import StoreEngine
import TerminalUI

/// A picker's text field: a locale, or a new account or device name.
enum PickerTypingReducer: KeyReducer {
    enum Command: Sendable {
        case help, type, deleteBackward, deleteForward, moveCursor, apply, leave
    }

    static let keys = KeyTable<Command>([
        // Before the typed text: no locale or name needs `?`, so it opens the help here too.
        .openHelp(.help),
        // Tab and control chords come as keys of their own, not characters: bound here so that
        // they are said to be left out, as pasted ones are, rather than dropped without a word.
        KeyBinding(.type, keys: [.tab] + controlChords, typedText: true, help: ("letters", "type the value; a paste is typed in too")),
        KeyBinding(.deleteBackward, keys: [.backspace], help: ("Backspace", "take back the letter before the cursor")),
        // The cursor keys are taken only where they move something, so a key that cannot is not offered.
        KeyBinding(.deleteForward, keys: [.delete], help: ("Delete", "take away the letter under the cursor"),
                   when: { entry(in: $0).map { $0.cursorOffset < $0.text.count } ?? false }),
        KeyBinding(.moveCursor, keys: [.left, .home], help: ("← Home", "move the cursor back a letter, to the start"),
                   when: { entry(in: $0).map { $0.cursorOffset > 0 } ?? false }),
        KeyBinding(.moveCursor, keys: [.right, .end], help: ("→ End", "move the cursor on a letter, to the end"),
                   when: { entry(in: $0).map { $0.cursorOffset < $0.text.count } ?? false }),
        KeyBinding(.apply, keys: [.enter], help: ("Enter", "apply what is typed: a name, or a locale (whose region also picks the storefront)"),
                   hint: FooterHint("Enter", "apply")),
        KeyBinding(.leave, keys: [.escape], help: ("Esc", "leave the field, then close"), hint: FooterHint("Esc", "back")),
    ])

    /// The field of the picker on top, while it is typed in.
    static func entry(in state: AppState) -> TextField? {
        guard case .picker(let picker) = state.overlays.last else { return nil }
        return picker.typing?.entry
    }

    /// Every control chord a terminal sends but those that work everywhere (Ctrl-C quits) or
    /// that the run loop takes (Ctrl-L redraws).
    static let controlChords: [Key] = ("abdefghijkmnopqrstuvwxyz@\\]^_").map { Key.ctrl($0) }

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: Picker, state: inout AppState) -> [Effect] {
        var picker = screen
        guard var typing = picker.typing else { return [] }
        switch command {
        case .help:
            state.push(.help(HelpScreen(topic: typing.field == .locale ? .typedLocale : .typedName)))
            return []
        case .type:
            // A paste goes in as it came, line breaks and controls included, so what the field
            // leaves out of it is said like what it leaves out of typing.
            let typed: String = switch key {
            case .character(let character): String(character)
            case .paste(let text): text
            default: ""
            }
            let before = (typing.entry.refusedCharacters.count, typing.entry.leftOutPastEnd)
            var refused: [String] = []
            // A control key is named as it was pressed; its code point would say little.
            if case .ctrl(let letter) = key { refused.append("Ctrl-\(letter.uppercased())") }
            if key == .tab { refused.append("Tab") }
            for piece in TerminalText.pieces(of: typed) {
                switch piece {
                case .escapeSequence(let sequence):
                    refused.append(Self.shown(sequence: sequence))
                case .text(let text):
                    for character in text
                    where typing.entry.insert(character, allowed: { AppState.isAllowed($0, in: typing.field) }) == .refused {
                        refused.append(Self.shown(character))
                    }
                }
            }
            for shown in refused where !typing.entry.refusedCharacters.contains(shown) { typing.entry.refusedCharacters.append(shown) }
            // Said under the field, everything left out so far, so what Enter applies is what the
            // field shows, knowingly.
            if (typing.entry.refusedCharacters.count, typing.entry.leftOutPastEnd) != before {
                let refused = typing.entry.refusedCharacters.isEmpty ? nil
                    : StorefrontScreenText.leftOut(typing.entry.refusedCharacters, fromLocale: typing.field == .locale)
                let pastEnd = typing.entry.leftOutPastEnd == 0 ? nil
                    : StorefrontScreenText.fieldFull(maximum: TextField.maximumLength, leftOut: typing.entry.leftOutPastEnd,
                                                     isName: typing.field != .locale)
                typing.entry.sayLeftOut([refused, pastEnd].compactMap { $0 }.joined(separator: " "))
            }
            picker.typing = typing
        case .deleteBackward:
            typing.entry.deleteBackward()
            picker.typing = typing
        case .deleteForward:
            typing.entry.deleteForward()
            picker.typing = typing
        case .moveCursor:
            let move: TextField.CursorMove? = switch key {
            case .left: .left
            case .right: .right
            case .home: .start
            case .end: .end
            default: nil
            }
            if let move { typing.entry.moveCursor(move) }
            picker.typing = typing
        case .apply:
            return state.accept(typing, in: picker)
        case .leave:
            picker.typing = nil
        }
        state.replaceTop(with: .picker(picker))
        return []
    }

    /// An escape sequence the field left out, as its message names it: ESC spelled out, the rest
    /// as it would print, cut after 16 characters ("ESC[31m").
    static func shown(sequence: String) -> String {
        let body = TerminalText.sanitize(String(String.UnicodeScalarView(sequence.unicodeScalars.dropFirst())))
        let name = sequence.unicodeScalars.first?.value == 0x1B ? "ESC" : sequence.unicodeScalars.first.map { "U+" + $0.hexDigits } ?? ""
        return name + (body.count > 16 ? String(body.prefix(16)) + "…" : body) + " (an escape sequence)"
    }

    /// A character the field left out as its message names it: in quotes when it shows plainly
    /// (a `!`), by its code points when it would not (a control, a bidi or invisible mark, a
    /// space), so nothing invisible is quoted as "“”" and nothing acts on the terminal.
    static func shown(_ character: Character) -> String {
        let plain = TerminalText.isSafe(String(character)) && !character.isWhitespace && !BuyerName.hasInvisibleMark(character)
        return plain ? "“\(character)”" : character.unicodeScalars.map { "U+" + $0.hexDigits }.joined(separator: " ")
    }
}
