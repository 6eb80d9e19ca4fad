import TerminalUI
/// A terminal for tests: replays a script of keys (and of moments without one) and keeps
/// every frame drawn.
///
/// When the script runs out it reports a termination request, so a run loop under test ends
/// the same way it would on SIGTERM.
public final class ScriptedTerminal: TerminalBackend {
    /// One read of the script.
    public enum Step {
        /// The person presses `key`.
        case key(Key)
        /// The read ends without a key (its time ran out, or the wake descriptor turned
        /// readable), after `happen` ran: another process committing, say.
        case noKey(happen: () -> Void)

        /// A read that ends without a key and without anything happening.
        public static var pause: Step { .noKey(happen: {}) }
    }

    /// What a run loop asked for when it read.
    public struct Read: Equatable {
        public var timeoutMilliseconds: Int?
        public var wakeDescriptor: Int32?
    }

    public private(set) var size: Size
    public let colorMode: ColorMode
    /// Every frame drawn, oldest first.
    public private(set) var frames: [ScreenBuffer] = []
    /// Every read, oldest first.
    public private(set) var reads: [Read] = []
    /// The cells a real backend would have written for all frames so far.
    public private(set) var cellsWritten = 0
    private var remainingSteps: ArraySlice<Step>

    public convenience init(size: Size, keys: [Key], colorMode: ColorMode = .color) {
        self.init(size: size, script: keys.map { .key($0) }, colorMode: colorMode)
    }

    public init(size: Size, script: [Step], colorMode: ColorMode = .color) {
        self.size = size
        self.remainingSteps = script[...]
        self.colorMode = colorMode
    }

    /// The frame currently on the simulated screen.
    public var screen: ScreenBuffer? { frames.last }

    public var isTerminationRequested: Bool { remainingSteps.isEmpty }

    public func draw(_ buffer: ScreenBuffer) {
        cellsWritten += BufferDiff.between(frames.last, buffer).writtenCellCount
        frames.append(buffer)
    }

    /// How many times a whole repaint was asked for.
    public private(set) var wholeRepaints = 0

    public func repaintWholeScreen() {
        wholeRepaints += 1
    }

    /// The next scripted step; a `.resize` key also changes `size`, as a real terminal would.
    public func readKey(timeoutMilliseconds: Int?, wakingOn wakeDescriptor: Int32?) -> Key? {
        reads.append(Read(timeoutMilliseconds: timeoutMilliseconds, wakeDescriptor: wakeDescriptor))
        switch remainingSteps.popFirst() {
        case .key(let key):
            if case .resize(let width, let height) = key { size = Size(width: width, height: height) }
            return key
        case .noKey(let happen):
            happen()
            return nil
        case nil:
            return nil
        }
    }
}
