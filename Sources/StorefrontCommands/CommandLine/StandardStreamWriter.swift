import Foundation
import Synchronization

/// Writes the command line's stdout and stderr with `write(2)`, never ending the process.
///
/// Foundation's `FileHandle.write` traps when a stream is closed or its disk is full, and a
/// command that had recorded a purchase then died before saying so: a script that retried it
/// bought twice. A failed stream is given up (nothing more is tried on it) and its error kept,
/// so the command's end can say that its output was lost and what it did stands
/// (`StorefrontCommandLine.run`).
enum StandardStreamWriter {
    /// One of the two streams a command writes to.
    enum Stream: Int, CaseIterable, Sendable {
        case output, error

        var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }
        /// How a message names it.
        var name: String { self == .output ? "standard output" : "standard error" }
    }

    /// The `errno` of each stream's first failed write; 0 while none failed.
    private static let failures = Mutex<[Int32]>([0, 0])

    /// Writes all of `bytes` to `stream`, unless a write to it failed before.
    static func write(_ bytes: [UInt8], to stream: Stream) {
        guard failure(of: stream) == nil else { return }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Foundation.write(stream.descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result > 0 {
                written += result
            } else if result < 0 && errno == EINTR {
                continue
            } else {
                // A write of nothing where bytes were given is a failure too; retrying it would spin.
                let code = result < 0 ? errno : EIO
                failures.withLock { $0[stream.rawValue] = $0[stream.rawValue] == 0 ? code : $0[stream.rawValue] }
                return
            }
        }
    }

    /// The error of `stream`'s first failed write; nil while every write to it went through.
    static func failure(of stream: Stream) -> Int32? {
        let code = failures.withLock { $0[stream.rawValue] }
        return code == 0 ? nil : code
    }

    /// Forgets the failures, for a process that runs several commands (the tests).
    static func reset() {
        failures.withLock { $0 = [0, 0] }
    }
}
