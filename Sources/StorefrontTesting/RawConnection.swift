import Foundation

/// A plain TCP connection to the server on loopback, for input no HTTP client would send.
public final class RawConnection {
    private let descriptor: Int32

    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            sent += count
        }
    }

    /// What arrives until the answer's headers and declared body are in, or the server
    /// closes; "" when it closes without a byte. Fails after 20 seconds of silence.
    public func readAnswer() throws -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count < 0 {
                if errno == ECONNRESET { break }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            if let headerEnd = text.range(of: "\r\n\r\n") {
                let length = text[..<headerEnd.lowerBound].split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<headerEnd.upperBound].utf8.count >= length { break }
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    private var isClosed = false

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    deinit { close() }
}
