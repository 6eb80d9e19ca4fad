/// Why the full-screen terminal could not be started; nothing was drawn when this is thrown.
public enum NcursesStartError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is a pipe or file, not a terminal.
    case notATerminal(stream: String)
    /// `TERM` is not set.
    case terminalTypeUnset
    /// terminfo has no entry for `TERM`.
    case unknownTerminalType(String)
    /// No terminfo database could be found at all.
    case terminfoDatabaseMissing(terminalType: String)
    /// The terminal type cannot move the cursor (a printing or "dumb" terminal).
    case terminalCannotAddressCursor(terminalType: String)
    /// Neither the environment's locale nor a fallback provides UTF-8.
    case noUTF8Locale(current: String)
    /// ncurses refused to set up the screen.
    case screenSetupFailed(terminalType: String)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            return "the interactive store needs a terminal, but \(stream) is not one; "
                + "run it directly in a terminal, or use the command-line subcommands for scripts"
        case .terminalTypeUnset:
            return "TERM is not set, so the terminal's capabilities are unknown; "
                + "set it (for example TERM=xterm-256color) and try again"
        case .unknownTerminalType(let type):
            return "terminal type '\(type)' is not in the terminfo database; "
                + "set TERM to a known type such as xterm-256color, or install its terminfo entry"
        case .terminfoDatabaseMissing(let type):
            return "no terminfo database was found to look up terminal type '\(type)'; "
                + "install ncurses-base (or set TERMINFO to its location)"
        case .terminalCannotAddressCursor(let type):
            return "terminal type '\(type)' cannot move the cursor, which a full-screen view needs; "
                + "use a terminal emulator with TERM such as xterm-256color, or the command-line subcommands"
        case .noUTF8Locale(let current):
            return "the locale '\(current)' does not use UTF-8 and no UTF-8 fallback (C.UTF-8) is installed; "
                + "set LANG to a UTF-8 locale, for example LANG=C.UTF-8"
        case .screenSetupFailed(let type):
            return "ncurses could not set up the screen for terminal type '\(type)'; "
                + "check TERM and that the terminal is usable"
        }
    }
}
