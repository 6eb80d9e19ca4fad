import Foundation
import Synchronization

/// Writes the command line's stdout and stderr with `write(2)`, never ending the process.
///
/// Foundation's `FileHandle.write` traps when a stream is closed or its disk is full, and a
/// command that had recorded a purchase then died before saying so: a script that retried it
/// bought twice. A failed stream is given up (nothing more is tried on it) and its error kept,
/// so the command's end can say that its output was lost and what it did stands
/// (`StorefrontCommandLine.run`).
public enum StandardStreamWriter {
    /// One of the two streams a command writes to.
    enum Stream: Int, Sendable {
        case output, error

        var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }
        /// How a message names it.
        var name: String { self == .output ? "standard output" : "standard error" }
    }

    /// The `errno` of each stream's first failed write; 0 while none failed, and
    /// `closedAtStart` for one that was closed when the process started, until it is written to.
    private static let failures = Mutex<[Int32]>([0, 0])
    private static let closedAtStart: Int32 = -1

    /// Puts `/dev/null` in the place of standard input, output or error where one is closed,
    /// before the process opens any file: the next file opened takes the lowest free
    /// descriptor, and a lock file opened as descriptor 2 had a warning written into it, which
    /// then read as a damaged commit mark and refused every change; a server's socket opened as
    /// descriptor 1 was sent its `listening on` line. A closed stdout or stderr counts as a failed
    /// stream (EBADF) once something is written to it, so a lost result is still said and exits 3.
    /// Call first thing in `main`.
    public static func fillClosedStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                // A lower descriptor was closed too and took it; it is filled in its own turn.
                _ = dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == STDOUT_FILENO { failures.withLock { $0[Stream.output.rawValue] = closedAtStart } }
            if descriptor == STDERR_FILENO { failures.withLock { $0[Stream.error.rawValue] = closedAtStart } }
        }
    }

    /// Writes all of `bytes` to `stream`, unless a write to it failed before.
    static func write(_ bytes: [UInt8], to stream: Stream) {
        let closed = failures.withLock { failed in
            if failed[stream.rawValue] == closedAtStart { failed[stream.rawValue] = EBADF }
            return failed[stream.rawValue] != 0
        }
        guard !closed else { return }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Foundation.write(stream.descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result > 0 {
                written += result
            } else if result < 0 && errno == EINTR {
                continue
            } else if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // A stream another process made non-blocking: wait until it takes more.
                var ready = pollfd(fd: stream.descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            } else {
                // A write of nothing where bytes were given is a failure too; retrying it would spin.
                let code = result < 0 ? errno : EIO
                failures.withLock { $0[stream.rawValue] = $0[stream.rawValue] == 0 ? code : $0[stream.rawValue] }
                return
            }
        }
    }

    /// Whether the command said itself what its lost output means (`serve`, which changed
    /// nothing), so the general advice after it would only mislead.
    private static let lossExplained = Mutex(false)

    /// Marks the loss of stdout as said by the command itself.
    static func outputLossExplained() {
        lossExplained.withLock { $0 = true }
    }

    /// The error of stdout's first failed write, unless the command said itself what it means.
    static var unexplainedOutputFailure: Int32? {
        lossExplained.withLock { $0 } ? nil : failure(of: .output)
    }

    /// The error of `stream`'s first failed write; nil while every write to it went through.
    static func failure(of stream: Stream) -> Int32? {
        let code = failures.withLock { $0[stream.rawValue] }
        return code > 0 ? code : nil
    }
}
