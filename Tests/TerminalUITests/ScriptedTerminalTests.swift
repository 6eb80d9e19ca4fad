import Testing
@testable import TerminalUI
@testable import StorefrontTesting

@Suite("Scripted terminal and spinner")
struct ScriptedTerminalTests {
    @Test("Keys are replayed in order, resizes change the size, and running out requests termination")
    func replay() {
        let terminal = ScriptedTerminal(size: Size(width: 10, height: 2), keys: [.down, .resize(width: 6, height: 3)])
        #expect(terminal.readKey(timeoutMilliseconds: nil) == .down)
        #expect(!terminal.isTerminationRequested)
        #expect(terminal.readKey(timeoutMilliseconds: 100) == .resize(width: 6, height: 3))
        #expect(terminal.size == Size(width: 6, height: 3))
        #expect(terminal.readKey(timeoutMilliseconds: 100) == nil)
        #expect(terminal.isTerminationRequested)
    }

    @Test("Frames are kept and cells written are counted as a diffing backend would")
    func countsCells() {
        let terminal = ScriptedTerminal(size: Size(width: 4, height: 2), keys: [])
        var frame = ScreenBuffer(size: terminal.size)
        terminal.draw(frame)
        #expect(terminal.cellsWritten == 8)
        frame.write("ab", column: 1, row: 1)
        terminal.draw(frame)
        terminal.draw(frame)
        #expect(terminal.cellsWritten == 10)
        #expect(terminal.frames.count == 3)
        #expect(terminal.screen?.rowText(1) == " ab ")
    }

    @Test("Spinner frames cycle for any tick")
    func spinner() {
        #expect(Spinner.line.frame(at: 0) == "|")
        #expect(Spinner.line.frame(at: 5) == "/")
        #expect(Spinner.line.frame(at: -1) == "\\")
        #expect(Spinner.dots.frames.allSatisfy { $0.displayWidth == 1 })
    }
}
