import Glibc

/// A pipe used as a change signal: writing a byte makes the read end readable until drained.
///
/// It stands in for a server connection's socket in tests of readers that wait on a log's
/// `changeSignal`.
final class ChangePipe: @unchecked Sendable {
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        // A test machine without two spare descriptors cannot run the tests at all.
        precondition(pipe(&descriptors) == 0, "pipe failed: errno \(errno)")
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes the read end readable (a full pipe is readable already, so a failed write is fine).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Takes in every byte written so far; true when there was any.
    @discardableResult
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var drained = false
        while read(readDescriptor, &buffer, buffer.count) > 0 { drained = true }
        return drained
    }
}
