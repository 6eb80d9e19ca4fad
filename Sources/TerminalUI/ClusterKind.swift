/// The kinds of grapheme cluster that terminals draw at different widths.
///
/// A joined family, a flag or a skin-toned thumb is one glyph to a person, but terminals
/// differ on how many columns it takes: tmux 3.3a, checked here, gives a ZWJ family and a
/// flag two columns, a skin-toned thumb four (thumb and tone side by side), and a heart or a
/// keycap made emoji by U+FE0F one. So the width of each kind is measured on the terminal at
/// hand (`ClusterWidths`) rather than assumed.
public enum ClusterKind: CaseIterable, Hashable, Sendable {
    /// Two regional indicators: 🇩🇪.
    case flag
    /// A digit, # or * with the enclosing keycap: 1️⃣.
    case keycap
    /// An emoji with a skin-tone modifier, joined or not: 👍🏾, 👩🏾‍💻.
    case skinTone
    /// Emoji joined by U+200D whose first is an emoji by default: 👨‍👩‍👧‍👦, 👩‍💻.
    case joinedEmoji
    /// Emoji joined by U+200D whose first is a text symbol by default: 🏳️‍🌈.
    case joinedTextSymbol
    /// A text symbol asked to show as emoji with U+FE0F: ❤️.
    case emojiPresentation

    /// The kind of `grapheme`, or nil for a cluster every terminal draws alike through curses
    /// (one scalar, or a letter with combining marks).
    public static func of(_ grapheme: String) -> ClusterKind? {
        let scalars = Array(grapheme.unicodeScalars)
        guard scalars.count > 1, let first = scalars.first else { return nil }
        if scalars.filter({ (0x1F1E6...0x1F1FF).contains($0.value) }).count >= 2 { return .flag }
        if scalars.contains(where: { $0.value == 0x20E3 }) { return .keycap }
        if scalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) }) { return .skinTone }
        if scalars.contains(where: { $0.value == 0x200D }), first.properties.isEmoji {
            return first.properties.isEmojiPresentation ? .joinedEmoji : .joinedTextSymbol
        }
        if scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji, !first.properties.isEmojiPresentation {
            return .emojiPresentation
        }
        return nil
    }

    /// A cluster of this kind, written to a terminal to measure how wide it draws the kind.
    public var sample: String {
        switch self {
        case .flag: "\u{1F1E9}\u{1F1EA}"
        case .keycap: "1\u{FE0F}\u{20E3}"
        case .skinTone: "\u{1F44D}\u{1F3FE}"
        case .joinedEmoji: "\u{1F469}\u{200D}\u{1F4BB}"
        case .joinedTextSymbol: "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"
        case .emojiPresentation: "\u{2764}\u{FE0F}"
        }
    }
}

/// How wide one terminal draws each kind of cluster, as measured on it.
public struct ClusterWidths: Equatable, Sendable {
    /// Columns per kind; a kind missing was not measured.
    public var widths: [ClusterKind: Int]

    public init(_ widths: [ClusterKind: Int] = [:]) {
        self.widths = widths
    }

    /// The whole cluster to send for `cell`, or nil to send what `TerminalGlyphs.columns`
    /// chooses.
    ///
    /// A cluster is sent whole only when the terminal draws its kind exactly as wide as the
    /// buffer made the cell: then the person sees the one glyph (the family, the flag) and
    /// every later column stays where the buffer put it. Otherwise the safe form is sent.
    public func wholeCluster(for cell: Cell) -> String? {
        guard !cell.isContinuation, let kind = ClusterKind.of(cell.grapheme), widths[kind] == cell.width else { return nil }
        return cell.grapheme
    }
}
