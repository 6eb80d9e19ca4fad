internal import CPostgres
import Glibc

/// Listening for other writers' commits on a connection: the socket to wait on, and taking in
/// the notifications that made it readable.
extension PostgresConnection {
    /// Subscribes this session to `channel`; notifications then arrive on `socket`.
    func listen(_ channel: String) throws(PostgresStoreError) {
        // A channel is an identifier, not a parameter: quoted, with quotes doubled.
        try execute("LISTEN \"\(channel.replacingOccurrences(of: "\"", with: "\"\""))\"")
    }

    /// The socket libpq talks to the server on, for `poll(2)`; nil when there is none.
    var socket: Int32? {
        let descriptor = PQsocket(handle)
        return descriptor >= 0 ? descriptor : nil
    }

    /// True when the connection is lost (the server closed it, or it could not be made), or
    /// was left in pipeline mode by a pipeline that could not be finished, where it can run
    /// nothing else: either way the next read connects again.
    var isBroken: Bool { PQstatus(handle) != CONNECTION_OK || PQpipelineStatus(handle) != PQ_PIPELINE_OFF }

    /// Reads what the server sent unasked and takes every notification out of it; true when
    /// there was one, or when something else arrived: besides notifications the server sends
    /// unasked only what a reader should look at, the reason it is ending the connection, which
    /// the next read then finds lost.
    ///
    /// A notification naming a sequence number already read counts too: it is most often a
    /// commit read already, but it may be a new row under that number, committed after the last
    /// rows were deleted by hand, which only a read (its look at the last row read) tells.
    ///
    /// Notifications that came in among a statement's replies are taken too: libpq keeps them
    /// aside while it reads the replies, so they never make the socket readable again.
    func takeNotifications() -> Bool {
        let hadInput = hasUnreadInput
        guard PQconsumeInput(handle) == 1, !isBroken else { return true }
        var notified = false
        while let notification = PQnotifies(handle) {
            notified = true
            PQfreemem(notification)
        }
        return notified || hadInput
    }

    /// Takes in what the server sent while the session was idle, so that a session it ended
    /// meanwhile (`pg_terminate_backend`, `idle_session_timeout`, a shutdown) counts as broken
    /// before anything is sent on it, and is connected again instead of failing the next
    /// statement. One `poll(2)`, no round trip; an idle session is sent nothing else.
    func noticeLossWhileIdle() {
        guard !isBroken, hasUnreadInput else { return }
        // Something came to a session that was asked nothing: most likely the server's last
        // word, which the end of the stream follows at once, and libpq sees that end only on a
        // read of its own. So it waits a moment for more (only then), a few reads at most.
        for _ in 0..<4 where !isBroken {
            guard PQconsumeInput(handle) == 1, hasInput(within: Self.idleLossWaitMilliseconds) else { return }
        }
    }

    /// How long a session that was sent something while idle waits for the end of the stream
    /// that may follow (see `noticeLossWhileIdle`).
    static let idleLossWaitMilliseconds: Int32 = 250

    /// Whether the socket has something to read right now.
    private var hasUnreadInput: Bool { hasInput(within: 0) }

    /// Whether the socket has something to read within `milliseconds`.
    private func hasInput(within milliseconds: Int32) -> Bool {
        guard let socket else { return false }
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }
}
