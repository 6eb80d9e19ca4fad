import Foundation
import Glibc
import TerminalUI

/// Measures how wide the terminal draws each kind of grapheme cluster, before curses starts.
///
/// For each kind it writes a sample at the start of the line and asks the terminal where the
/// cursor is (DSR 6); the column it reports, less one, is the width. The line is cleared
/// afterwards. A terminal that does not answer within the timeout is left unmeasured, and
/// clusters are then drawn in their safe form.
enum ClusterWidthProbe {
    static let timeoutMilliseconds: Int32 = 300

    static func measure() -> ClusterWidths {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return ClusterWidths() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return ClusterWidths() }
        defer {
            RawTerminalOutput.write("\r\u{1B}[2K")
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        }
        var widths: [ClusterKind: Int] = [:]
        for kind in ClusterKind.allCases {
            RawTerminalOutput.write("\r\u{1B}[2K\(kind.sample)\u{1B}[6n")
            guard let column = readCursorColumn() else { break }
            widths[kind] = column - 1
        }
        return ClusterWidths(widths)
    }

    /// Reads a cursor position report, ESC [ row ; column R, and returns the column.
    private static func readCursorColumn() -> Int? {
        var reply: [UInt8] = []
        while reply.count < 32 {
            var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeoutMilliseconds) == 1 else { return nil }
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return nil }
            reply.append(byte)
            if byte == UInt8(ascii: "R") { break }
        }
        guard let text = String(bytes: reply, encoding: .utf8), let start = text.lastIndex(of: "["),
              let separator = text.lastIndex(of: ";") else { return nil }
        return Int(text[text.index(after: separator)...].dropLast())
            .flatMap { start < separator ? $0 : nil }
    }
}
