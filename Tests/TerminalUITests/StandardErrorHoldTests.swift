import Foundation
@testable import NcursesTerminal
import Testing

/// What libraries write to standard error while the screen is drawn is held in a file and
/// written out once the terminal is given back, so it never lands among the drawn cells.
@Suite("NcursesTerminal: standard error held while the screen is drawn", .serialized)
struct StandardErrorHoldTests {
    @Test("Written while held, the text reaches the real standard error only on release, and the file is gone")
    func holdsUntilReleased() throws {
        // The test's own stand-in for the terminal: descriptor 2 goes to a file it reads.
        let capturePath = NSTemporaryDirectory() + "stderr-capture-\(UUID().uuidString)"
        let capture = open(capturePath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(capture >= 0)
        let original = dup(STDERR_FILENO)
        dup2(capture, STDERR_FILENO)
        defer {
            dup2(original, STDERR_FILENO)
            close(original)
            close(capture)
            unlink(capturePath)
        }
        let marker = "FATAL:  terminating connection \(UUID().uuidString)\n"
        let hold = StandardErrorHold(holdsOnlyATerminal: false)
        hold.hold()
        let heldPath = try #require(hold.heldPath)
        _ = marker.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        let shownWhileHeld = (try? String(contentsOfFile: capturePath, encoding: .utf8)) ?? ""
        #expect(!shownWhileHeld.contains(marker), "nothing reaches the terminal while the screen is drawn")
        hold.release()
        hold.release()
        let shownAfter = (try? String(contentsOfFile: capturePath, encoding: .utf8)) ?? ""
        #expect(shownAfter.components(separatedBy: marker).count == 2, "written out once, after release: \(shownAfter)")
        #expect(shownAfter.contains(StandardErrorHold.heading + marker), "under a line saying when it was written: \(shownAfter)")
        #expect(!FileManager.default.fileExists(atPath: heldPath))
    }

    @Test("Standard error that is not a terminal (a file the person chose) is left alone")
    func leavesAFileAlone() throws {
        let chosenPath = NSTemporaryDirectory() + "stderr-chosen-\(UUID().uuidString)"
        let chosen = open(chosenPath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(chosen >= 0)
        let original = dup(STDERR_FILENO)
        dup2(chosen, STDERR_FILENO)
        defer {
            dup2(original, STDERR_FILENO)
            close(original)
            close(chosen)
            unlink(chosenPath)
        }
        let hold = StandardErrorHold()
        hold.hold()
        #expect(hold.heldPath == nil, "a file given as standard error is never swapped for the held one")
        hold.release()
    }
}
