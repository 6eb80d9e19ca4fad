import Foundation
import StorefrontText

/// Opens the listening socket itself, so that a port in use or a bad address is reported
/// with the system's reason, and a port of 0 can be read back.
enum ListeningSocket {
    /// A listening, non-blocking socket bound to `address`, and the port it got.
    static func open(_ address: ServerAddress, backlog: Int32) throws(ServerStartError) -> (socket: Int32, port: Int) {
        let domain = address.family == .ipv4 ? AF_INET : AF_INET6
        let descriptor = socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure(address, errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        switch address.family {
        case .ipv4:
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = address.port.bigEndian
            inet_pton(AF_INET, address.host, &socketAddress.sin_addr)
            bound = bind(descriptor, to: socketAddress)
        case .ipv6:
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = address.port.bigEndian
            inet_pton(AF_INET6, address.host, &socketAddress.sin6_addr)
            bound = bind(descriptor, to: socketAddress)
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(address, code)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        return (descriptor, boundPort(descriptor))
    }

    /// Binds `descriptor` to `address`, a `sockaddr_in` or `sockaddr_in6`.
    private static func bind<Address>(_ descriptor: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    /// The port the system gave the socket (the asked one, or a free one for 0).
    private static func boundPort(_ descriptor: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) { Int(UInt16(bigEndian: $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port })) }
        }
        return withUnsafePointer(to: &storage) { Int(UInt16(bigEndian: $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port })) }
    }

    private static func failure(_ address: ServerAddress, _ code: Int32) -> ServerStartError {
        ServerStartError(ServerText.cannotListen(host: address.host, port: Int(address.port), reason: String(cString: strerror(code))))
    }
}
