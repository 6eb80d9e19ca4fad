import StorefrontText
import TerminalUI

/// A list of choices in sections, with rows to type a new value: the locale and storefront
/// picker and the account and device switcher.
public struct Picker: Equatable, Sendable {
    /// Which picker this is.
    public enum Purpose: Equatable, Sendable {
        case localeAndStorefront
        case accountAndDevice
    }

    /// What choosing a row does.
    public enum Choice: Equatable, Sendable {
        case locale(String)
        case storefront(String)
        case account(String)
        case device(String)
        /// Opens the field to type a value of this kind.
        case typeIn(Field)
    }

    /// The kind of value a typed entry is.
    public enum Field: Equatable, Sendable {
        case locale
        case account
        case device

        /// The prompt in front of the field.
        public var prompt: String {
            switch self {
            case .locale: StorefrontPickerText.localePrompt
            case .account: StorefrontPickerText.accountPrompt
            case .device: StorefrontPickerText.devicePrompt
            }
        }
    }

    /// One row: a heading (no choice) or an option.
    public struct Row: Equatable, Sendable {
        public var choice: Choice?
        public var label: String
        /// Shown right-aligned, e.g. "de_DE" or "EUR".
        public var detail: String
        /// Marks the value in use now.
        public var isCurrent: Bool

        public init(choice: Choice?, label: String, detail: String = "", isCurrent: Bool = false) {
            self.choice = choice
            self.label = label
            self.detail = detail
            self.isCurrent = isCurrent
        }

        public static func heading(_ label: String) -> Row { Row(choice: nil, label: label) }
    }

    public var purpose: Purpose
    public var rows: [Row]
    public var scroll: ScrollState
    /// A value being typed, and what it is for.
    public struct Typing: Equatable, Sendable {
        public var field: Field
        public var entry: TextField

        public init(field: Field, entry: TextField = TextField()) {
            self.field = field
            self.entry = entry
        }
    }

    /// The field being typed in; nil while choosing from the list.
    public var typing: Typing?

    public init(purpose: Purpose, rows: [Row]) {
        self.purpose = purpose
        self.rows = rows
        let first = rows.firstIndex { $0.isCurrent } ?? rows.firstIndex { $0.choice != nil } ?? 0
        scroll = ScrollState(itemCount: rows.count, selection: first)
    }

    /// The row under the selection, when it is an option.
    public var selectedChoice: Choice? {
        scroll.selectedIndex.flatMap { rows[$0].choice }
    }

    /// Moves the selection by `delta` options, skipping headings.
    public mutating func move(by delta: Int, viewportHeight: Int) {
        guard let current = scroll.selectedIndex, delta != 0 else { return }
        let step = delta > 0 ? 1 : -1
        var index = current
        var remaining = abs(delta)
        var candidate = current + step
        while rows.indices.contains(candidate), remaining > 0 {
            if rows[candidate].choice != nil {
                index = candidate
                remaining -= 1
            }
            candidate += step
        }
        if step < 0, index > 0, rows[index - 1].choice == nil {
            scroll.select(index - 1, viewportHeight: viewportHeight)
        }
        scroll.select(index, viewportHeight: viewportHeight)
    }
}
