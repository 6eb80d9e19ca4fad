import Foundation

/// A TCP socket listening on 127.0.0.1 on a port the system chose, for tests that play a server
/// (or a silent one: the system completes connections to it until its backlog is full, whether
/// or not anything accepts them).
public enum LoopbackListener {
    /// The listening socket and its port; throws the system's error when it cannot listen.
    public static func open(backlog: Int32 = 8) throws -> (socket: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = descriptor >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, backlog) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard listening else {
            let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            if descriptor >= 0 { close(descriptor) }
            throw failure
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
