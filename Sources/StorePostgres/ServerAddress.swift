/// The server a connection reached and the user it reached it as, as libpq reports them: what
/// a command advised for that server (`createdb`) needs to reach it too.
public struct ServerAddress: Sendable, Equatable {
    /// A host name, address or socket folder; nil for libpq's default.
    public var host: String?
    public var port: String?
    public var user: String?

    public init(host: String?, port: String?, user: String?) {
        self.host = host
        self.port = port
        self.user = user
    }
}
