import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program as a login shell would: no file descriptors inherited beyond standard input,
/// output and error, every signal at its default action and none blocked.
///
/// `Foundation.Process` is not enough for starting a tmux server: the server outlives the
/// command that starts it and would keep the descriptor `Process` watches for the child's exit,
/// so `waitUntilExit` never returns; and it would inherit the test thread's blocked signals and
/// pass them on to the program under test, which then could not be stopped with SIGTERM.
public enum CleanSpawn {
    /// A system call that failed while starting the program.
    public struct Failure: Error, CustomStringConvertible {
        public var call: String
        public var code: Int32

        public var description: String {
            "\(call) failed: \(String(cString: strerror(code))); the test cannot start its terminal"
        }
    }

    /// What the program printed (standard output and error together) and how it ended:
    /// its exit status, or 128 + the signal that ended it.
    public struct Result {
        public var status: Int32
        public var output: String
    }

    /// Runs `executable` with `arguments` and waits for it; `blockedSignals` start blocked.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    blockedSignals: [Int32] = []) throws -> Result {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(call: "pipe", code: errno) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Other tests start processes at the same time; they must not keep this pipe open.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        // A list taken now misses a descriptor another thread opens before the spawn (the
        // socket `Foundation.Process` watches for its child's exit): a server started here
        // would keep it, and that child's `waitUntilExit` would never return. glibc closes
        // every one in the child; the list is the fallback where it cannot.
        if let closeFrom = Self.addCloseFrom {
            _ = closeFrom(&actions, 3)
        } else {
            for descriptor in openDescriptors() where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blockedSignals { sigaddset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw Failure(call: "posix_spawn \(executable)", code: spawned)
        }

        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count > 0 {
                output.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(readEnd)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(call: "waitpid", code: errno) }
        }
        let signal = status & 0x7F
        return Result(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
                      output: String(decoding: output, as: UTF8.self))
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its headers
    /// show Swift only with `_GNU_SOURCE`.
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// The descriptors open in this process now; glibc ignores closing one that closed since.
    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}
