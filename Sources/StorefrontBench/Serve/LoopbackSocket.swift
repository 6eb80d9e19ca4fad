import Foundation

/// A TCP socket on 127.0.0.1: connecting, listening, and whole reads and writes, with errno
/// turned into the benchmark's error.
struct LoopbackSocket: Sendable {
    let descriptor: Int32

    /// Connects to `port` on 127.0.0.1, with Nagle's delay off so each request leaves at once.
    static func connect(port: UInt16) throws -> LoopbackSocket {
        let socket = try make()
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw socket.failure("connect to 127.0.0.1:\(port)") }
        var on: Int32 = 1
        setsockopt(socket.descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return socket
    }

    /// Listens on a free port of 127.0.0.1 and returns the socket and its port.
    static func listen() throws -> (socket: LoopbackSocket, port: UInt16) {
        let socket = try make()
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(socket.descriptor, 128) == 0 else { throw socket.failure("listen on 127.0.0.1") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket.descriptor, $0, &length) }
        }
        guard named == 0 else { throw socket.failure("find the listening port") }
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    /// The next connection to a listening socket; nil once the socket is shut down.
    func accept() -> LoopbackSocket? {
        while true {
            let accepted = Glibc.accept(descriptor, nil, nil)
            if accepted >= 0 { return LoopbackSocket(descriptor: accepted) }
            if errno != EINTR { return nil }
        }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw failure("write") }
            sent += count
        }
    }

    /// Appends what arrives next to `buffer`; false when the peer has closed the connection.
    func read(into buffer: inout [UInt8]) throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 { return false }
            if errno != EINTR { throw failure("read") }
        }
    }

    /// Stops a blocked `accept` or `read` in another thread, then releases the descriptor.
    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        _ = Glibc.close(descriptor)
    }

    private static func make() throws -> LoopbackSocket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else {
            throw BenchError.unexpectedResult("cannot open a socket: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return LoopbackSocket(descriptor: descriptor)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    private func failure(_ operation: String) -> BenchError {
        .unexpectedResult("a loopback socket failed to \(operation): \(String(cString: strerror(errno)))")
    }
}
