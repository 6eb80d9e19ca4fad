/// What a run loop needs from a terminal: its size, a way to show frames and a way to read keys.
///
/// `NcursesScreen` is the real terminal; `ScriptedTerminal` replays keys and
/// keeps frames so a run loop can be tested without one.
public protocol TerminalBackend: AnyObject {
    /// The current size of the screen in cells.
    var size: Size { get }
    /// Whether styles are shown with colours; views may choose attributes accordingly.
    var colorMode: ColorMode { get }
    /// Whether the process was asked to stop (SIGTERM, SIGHUP, SIGINT); the run loop should end.
    var isTerminationRequested: Bool { get }
    /// Shows `buffer`, writing only what changed since the last frame.
    func draw(_ buffer: ScreenBuffer)
    /// The next key, waiting at most `timeoutMilliseconds` (forever when nil); nil when none came.
    func readKey(timeoutMilliseconds: Int?) -> Key?
}
