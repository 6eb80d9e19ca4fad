import Foundation
import Glibc

/// A non-blocking TCP connection whose every wait ends at one deadline.
///
/// Non-blocking throughout, so connecting, the TLS handshake, sending and receiving all stop
/// when the exchange's time is up, whatever the server does (accepts and says nothing, or
/// trickles a byte at a time).
final class HTTPSocket {
    let descriptor: Int32
    let deadline: ContinuousClock.Instant

    private init(descriptor: Int32, deadline: ContinuousClock.Instant) {
        self.descriptor = descriptor
        self.deadline = deadline
    }

    deinit { close(descriptor) }

    /// Connects to `host`:`port`, trying each address the name resolves to in turn.
    static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) throws(HTTPClientFailure) -> HTTPSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw .unreachable("the host name \(host) does not resolve (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(first) }
        var lastFailure = HTTPClientFailure.refused
        var address: UnsafeMutablePointer<addrinfo>? = first
        while let current = address {
            address = current.pointee.ai_next
            do {
                return try connect(to: current.pointee, deadline: deadline)
            } catch .timeout {
                throw .timeout
            } catch {
                lastFailure = error
            }
        }
        throw lastFailure
    }

    private static func connect(to address: addrinfo, deadline: ContinuousClock.Instant) throws(HTTPClientFailure) -> HTTPSocket {
        let descriptor = socket(address.ai_family, address.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                                address.ai_protocol)
        guard descriptor >= 0 else { throw .unreachable("no socket could be made (\(String(cString: strerror(errno))))") }
        let connection = HTTPSocket(descriptor: descriptor, deadline: deadline)
        if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw failure(ofConnect: errno) }
            try connection.wait(for: Int16(POLLOUT))
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else { throw failure(ofConnect: error) }
        }
        return connection
    }

    private static func failure(ofConnect code: Int32) -> HTTPClientFailure {
        code == ECONNREFUSED ? .refused : .unreachable("the connection failed (\(String(cString: strerror(code))))")
    }

    /// Waits until the socket is ready for `events` (POLLIN or POLLOUT); throws `timeout` once
    /// the deadline has passed.
    func wait(for events: Int16) throws(HTTPClientFailure) {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw .timeout }
            let milliseconds = Int32(clamping: max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var poller = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .unreachable("waiting for the connection failed (\(String(cString: strerror(errno))))") }
        }
    }

    /// Sends all of `bytes`.
    func sendAll(_ bytes: [UInt8]) throws(HTTPClientFailure) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count >= 0 {
                sent += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLOUT))
            } else {
                throw .unreachable("sending the request failed (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Receives what has come, up to `limit` bytes; an empty answer means the server closed
    /// the connection.
    func receive(limit: Int) throws(HTTPClientFailure) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLIN))
            } else {
                throw .unreachable("receiving the answer failed (\(String(cString: strerror(errno))))")
            }
        }
    }
}
