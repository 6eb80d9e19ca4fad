import CNcursesw
import Glibc
import TerminalUI

/// The real terminal, through ncurses: shows `ScreenBuffer` frames by writing only changed cells, and reads keys.
///
/// Use it from one thread (the run loop's):
/// ```
/// let terminal = NcursesScreen()
/// try terminal.start()
/// defer { terminal.stop() }
/// while !terminal.isTerminationRequested {
///     terminal.draw(render(state, terminal.size))
///     if let key = terminal.readKey(timeoutMilliseconds: 250) { ... }
/// }
/// ```
/// The terminal is put in raw mode, so Ctrl-C arrives as `.ctrl("c")` and the
/// app decides what it means. SIGTERM, SIGHUP and SIGINT set
/// `isTerminationRequested` and end a pending `readKey`; the run loop then
/// calls `stop()`, which restores the terminal. The terminal is also restored
/// if the process exits without calling `stop()`.
public final class NcursesScreen: TerminalBackend {
    public private(set) var colorMode: ColorMode = .monochrome
    /// Whether `start()` succeeded and `stop()` has not been called since.
    public private(set) var isActive = false

    private var screen: OpaquePointer?
    private var previousFrame: ScreenBuffer?
    private var colorPairs: NcursesColorPairs?
    private var previousSignalActions: [Int32: sigaction] = [:]
    private var lastKnownSize = Size(width: 0, height: 0)
    /// The sequence that turns bracketed paste off again, when `start()` turned it on.
    private var bracketedPasteOff: String?

    /// How long to wait for the rest of a paste the terminal has started; a paste arrives at
    /// once, so this only matters when the end marker is lost.
    private static let pasteTimeoutMilliseconds: Int32 = 500

    /// How wide this terminal draws each kind of emoji cluster, measured at start.
    private var clusterWidths = ClusterWidths()

    /// The longest single wait inside `readKey`, so a termination signal is noticed promptly
    /// even if the C library restarts an interrupted read.
    private static let signalCheckIntervalMilliseconds = 100

    public init() {}

    /// The screen size in cells; the last known size when not active.
    public var size: Size {
        guard isActive else { return lastKnownSize }
        return Size(width: Int(storefront_columns()), height: Int(storefront_lines()))
    }

    public var isTerminationRequested: Bool { TerminationSignals.pending != nil }

    /// The signal that asked the process to stop, if any; a conventional exit status is 128 + it.
    public var terminationSignal: Int32? { TerminationSignals.pending }

    /// Takes over the terminal: checks it is usable, then enters full-screen raw mode.
    ///
    /// Every check that can fail runs before anything is written to the
    /// terminal, so a thrown error leaves the shell exactly as it was.
    public func start() throws(NcursesStartError) {
        guard !isActive else { return }
        guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "standard input") }
        guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "standard output") }
        guard let terminalType = environmentValue("TERM"), !terminalType.isEmpty else {
            throw .terminalTypeUnset
        }
        try TerminalLocale.activateUTF8()
        try probe(terminalType)
        clusterWidths = ClusterWidthProbe.measure()

        previousSignalActions = TerminationSignals.install()
        guard let screen = storefront_new_screen(terminalType) else {
            TerminationSignals.restore(previousSignalActions)
            throw .screenSetupFailed(terminalType: terminalType)
        }
        self.screen = screen
        set_term(screen)
        Self.restoreTerminalAtExit()
        Self.standardErrorHold.hold()
        configureInput()
        enableBracketedPaste()
        let hasColors = has_colors()
        colorMode = ColorMode.resolve(noColorValue: environmentValue("NO_COLOR"), terminalHasColors: hasColors)
        colorPairs = colorMode == .color ? NcursesColorPairs() : nil
        previousFrame = nil
        isActive = true
    }

    /// Gives the terminal back: leaves full-screen mode and restores the shell's settings. Safe to call twice.
    public func stop() {
        guard isActive else { return }
        lastKnownSize = size
        isActive = false
        if let off = bracketedPasteOff {
            putp(off)
            fflush(nil)
            bracketedPasteOff = nil
        }
        endwin()
        Self.standardErrorHold.release()
        if let screen { delscreen(screen) }
        screen = nil
        colorPairs = nil
        previousFrame = nil
        TerminationSignals.restore(previousSignalActions)
        previousSignalActions = [:]
    }

    public func repaintWholeScreen() {
        // With no previous frame the next one is a full redraw, which clears the screen first.
        previousFrame = nil
    }

    /// Shows `buffer`, writing only the cells that differ from the previous frame.
    ///
    /// The first frame, a frame of a new size and the first frame after a
    /// resize repaint the whole screen. Cells beyond the screen's edge are left out.
    public func draw(_ buffer: ScreenBuffer) {
        guard isActive, let window = storefront_stdscr() else { return }
        let diff = BufferDiff.between(previousFrame, buffer)
        previousFrame = buffer
        guard !diff.isEmpty else { return }
        if diff.isFullRedraw {
            werase(window)
            clearok(window, true)
        }
        let screenSize = size
        for run in diff.runs where run.row < screenSize.height {
            for (offset, cell) in run.cells.enumerated() {
                put(cell, column: run.column + offset, row: run.row, screenWidth: screenSize.width)
            }
        }
        wnoutrefresh(window)
        doupdate()
        drawWholeClusters(diff, screenWidth: screenSize.width)
    }

    /// Draws over their safe form the clusters this terminal shows whole at the buffer's width
    /// (see `ClusterWidths`); curses cannot hold them in a cell.
    private func drawWholeClusters(_ diff: BufferDiff, screenWidth: Int) {
        var output = ""
        for run in diff.runs {
            for (offset, cell) in run.cells.enumerated() where run.column + offset + cell.width <= screenWidth {
                guard let cluster = clusterWidths.wholeCluster(for: cell) else { continue }
                output += ClusterSequence.drawing(cluster, style: cell.style.resolved(for: colorMode),
                                                  column: run.column + offset, row: run.row)
            }
        }
        guard !output.isEmpty else { return }
        RawTerminalOutput.write(output)
    }

    /// The next key, waiting at most `timeoutMilliseconds` (indefinitely when nil), and no
    /// longer than until `wakeDescriptor` turns readable.
    ///
    /// Returns nil when the time runs out, the descriptor wakes it or a termination signal
    /// arrives. A resize comes back as `.resize` with the new size, and the next `draw`
    /// repaints the whole screen.
    public func readKey(timeoutMilliseconds: Int?, wakingOn wakeDescriptor: Int32?) -> Key? {
        guard isActive, let window = storefront_stdscr() else { return nil }
        let clock = ContinuousClock()
        let deadline = timeoutMilliseconds.map { clock.now.advanced(by: .milliseconds(max(0, $0))) }
        while !isTerminationRequested {
            var wait = Self.signalCheckIntervalMilliseconds
            if let deadline {
                let remaining = clock.now.duration(to: deadline).components
                let remainingMilliseconds = Int(remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000)
                wait = min(wait, max(0, remainingMilliseconds))
            }
            if let wakeDescriptor {
                // Keys curses already holds come first; then one poll(2) waits for either.
                if let key = nextKey(window, waitMilliseconds: 0) { return key }
                if KeyOrWakeWait.wait(wakeDescriptor: wakeDescriptor, milliseconds: wait) == .woken { return nil }
            } else if let key = nextKey(window, waitMilliseconds: wait) {
                return key
            }
            if let deadline, clock.now >= deadline { return nil }
        }
        return nil
    }

    /// One key from curses, waiting at most `waitMilliseconds`; nil when none came.
    private func nextKey(_ window: UnsafeMutablePointer<WINDOW>, waitMilliseconds: Int) -> Key? {
        wtimeout(window, Int32(waitMilliseconds))
        var input: wint_t = 0
        let status = wget_wch(window, &input)
        if status == KEY_CODE_YES, Int32(bitPattern: input) == storefront_key_paste_start() {
            return .paste(readPaste(window))
        }
        if status == KEY_CODE_YES {
            let key = NcursesKeyDecoding.key(forFunctionCode: Int32(bitPattern: input)) { self.size }
            if case .resize = key { previousFrame = nil }
            return key
        }
        if status == OK {
            guard let scalar = Unicode.Scalar(UInt32(input)) else { return .unknown }
            if scalar.value == 0x1B, skipsControlSequence(window) { return .unknown }
            return Key(inputScalar: scalar)
        }
        return nil
    }

    /// After an ESC, reads a control sequence that follows at once (ESC [ … final byte, ESC O
    /// and one more, or an operating system command ESC ] … up to BEL or ESC \\) whole, and
    /// says so: curses returns ESC alone for a sequence its terminal description does not know
    /// (a paste without brackets, a key of another terminal, a title a program printed into
    /// a paste), and its bytes read as Esc and typed text closed a field and lost its name.
    /// Anything else that came right after the ESC is put back for the next read.
    private func skipsControlSequence(_ window: UnsafeMutablePointer<WINDOW>) -> Bool {
        wtimeout(window, 0)
        var next: wint_t = 0
        let status = wget_wch(window, &next)
        if status == KEY_CODE_YES { ungetch(Int32(bitPattern: next)) }
        guard status == OK else { return false }
        switch next {
        case 0x5B: // "[": parameters and intermediates up to a final byte
            for _ in 0..<Self.longestControlSequence {
                var byte: wint_t = 0
                guard wget_wch(window, &byte) == OK else { break }
                if (0x40...0x7E).contains(byte) { break }
            }
            return true
        case 0x4F: // "O": one more
            var byte: wint_t = 0
            _ = wget_wch(window, &byte)
            return true
        case 0x5D: // "]": a string up to BEL, or ESC and its backslash (ST)
            var previous: wint_t = 0
            for _ in 0..<Self.longestOperatingSystemCommand {
                var byte: wint_t = 0
                guard wget_wch(window, &byte) == OK else { break }
                if byte == 0x07 || byte == 0x9C || (previous == 0x1B && byte == 0x5C) { break }
                previous = byte
            }
            return true
        default:
            unget_wch(wchar_t(bitPattern: next))
            return false
        }
    }

    /// The most bytes read after ESC [ looking for a sequence's final byte.
    private static let longestControlSequence = 64

    /// The most characters read after ESC ] looking for the string's end: a window title or a
    /// link fits, and a longer string that arrives at once is left out all the same.
    private static let longestOperatingSystemCommand = 4096

    /// Reads a paste up to its end marker (or until it stops arriving), as text.
    private func readPaste(_ window: UnsafeMutablePointer<WINDOW>) -> String {
        var text = ""
        wtimeout(window, Self.pasteTimeoutMilliseconds)
        while !isTerminationRequested {
            var input: wint_t = 0
            let status = wget_wch(window, &input)
            if status == OK, let scalar = Unicode.Scalar(UInt32(input)) {
                text.unicodeScalars.append(scalar)
            } else if status == KEY_CODE_YES {
                if Int32(bitPattern: input) == storefront_key_paste_end() { break }
                if Int32(bitPattern: input) == KEY_ENTER { text.append("\n") }
            } else {
                break
            }
        }
        return text
    }

    /// Asks the terminal to mark pastes, when its terminfo entry says how (`BE`, `BD`, `PS`, `PE`),
    /// so pasted text reaches text fields whole and is never taken for keys.
    private func enableBracketedPaste() {
        guard let on = storefront_terminfo_string("BE"), let off = storefront_terminfo_string("BD"),
              let start = storefront_terminfo_string("PS"), let end = storefront_terminfo_string("PE") else { return }
        define_key(start, storefront_key_paste_start())
        define_key(end, storefront_key_paste_end())
        putp(on)
        fflush(nil)
        bracketedPasteOff = String(cString: off)
    }

    private func probe(_ terminalType: String) throws(NcursesStartError) {
        switch storefront_probe_terminal(terminalType, STDOUT_FILENO) {
        case STOREFRONT_TERMINAL_USABLE: return
        case STOREFRONT_TERMINAL_NO_DATABASE: throw .terminfoDatabaseMissing(terminalType: terminalType)
        case STOREFRONT_TERMINAL_HARDCOPY, STOREFRONT_TERMINAL_NOT_ADDRESSABLE:
            throw .terminalCannotAddressCursor(terminalType: terminalType)
        default: throw .unknownTerminalType(terminalType)
        }
    }

    private func configureInput() {
        guard let window = storefront_stdscr() else { return }
        raw()
        noecho()
        nonl()
        keypad(window, true)
        intrflush(window, false)
        leaveok(window, true)
        curs_set(0)
        set_escdelay(25)
    }

    /// Draws one cell, as the characters `TerminalGlyphs` chooses so ncurses and the buffer agree on columns.
    private func put(_ cell: Cell, column: Int, row: Int, screenWidth: Int) {
        guard !cell.isContinuation, column < screenWidth else { return }
        let drawable = cell.isWide && column + 1 >= screenWidth ? Cell.blank(cell.style) : cell
        let style = drawable.style.resolved(for: colorMode)
        let attributes = attributes(for: style)
        let pair = colorPairs?.pair(foreground: style.foreground, background: style.background) ?? 0
        let columns = TerminalGlyphs.columns(for: drawable) { Int(storefront_character_width(wchar_t(bitPattern: $0.value))) }
        var x = column
        for glyph in columns where x < screenWidth {
            var characters = glyph.map { wchar_t(bitPattern: $0.value) }
            characters.append(0)
            storefront_put_cell(Int32(row), Int32(x), characters, attributes, pair)
            x += max(1, Int(storefront_character_width(characters[0])))
        }
    }

    private func attributes(for style: Style) -> attr_t {
        var attributes = storefront_attribute_normal()
        if style.isBold { attributes |= storefront_attribute_bold() }
        if style.isDim { attributes |= storefront_attribute_dim() }
        if style.isReversed { attributes |= storefront_attribute_reverse() }
        if style.isUnderlined { attributes |= storefront_attribute_underline() }
        return attributes
    }

    private func environmentValue(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Registers, once per process, an exit hook that leaves full-screen mode if the app exits without `stop()`.
    private static let exitHook: Void = {
        atexit {
            if isendwin() == false { endwin() }
            standardErrorHold.release()
        }
    }()

    /// What libraries write to standard error while the screen is drawn (one per process, as descriptor 2 is).
    private static let standardErrorHold = StandardErrorHold()

    private static func restoreTerminalAtExit() {
        _ = exitHook
    }
}
