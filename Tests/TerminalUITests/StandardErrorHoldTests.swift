import Foundation
@testable import NcursesTerminal
import Testing

/// What libraries write to standard error while the screen is drawn is held in a file and
/// written out once the terminal is given back, so it never lands among the drawn cells.
@Suite("NcursesTerminal: standard error held while the screen is drawn", .serialized)
struct StandardErrorHoldTests {
    /// Runs `body` with descriptor 2 on a new file (the test's stand-in for the terminal, or for a
    /// file the person chose), giving it the file's path; descriptor 2 is put back afterwards.
    private func withStandardErrorInAFile(_ body: (String) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "stderr-capture-\(UUID().uuidString)"
        let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        let original = dup(STDERR_FILENO)
        dup2(file, STDERR_FILENO)
        defer {
            dup2(original, STDERR_FILENO)
            close(original)
            close(file)
            unlink(path)
        }
        try body(path)
    }

    @Test("Written while held, the text reaches the real standard error only on release, and the file is gone")
    func holdsUntilReleased() throws {
        try withStandardErrorInAFile { capturePath in
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
            // Descriptor 2 is the whole process's: tests running beside this one may write to it
            // while it is held, so their lines may come between the heading and the marker.
            let heading = shownAfter.range(of: StandardErrorHold.heading)
            let written = shownAfter.range(of: marker)
            #expect(heading.flatMap { heading in written.map { heading.upperBound <= $0.lowerBound } } == true,
                    "under a line saying when it was written: \(shownAfter)")
            #expect(!FileManager.default.fileExists(atPath: heldPath))
        }
    }

    @Test("Standard error that is not a terminal (a file the person chose) is left alone")
    func leavesAFileAlone() throws {
        try withStandardErrorInAFile { _ in
            let hold = StandardErrorHold()
            hold.hold()
            #expect(hold.heldPath == nil, "a file given as standard error is never swapped for the held one")
            hold.release()
        }
    }
}
