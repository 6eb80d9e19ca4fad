internal import CPostgres

/// What a server says outside the answer to a statement, heard instead of libpq's default,
/// which prints it on standard error.
///
/// Warnings (a NOTICE for CREATE … IF NOT EXISTS) are dropped: they must not reach a command's
/// output. A FATAL or PANIC message that arrives while the session is idle is the server's
/// reason for ending it ("terminating connection due to administrator command"); it is kept,
/// as libpq then only says that the server closed the connection unexpectedly.
final class ServerNotices {
    /// The server's reason for ending the session, when it gave one.
    private(set) var sessionEndReason: String?

    /// Has `handle`'s notices come here. The connection must not outlive this object.
    func listen(to handle: OpaquePointer) {
        PQsetNoticeReceiver(handle, { context, result in
            guard let context, let result else { return }
            let notices = Unmanaged<ServerNotices>.fromOpaque(context).takeUnretainedValue()
            let field = { (code: UInt8) in PQresultErrorField(result, Int32(code)).map { String(cString: $0) } }
            guard let severity = field(UInt8(ascii: "V")), severity == "FATAL" || severity == "PANIC" else { return }
            notices.sessionEndReason = field(UInt8(ascii: "M")) ?? severity
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
