import TerminalUI
/// A terminal for tests: replays a list of keys and keeps every frame drawn.
///
/// When the keys run out it reports a termination request, so a run loop under
/// test ends the same way it would on SIGTERM.
public final class ScriptedTerminal: TerminalBackend {
    public private(set) var size: Size
    public let colorMode: ColorMode
    /// Every frame drawn, oldest first.
    public private(set) var frames: [ScreenBuffer] = []
    /// The cells a real backend would have written for all frames so far.
    public private(set) var cellsWritten = 0
    private var remainingKeys: ArraySlice<Key>

    public init(size: Size, keys: [Key], colorMode: ColorMode = .color) {
        self.size = size
        self.remainingKeys = keys[...]
        self.colorMode = colorMode
    }

    /// The frame currently on the simulated screen.
    public var screen: ScreenBuffer? { frames.last }

    public var isTerminationRequested: Bool { remainingKeys.isEmpty }

    public func draw(_ buffer: ScreenBuffer) {
        cellsWritten += BufferDiff.between(frames.last, buffer).writtenCellCount
        frames.append(buffer)
    }

    /// The next scripted key; a `.resize` key also changes `size`, as a real terminal would.
    public func readKey(timeoutMilliseconds: Int?) -> Key? {
        guard let key = remainingKeys.popFirst() else { return nil }
        if case .resize(let width, let height) = key { size = Size(width: width, height: height) }
        return key
    }
}
