import StoreJSON
import StorefrontText
import StoreEngine
import TerminalUI

/// A picker's text field: a locale, or a new account or device name.
enum PickerTypingReducer: KeyReducer {
    enum Command: Sendable {
        case help, type, deleteBackward, apply, leave
    }

    static let keys = KeyTable<Command>([
        // Before the typed text: no locale or name needs `?`, so it opens the help here too.
        .openHelp(.help),
        KeyBinding(.type, keys: [], typedText: true, help: ("letters", "type the value; a paste is typed in too")),
        KeyBinding(.deleteBackward, keys: [.backspace], help: ("Backspace", "take back the last letter")),
        KeyBinding(.apply, keys: [.enter], help: ("Enter", "apply; a locale's region picks the storefront"),
                   hint: FooterHint("Enter", "apply")),
        KeyBinding(.leave, keys: [.escape], help: ("Esc", "leave the field, then close"), hint: FooterHint("Esc", "back")),
    ])

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
            var refused: Character?
            for character in typed {
                if typing.entry.insert(character, allowed: { AppState.isAllowed($0, in: typing.field) }) == .refused {
                    refused = refused ?? character
                }
            }
            // Said under the field, so what Enter applies is what the field shows, knowingly.
            if let refused {
                // A control or bidi mark is named by its code point, never written to the screen.
                let shown = TerminalText.isSafe(String(refused)) && !refused.isWhitespace
                    ? "“\(refused)”" : refused.unicodeScalars.map { "U+" + $0.hexDigits }.joined(separator: " ")
                typing.entry.sayLeftOut(StorefrontScreenText.leftOut(shown, fromLocale: typing.field == .locale))
            } else if typing.entry.leftOutPastEnd > 0 {
                typing.entry.sayLeftOut(StorefrontScreenText.fieldFull(maximum: TextField.maximumLength,
                                                                        leftOut: typing.entry.leftOutPastEnd,
                                                                        isName: typing.field != .locale))
            }
            picker.typing = typing
        case .deleteBackward:
            typing.entry.deleteBackward()
            picker.typing = typing
        case .apply:
            return state.accept(typing, in: picker)
        case .leave:
            picker.typing = nil
        }
        state.replaceTop(with: .picker(picker))
        return []
    }
}
