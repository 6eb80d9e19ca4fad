import CNcursesw
import TerminalUI

/// Maps ncurses' function-key codes (what `wget_wch` returns with KEY_CODE_YES) to `Key`.
enum NcursesKeyDecoding {
    /// The key for function-key `code`; `size` supplies the new size for KEY_RESIZE.
    static func key(forFunctionCode code: Int32, size: () -> Size) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_RESIZE:
            let newSize = size()
            return .resize(width: newSize.width, height: newSize.height)
        case (KEY_F0 + 1)...(KEY_F0 + 63):
            return .function(Int(code - KEY_F0))
        default:
            return .unknown
        }
    }
}
