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
    /// The next key, waiting at most `timeoutMilliseconds` (forever when nil) and no longer than
    /// until `wakeDescriptor` (when given) turns readable; nil when no key came.
    ///
    /// The descriptor lets a run loop sleep until either a key or news from elsewhere (another
    /// process's commit) arrives. It is only watched, never read: the caller takes in what
    /// made it readable, or the next call returns at once.
    func readKey(timeoutMilliseconds: Int?, wakingOn wakeDescriptor: Int32?) -> Key?
    /// Has the next `draw` repaint every cell, clearing the screen first: for a terminal that
    /// something else wrote over (Ctrl-L, as in other full-screen programs).
    func repaintWholeScreen()
}

extension TerminalBackend {
    /// The next key, waiting at most `timeoutMilliseconds` (forever when nil); nil when none came.
    public func readKey(timeoutMilliseconds: Int?) -> Key? {
        readKey(timeoutMilliseconds: timeoutMilliseconds, wakingOn: nil)
    }
}
