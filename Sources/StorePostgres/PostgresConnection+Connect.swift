internal import CPostgres
import Foundation

/// Opening a session through libpq's polling interface rather than its blocking
/// `PQconnectdbParams`, so that `ServerNotices` receives what the server says from the start.
///
/// A server that ends a session just after accepting it (`pg_terminate_backend`, a shutdown)
/// sends its FATAL message while libpq is still inside its connect, and libpq's own receiver
/// prints it on standard error: over a storefront's screen, or as a stray line above a
/// command's error. With the polling interface the receiver is set before the first byte is
/// read.
extension PostgresConnection {
    /// Starts a connection to `connectionString` (a URI or keyword string, expanded by libpq
    /// as `dbname`) with `applicationName` as libpq's fallback, which any application_name
    /// the user gave overrides; `notices` hears the server from the start. Nil only when libpq
    /// could not allocate a connection.
    static func connect(_ connectionString: String, notices: ServerNotices) -> OpaquePointer? {
        withConnectionParameters(connectionString) { keywords, values in
            guard let handle = PQconnectStartParams(keywords, values, 1) else { return nil }
            notices.listen(to: handle)
            guard PQstatus(handle) != CONNECTION_BAD else { return handle }
            if finishConnecting(handle) { return handle }
            // libpq's own connect moves on to the next host or address when one does not answer
            // within connect_timeout, which its polling interface cannot be asked to do.
            PQfinish(handle)
            return PQconnectdbParams(keywords, values, 1)
        }
    }

    /// How long a connect waits for a server, in seconds, unless the address or
    /// PGCONNECT_TIMEOUT says otherwise: libpq alone waits for ever on a port that accepts and
    /// never answers (another kind of server, a silent proxy), and a command would hang there.
    static let defaultConnectTimeoutSeconds = 10

    /// Calls `body` with the keyword and value arrays `PQconnectStartParams` takes: the
    /// default connect_timeout first, where PGCONNECT_TIMEOUT gives none (the address, expanded
    /// after it as `dbname`, overrides it), then the address, then the fallback application name.
    private static func withConnectionParameters<T>(
        _ connectionString: String,
        _ body: (UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<UnsafePointer<CChar>?>) -> T
    ) -> T {
        let timeout: [(String, String)] = getenv("PGCONNECT_TIMEOUT") == nil
            ? [("connect_timeout", String(defaultConnectTimeoutSeconds))] : []
        let parameters = timeout + [("dbname", connectionString), ("fallback_application_name", applicationName)]
        let copies: [UnsafeMutablePointer<CChar>?] = (parameters.map(\.0) + parameters.map(\.1)).map { (text: String) in strdup(text) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        let keywords = Array(pointers[0..<parameters.count]) + [nil]
        let values = Array(pointers[parameters.count...]) + [nil]
        return keywords.withUnsafeBufferPointer { keywords in
            values.withUnsafeBufferPointer { values in body(keywords.baseAddress!, values.baseAddress!) }
        }
    }

    /// Drives libpq's connect to its end, waiting on the socket as it asks. False when the
    /// address's connect_timeout ran out first; true when the connect ended, made or failed
    /// (`PQstatus` tells which).
    private static func finishConnecting(_ handle: OpaquePointer) -> Bool {
        let deadline = connectTimeout(of: handle).map { Date().addingTimeInterval($0) }
        var state = PGRES_POLLING_WRITING
        while state != PGRES_POLLING_OK, state != PGRES_POLLING_FAILED {
            var socket = pollfd(fd: PQsocket(handle), events: Int16(state == PGRES_POLLING_READING ? POLLIN : POLLOUT), revents: 0)
            let waitMilliseconds = deadline.map { Int32(max(0, min($0.timeIntervalSinceNow * 1000, 60_000)).rounded(.up)) } ?? -1
            let ready = poll(&socket, 1, waitMilliseconds)
            if ready < 0, errno != EINTR { return true }
            if ready == 0, let deadline, deadline.timeIntervalSinceNow <= 0 { return false }
            // A wait that ended early (a signal, or the poll's own cap) asks libpq again, which
            // answers with what it still waits for.
            if ready <= 0 { continue }
            state = PQconnectPoll(handle)
        }
        return true
    }

    /// The connect_timeout libpq would use (from the address, PGCONNECT_TIMEOUT or nothing),
    /// in seconds; nil to wait as long as the system's own connect does. libpq raises anything
    /// below 2 s to 2 s.
    private static func connectTimeout(of handle: OpaquePointer) -> TimeInterval? {
        guard let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "connect_timeout" {
                guard let value = option.pointee.val.flatMap({ Int(String(cString: $0).trimmingCharacters(in: .whitespaces)) }),
                      value > 0
                else { return nil }
                return TimeInterval(max(value, 2))
            }
            option += 1
        }
        return nil
    }
}
