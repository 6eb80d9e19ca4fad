import Foundation

/// A process started by the benchmark, with pipes to its standard input, output and error.
///
/// Started with `posix_spawn` rather than `Foundation.Process`, so start-up figures carry no
/// extra threads or run-loop work of the parent.
final class ChildProcess {
    /// How a child ended: its exit status, what it wrote, its peak memory and wall time.
    struct Finished {
        var status: Int32
        var output: String
        var errorOutput: String
        /// The child's peak resident set size in kilobytes, as the kernel counted it.
        var peakResidentKilobytes: Int
        /// From the spawn to the moment the parent saw the child exit.
        var seconds: Double
    }

    let pid: pid_t
    let command: String
    private let startedAt: UInt64
    private var input: Int32
    private let output: Int32
    private let errorOutput: Int32
    private var outputBytes: [UInt8] = []
    private var errorBytes: [UInt8] = []

    private init(pid: pid_t, command: String, startedAt: UInt64, input: Int32, output: Int32, errorOutput: Int32) {
        self.pid = pid
        self.command = command
        self.startedAt = startedAt
        self.input = input
        self.output = output
        self.errorOutput = errorOutput
    }

    /// Starts `path` with `arguments`; `environment` replaces the parent's when given.
    static func spawn(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ChildProcess {
        let inputPipe = try makePipe()
        let outputPipe = try makePipe()
        let errorPipe = try makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe.read, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe.write, 2)
        // The pipes are close-on-exec; the duplicates made above are not.
        let argv = ([path] + arguments).map { strdup($0) }
        let environmentList = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            environmentList.forEach { free($0) }
        }
        var pid: pid_t = 0
        let startedAt = Stopwatch.nanoseconds()
        let result = posix_spawn(&pid, path, &actions, nil, argv + [nil], environmentList + [nil])
        close(inputPipe.read)
        close(outputPipe.write)
        close(errorPipe.write)
        let command = ([path] + arguments).joined(separator: " ")
        guard result == 0 else {
            [inputPipe.write, outputPipe.read, errorPipe.read].forEach { close($0) }
            throw BenchError.childFailed(command: command, status: result, output: String(cString: strerror(result)))
        }
        return ChildProcess(pid: pid, command: command, startedAt: startedAt,
                            input: inputPipe.write, output: outputPipe.read, errorOutput: errorPipe.read)
    }

    /// Writes `text` to the child's standard input.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            sent += written
        }
    }

    /// Closes the child's standard input, so it reads end of file.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Reads standard output until it holds a complete line, and returns that line; nil at end of file.
    func readLine() -> String? {
        while true {
            if let newline = outputBytes.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: outputBytes[..<newline], as: UTF8.self)
                outputBytes.removeSubrange(...newline)
                return line
            }
            guard readAvailable(from: output, into: &outputBytes) else { return nil }
        }
    }

    /// Closes the input, reads all output and waits for the child to exit.
    func finish() throws -> Finished {
        closeInput()
        var open = [output, errorOutput]
        while !open.isEmpty {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for entry in descriptors where entry.revents != 0 {
                let stillOpen = entry.fd == output
                    ? readAvailable(from: output, into: &outputBytes)
                    : readAvailable(from: errorOutput, into: &errorBytes)
                if !stillOpen { open.removeAll { $0 == entry.fd } }
            }
        }
        close(output)
        close(errorOutput)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { break }
        }
        let seconds = Double(Stopwatch.nanoseconds() - startedAt) / 1e9
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Finished(status: exitStatus, output: String(decoding: outputBytes, as: UTF8.self),
                        errorOutput: String(decoding: errorBytes, as: UTF8.self),
                        peakResidentKilobytes: usage.ru_maxrss, seconds: seconds)
    }

    /// Runs `path` to the end and returns how it finished; throws when it exits with a failure.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Finished {
        let child = try spawn(path, arguments, environment: environment)
        let finished = try child.finish()
        guard finished.status == 0 else {
            throw BenchError.childFailed(command: child.command, status: finished.status,
                                         output: (finished.errorOutput + finished.output).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return finished
    }

    /// Appends what can be read now; false at end of file or on an error.
    private func readAvailable(from descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw BenchError.childFailed(command: "pipe", status: errno, output: String(cString: strerror(errno)))
        }
        // Close-on-exec, so no child inherits another child's pipes (Glibc's module does not export pipe2).
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }
}
