import StoreEngine
import TerminalUI

/// A picker's list: the locale and storefront picker, the account and device switcher.
enum PickerListReducer: KeyReducer {
    enum Command: Sendable {
        case move, choose, close, quit, help
    }

    static let keys = KeyTable<Command>(KeyBinding.listMovements(.move) + [
        KeyBinding(.choose, keys: [.enter, .character(" ")], help: ("Enter  Space", "choose, or open the field to type a new one"),
                   hint: FooterHint("Enter", "choose")),
        KeyBinding(.close, keys: [.escape], help: ("Esc", "close without changing anything"), hint: FooterHint("Esc", "close")),
        .quit(.quit),
        .openHelp(.help),
    ])

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: Picker, state: inout AppState) -> [Effect] {
        var picker = screen
        switch command {
        case .move:
            let height = PickerView.listHeight(for: picker, size: state.size)
            let delta = ProductList.Movement(key)?.delta(page: height, count: picker.rows.count) ?? 0
            picker.move(by: delta, viewportHeight: height)
            state.replaceTop(with: .picker(picker))
        case .choose: return picker.selectedChoice.map { state.choose($0, in: picker) } ?? []
        case .close: state.closeTop()
        case .quit: return state.quit()
        case .help: state.push(.help(HelpScreen(topic: picker.purpose == .localeAndStorefront ? .localePicker : .accountPicker)))
        }
        return []
    }
}
