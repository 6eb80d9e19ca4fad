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
            let typed: String = switch key {
            case .character(let character): String(character)
            case .paste(let text): TextField.singleLine(text)
            default: ""
            }
            for character in typed {
                typing.entry.insert(character) { AppState.isAllowed($0, in: typing.field) }
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
