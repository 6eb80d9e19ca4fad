import CNcursesw
import TerminalUI

/// Colour pairs allocated on first use, one per foreground/background combination.
///
/// Terminals offer a limited number of pairs (64 on plain xterm), so only the
/// combinations a screen actually uses are defined; when they run out, the
/// default pair is used and the text stays readable.
final class NcursesColorPairs {
    private var pairs: [ColorCombination: Int16] = [:]
    private var nextPair: Int16 = 1
    private let availablePairs: Int
    private let hasDefaultColors: Bool

    private struct ColorCombination: Hashable {
        let foreground: Color
        let background: Color
    }

    /// Starts colour support; call once after the screen is set up and only when the terminal has colours.
    init() {
        start_color()
        hasDefaultColors = use_default_colors() == OK
        availablePairs = Int(min(storefront_color_pairs(), Int32(Int16.max)))
    }

    /// The pair number for drawing `foreground` on `background`.
    func pair(foreground: Color, background: Color) -> Int16 {
        if foreground == .default, background == .default { return 0 }
        let combination = ColorCombination(foreground: foreground, background: background)
        if let pair = pairs[combination] { return pair }
        guard Int(nextPair) < availablePairs else { return 0 }
        let pair = nextPair
        guard init_pair(pair, colorNumber(foreground, isForeground: true),
                        colorNumber(background, isForeground: false)) == OK else { return 0 }
        nextPair += 1
        pairs[combination] = pair
        return pair
    }

    private func colorNumber(_ color: Color, isForeground: Bool) -> Int16 {
        switch color {
        case .default:
            // -1 is "the terminal's own colour"; without use_default_colors pick the classic pair.
            if hasDefaultColors { return -1 }
            return Int16(isForeground ? COLOR_WHITE : COLOR_BLACK)
        case .black: return Int16(COLOR_BLACK)
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        case .white: return Int16(COLOR_WHITE)
        }
    }
}
