import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server of its own for one test: a new cluster in a temporary folder, listening
/// on a free TCP port of 127.0.0.1 and on a unix socket in that folder, removed when released.
///
/// The server refuses to run as root, and CI runs as root: then the folder is given to the
/// `postgres` user and every server program runs as that user through `runuser`. Authentication
/// is `trust` and the superuser is `postgres`, so tests connect without a password.
public final class ThrowawayPostgres: @unchecked Sendable {
    /// Why the server could not be started or used.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where Debian's `postgresql` package puts the server programs.
    public static let binaryDirectory = "/usr/lib/postgresql/15/bin"
    /// The superuser every throwaway cluster is made with.
    public static let superuser = "postgres"

    /// The cluster's folder, which also holds the unix socket.
    public let directory: String
    public private(set) var port: Int
    /// The database the URLs name (made at start).
    public let database: String
    private let runAsPostgres: Bool
    private var isRunning = false

    /// Whether the server programs are installed, so a test can say what is missing.
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: binaryDirectory + "/pg_ctl")
    }

    /// Makes a cluster, starts it and creates `database`; stops it again if any step fails.
    public init(database: String = "storefront") throws {
        guard Self.isInstalled else {
            throw Failure(description: "PostgreSQL 15 is not installed in \(Self.binaryDirectory); install Debian's postgresql package")
        }
        self.database = database
        runAsPostgres = geteuid() == 0
        // Not $TMPDIR: the `postgres` user must be able to reach the folder (root's temporary
        // folder may be private), and the socket's path must stay under the 107-byte limit.
        var template = Array(("/tmp/storefront-pg-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        port = try Self.freePort()
        do {
            if runAsPostgres { try Self.giveToPostgres(directory) }
            try run("initdb", ["-D", dataDirectory, "-A", "trust", "-U", Self.superuser, "--no-sync", "-E", "UTF8"])
            // The port was free when picked but is not held: another test's server, or a client
            // connection's local port, may take it before the server binds it, and the server
            // then stops at once. Another free port is tried.
            for attempt in 1...Self.startAttempts {
                do {
                    try start()
                    break
                } catch {
                    guard attempt < Self.startAttempts else { throw error }
                    port = try Self.freePort()
                }
            }
            try run("createdb", asServer: false, ["-h", directory, "-p", "\(port)", "-U", Self.superuser, database])
        } catch {
            stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    deinit { discard() }

    /// Stops the server and removes its folder.
    public func discard() {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The cluster's data folder (inside `directory`).
    public var dataDirectory: String { directory + "/data" }

    /// A libpq URI for `database` over TCP, as `user`.
    public func url(user: String = ThrowawayPostgres.superuser, database: String? = nil) -> String {
        "postgresql://\(user)@127.0.0.1:\(port)/\(database ?? self.database)"
    }

    /// A libpq keyword string for `database` over the unix socket, as `user`.
    public func keywordString(user: String = ThrowawayPostgres.superuser, database: String? = nil) -> String {
        "host=\(directory) port=\(port) user=\(user) dbname=\(database ?? self.database)"
    }

    /// Runs `sql` with psql as the superuser; returns what it printed (unaligned, tuples only).
    /// What it changed is in the server's statistics when it returns, as stores count rows
    /// changed by hand from them (`handChangesQuery`).
    @discardableResult
    public func psql(_ sql: String, database: String? = nil) throws -> String {
        try run("psql", asServer: false, psqlArguments(database: database) + ["-c", sql] + Self.statisticsReportedAtOnce)
    }

    /// psql commands, after the caller's, that have the session report its statistics before it
    /// answers, printing nothing. Otherwise a session that connected less than a second before
    /// reports them only as it ends, after psql has returned: a store reading at that moment
    /// counts the change later, as one more, and reads itself again from its first row.
    static let statisticsReportedAtOnce = ["-c", "\\o /dev/null", "-c", "SELECT pg_stat_force_next_flush()"]

    /// Replaces `old` with `new` in the line of event row `seq`, its triggers disabled for the
    /// statement and enabled again, as a superuser damaging or mending a store by hand does.
    public func rewriteEventRow(seq: Int, replacing old: String, with new: String, database: String? = nil) throws {
        try psql("ALTER TABLE storefront_events DISABLE TRIGGER USER; UPDATE storefront_events SET line = "
            + "replace(line, '\(old)', '\(new)') WHERE seq = \(seq); ALTER TABLE storefront_events ENABLE TRIGGER USER",
            database: database)
    }

    /// psql's options for `database` as the superuser: unaligned, rows only, stop at the first error.
    func psqlArguments(database: String?) -> [String] {
        ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", directory, "-p", "\(port)", "-U", Self.superuser,
         "-d", database ?? self.database]
    }

    /// The environment of every PostgreSQL program run here.
    var programEnvironment: [String: String] {
        // Nothing from the caller's libpq settings may redirect the programs.
        ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": directory, "PGPASSFILE": directory + "/no-password-file"]
    }

    /// Stops the server at once (`immediate`: it is thrown away); safe to call twice.
    public func stop() {
        guard isRunning else { return }
        isRunning = false
        _ = try? run("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"])
    }

    /// How many ports a new server tries before its start is given up.
    static let startAttempts = 3

    /// Starts the server again after `stop` or after it was killed, on the same port; a server
    /// that does not start is reported with the end of its log, which says why.
    public func start() throws {
        let options = "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1"
        let logPath = directory + "/server.log"
        do {
            try run("pg_ctl", ["-D", dataDirectory, "-l", logPath, "-o", options, "-w", "start"])
        } catch {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw Failure(description: "\(error); the server's log ends: " + log.split(separator: "\n").suffix(5).joined(separator: " | "))
        }
        isRunning = true
    }

    /// Runs a PostgreSQL program and returns its output; a server program (`asServer`) runs as
    /// `postgres` when this process is root, a client as this process's user.
    @discardableResult
    private func run(_ program: String, asServer: Bool = true, _ arguments: [String]) throws -> String {
        let path = Self.binaryDirectory + "/" + program
        let (executable, fullArguments) = runAsPostgres && asServer
            ? ("/usr/sbin/runuser", ["-u", Self.superuser, "--", path] + arguments) : (path, arguments)
        let result = try CleanSpawn.run(executable, fullArguments, environment: programEnvironment)
        guard result.status == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited \(result.status): \(result.output)")
        }
        return result.output
    }

    /// Hands the folder to the `postgres` user, which the server runs as.
    private static func giveToPostgres(_ directory: String) throws {
        guard let entry = getpwnam(superuser) else {
            throw Failure(description: "there is no \(superuser) user to run the server as; install Debian's postgresql package")
        }
        guard chown(directory, entry.pointee.pw_uid, entry.pointee.pw_gid) == 0 else {
            throw Failure(description: "cannot give \(directory) to \(superuser): \(String(cString: strerror(errno)))")
        }
    }

    /// A TCP port of 127.0.0.1 nobody listens on now (the kernel's choice for port 0).
    private static func freePort() throws -> Int {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socketDescriptor, generic, length) == 0 && getsockname(socketDescriptor, generic, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "cannot find a free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
