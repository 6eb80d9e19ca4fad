import Foundation
import Glibc

/// Which process holds the `flock` write lock on a file, as the kernel lists it in
/// `/proc/locks`, so a wait for a lock can name who it waits for.
public struct LockHolder: Sendable, Equatable {
    public var processID: Int32
    /// The holder's command name (`/proc/PID/comm`), when it can be read.
    public var command: String?

    /// The holder of the lock on the file at `path`; nil when none is listed or it cannot be
    /// told (no `/proc`, the file gone, a lock of another kind).
    public static func of(path: String) -> LockHolder? {
        var information = stat()
        guard stat(path, &information) == 0,
              let listed = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let device = UInt64(information.st_dev)
        // The kernel writes the device as its major and minor numbers in hex, then the inode.
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        let file = String(format: "%02llx:%02llx:%llu", major, minor, UInt64(information.st_ino))
        for line in listed.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // "1: FLOCK  ADVISORY  WRITE 21174 fe:00:16547854 0 EOF"; a waiter's line has "->" after the number.
            guard fields.count >= 6, fields[1] == "FLOCK", fields[3] == "WRITE", fields[5] == file,
                  let processID = Int32(fields[4]) else { continue }
            let command = (try? String(contentsOfFile: "/proc/\(processID)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return LockHolder(processID: processID, command: command?.isEmpty == false ? command : nil)
        }
        return nil
    }
}
