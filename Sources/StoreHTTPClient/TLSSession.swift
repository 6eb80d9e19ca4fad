internal import CTLS
import Foundation
import Glibc

/// TLS over an `HTTPSocket` with OpenSSL: the server's certificate must chain to a trusted
/// root and name the host; every wait ends at the socket's deadline.
final class TLSSession {
    private let socket: HTTPSocket
    private let context: OpaquePointer
    private let session: OpaquePointer

    /// Shakes hands with the server at `host` over `socket`, trusting the system's roots, or
    /// only the certificates in `trustedCertificatesFile` (PEM) when given.
    init(over socket: HTTPSocket, host: String, trustedCertificatesFile: String?) throws(HTTPClientFailure) {
        self.socket = socket
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw Self.failure("TLS could not be set up") }
        storefront_tls_configure(context)
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        let rootsLoaded = trustedCertificatesFile.map { SSL_CTX_load_verify_locations(context, $0, nil) } ?? SSL_CTX_set_default_verify_paths(context)
        guard rootsLoaded == 1, let session = SSL_new(context) else {
            SSL_CTX_free(context)
            throw Self.failure("the trusted certificates could not be loaded" + (trustedCertificatesFile.map { " from \($0)" } ?? ""))
        }
        self.context = context
        self.session = session
        SSL_set_fd(session, socket.descriptor)
        // A name is sent (SNI) and checked against the certificate's names; an address is checked
        // against its IP addresses.
        if Self.isAddress(host) {
            X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(session), host)
        } else {
            storefront_tls_set_server_name(session, host)
            SSL_set1_host(session, host)
        }
        try perform("the TLS handshake") { SSL_connect(session) }
    }

    deinit {
        SSL_free(session)
        SSL_CTX_free(context)
    }

    /// Sends all of `bytes`.
    func sendAll(_ bytes: [UInt8]) throws(HTTPClientFailure) {
        var sent = 0
        while sent < bytes.count {
            let chunk = Array(bytes[sent...])
            sent += Int(try perform("sending the request") { chunk.withUnsafeBytes { SSL_write(session, $0.baseAddress, Int32($0.count)) } })
        }
    }

    /// Receives what has come; empty once the server closed the connection.
    func receive(limit: Int) throws(HTTPClientFailure) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = try perform("receiving the answer", endIsZero: true) {
            buffer.withUnsafeMutableBytes { SSL_read(session, $0.baseAddress, Int32($0.count)) }
        }
        return Array(buffer.prefix(Int(count)))
    }

    /// Runs `operation` until it is done, waiting on the socket whenever OpenSSL needs it to be
    /// readable or writable; with `endIsZero`, the connection's end returns 0.
    @discardableResult
    private func perform(_ what: String, endIsZero: Bool = false, _ operation: () -> Int32) throws(HTTPClientFailure) -> Int32 {
        while true {
            ERR_clear_error()
            let result = operation()
            if result > 0 { return result }
            switch SSL_get_error(session, result) {
            case SSL_ERROR_WANT_READ: try socket.wait(for: Int16(POLLIN))
            case SSL_ERROR_WANT_WRITE: try socket.wait(for: Int16(POLLOUT))
            case SSL_ERROR_ZERO_RETURN where endIsZero: return 0
            case SSL_ERROR_SYSCALL where endIsZero && ERR_peek_error() == 0 && result == 0: return 0
            default:
                let verification = SSL_get_verify_result(session)
                if verification != Int(X509_V_OK) {
                    throw .unreachable("the server's certificate is not trusted: "
                        + String(cString: X509_verify_cert_error_string(verification)))
                }
                throw Self.failure("\(what) failed")
            }
        }
    }

    /// `reason` with OpenSSL's first error, when it gave one.
    private static func failure(_ reason: String) -> HTTPClientFailure {
        let code = ERR_get_error()
        guard code != 0 else { return .unreachable(reason) }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return .unreachable("\(reason) (\(String(decoding: bytes, as: UTF8.self)))")
    }

    private static func isAddress(_ host: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, host, &buffer) == 1 || inet_pton(AF_INET6, host, &buffer) == 1
    }
}
