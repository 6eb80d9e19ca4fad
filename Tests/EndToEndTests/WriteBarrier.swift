import Foundation
import StorefrontTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Makes a store unwritable while a storefront has it open, and writable again, for tests that
/// run as root, whom file modes do not stop.
///
/// `chattr +i` on one file, where the test's file system takes it; otherwise a read-only bind
/// mount of the store's folder, through which the storefront is then given the store. Every
/// barrier raised is lifted by `release()`, whatever the test's outcome.
final class WriteBarrier {
    enum Kind {
        /// `chattr +i`: moves the change time of the file it is put on, as `chmod` does.
        case immutableFlag
        /// The store's folder mounted again at `mountPoint`, remounted read-only to raise the
        /// barrier: no file's change time moves.
        case readOnlyBind(mountPoint: String)
    }

    let kind: Kind
    /// The folder the test made the store in.
    let folder: String
    private var immutablePaths: Set<String> = []

    private init(kind: Kind, folder: String) {
        self.kind = kind
        self.folder = folder
    }

    /// The folder the storefront opens the store through.
    var storefrontFolder: String {
        switch kind {
        case .immutableFlag: folder
        case .readOnlyBind(let mountPoint): mountPoint
        }
    }

    /// Whether raising or lowering the barrier moves the change time of the file it is put on,
    /// so that the storefront notices it with no other change to the store.
    var movesChangeTime: Bool {
        if case .immutableFlag = kind { return true }
        return false
    }

    /// A barrier that works in `folder`, or nil after recording, as a known issue, why none does.
    static func find(in folder: String) throws -> WriteBarrier? {
        let immutable = try probeImmutableFlag(in: folder)
        if immutable == nil { return WriteBarrier(kind: .immutableFlag, folder: folder) }
        let mountPoint = folder + ".view"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        let bind = try run("/usr/bin/mount", ["--bind", folder, mountPoint])
        if bind.status == 0 { return WriteBarrier(kind: .readOnlyBind(mountPoint: mountPoint), folder: folder) }
        try? FileManager.default.removeItem(atPath: mountPoint)
        withKnownIssue("neither chattr +i nor a read-only bind mount works here, so the store cannot be made unwritable") {
            Issue.record("chattr +i in \(folder): \(immutable ?? ""); mount --bind: \(bind.output)")
        }
        return nil
    }

    /// Why `chattr +i` does not stop writes to a file in `folder`, or nil when it does.
    private static func probeImmutableFlag(in folder: String) throws -> String? {
        let probe = folder + "/immutable-probe"
        try Data().write(to: URL(fileURLWithPath: probe))
        defer {
            _ = try? run("/usr/bin/chattr", ["-i", probe])
            try? FileManager.default.removeItem(atPath: probe)
        }
        let flagged = try run("/usr/bin/chattr", ["+i", probe])
        guard flagged.status == 0 else { return "exit \(flagged.status): \(flagged.output)" }
        let descriptor = open(probe, O_WRONLY | O_APPEND)
        guard descriptor < 0 else {
            close(descriptor)
            return "the flag was set, but the file could still be opened for writing"
        }
        return nil
    }

    /// Stops writes to `path` (with a bind mount, to the whole folder).
    func raise(on path: String) throws { try allowWrites(to: path, false) }

    /// Lets `path` (with a bind mount, the whole folder) be written again.
    func lower(on path: String) throws { try allowWrites(to: path, true) }

    private func allowWrites(to path: String, _ allowed: Bool) throws {
        switch kind {
        case .immutableFlag:
            try Self.expectSuccess("/usr/bin/chattr", [allowed ? "-i" : "+i", path])
            if allowed { immutablePaths.remove(path) } else { immutablePaths.insert(path) }
        case .readOnlyBind(let mountPoint):
            try Self.expectSuccess("/usr/bin/mount", ["-o", allowed ? "remount,rw,bind" : "remount,ro,bind", mountPoint])
        }
    }

    /// Lifts every barrier this one raised: clears the flags, or takes the mount away.
    func release() {
        for path in immutablePaths { _ = try? Self.run("/usr/bin/chattr", ["-i", path]) }
        immutablePaths = []
        if case .readOnlyBind(let mountPoint) = kind {
            // Lazily, so a storefront still holding a file there cannot keep the mount.
            _ = try? Self.run("/usr/bin/umount", ["-l", mountPoint])
            try? FileManager.default.removeItem(atPath: mountPoint)
        }
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> CleanSpawn.Result {
        try CleanSpawn.run(executable, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    private static func expectSuccess(_ executable: String, _ arguments: [String]) throws {
        let result = try run(executable, arguments)
        guard result.status == 0 else {
            throw Failure(command: ([executable] + arguments).joined(separator: " "), status: result.status, output: result.output)
        }
    }

    /// A command that raises or lowers the barrier failed after the probe showed it works.
    struct Failure: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var output: String

        var description: String {
            "`\(command)` failed with exit \(status): \(output)the test cannot change the store's write access"
        }
    }
}
