import Foundation
import Glibc
import Testing
import StoreHTTPClient

/// Exchanges with real loopback servers: plain and TLS, answering, silent, hanging up, absent.
@Suite struct HTTPClientTests {
    private func url(_ text: String) -> URL { URL(string: text)! }

    @Test func aPostCarriesItsFieldsAndBodyAndGetsTheStatus() throws {
        let server = try ScriptedServer(.answer, answer: Array("HTTP/1.1 202 Accepted\r\nContent-Length: 2\r\n\r\nok".utf8))
        let answer = HTTPClient.send("POST", to: url("http://127.0.0.1:\(server.port)/hook?x=1"),
                                     headers: [HTTPHeaderField(name: "Content-Type", value: "application/json")],
                                     body: Array("{\"a\":1}".utf8), timeout: 10)
        let response = try answer.get()
        #expect(response.status == 202)
        #expect(response.body == Array("ok".utf8))
        let request = String(decoding: server.waitForRequest(ofAtLeast: 1), as: UTF8.self)
        #expect(request.hasPrefix("POST /hook?x=1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"))
        #expect(request.contains("\r\nContent-Type: application/json\r\n"))
        #expect(request.contains("\r\nContent-Length: 7\r\n"))
        #expect(request.hasSuffix("\r\n\r\n{\"a\":1}"))
    }

    @Test func aPortNobodyListensOnIsRefused() throws {
        // A port that was free a moment ago: bound, then closed.
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = bind(probe, $0, length) } }
        withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(probe, $0, &length) } }
        close(probe)
        let port = Int(UInt16(bigEndian: address.sin_port))
        #expect(HTTPClient.send("POST", to: url("http://127.0.0.1:\(port)/"), timeout: 5) == .failure(.refused))
    }

    @Test func aServerThatSaysNothingTimesOutAtTheLimit() throws {
        let server = try ScriptedServer(.silent)
        let started = ContinuousClock.now
        #expect(HTTPClient.send("POST", to: url("http://127.0.0.1:\(server.port)/"), timeout: 0.5) == .failure(.timeout))
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    @Test func aServerThatHangsUpIsUnreachableInWords() throws {
        let server = try ScriptedServer(.hangUp)
        #expect(HTTPClient.send("POST", to: url("http://127.0.0.1:\(server.port)/"), timeout: 5)
            == .failure(.unreachable("the server closed the connection before any answer")))
    }

    @Test func aNameThatDoesNotResolveIsSaid() {
        guard case .failure(.unreachable(let reason)) = HTTPClient.send("POST", to: url("http://no-such-host.invalid/"), timeout: 5) else {
            Issue.record("a name that does not resolve was not unreachable")
            return
        }
        #expect(reason.hasPrefix("the host name no-such-host.invalid does not resolve"))
    }

    @Test func tlsToATrustedCertificateForTheNameGetsTheAnswer() throws {
        let server = try ScriptedServer(.answer, answer: Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8), tls: true)
        let answer = HTTPClient.send("POST", to: url("https://localhost:\(server.port)/tls"), body: Array("x".utf8), timeout: 10,
                                     trustedCertificatesFile: server.certificatePath)
        #expect(try answer.get().status == 200)
        let request = String(decoding: server.waitForRequest(ofAtLeast: 1), as: UTF8.self)
        #expect(request.hasPrefix("POST /tls HTTP/1.1\r\nHost: localhost:\(server.port)\r\n"))
    }

    @Test func tlsRefusesACertificateThatIsNotTrustedOrNamesAnotherHost() throws {
        let server = try ScriptedServer(.answer, answer: Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8), tls: true)
        let untrusted = HTTPClient.send("POST", to: url("https://localhost:\(server.port)/"), timeout: 10)
        let otherName = HTTPClient.send("POST", to: url("https://127.0.0.1:\(server.port)/"), timeout: 10,
                                        trustedCertificatesFile: server.certificatePath)
        for answer in [untrusted, otherName] {
            guard case .failure(.unreachable(let reason)) = answer else {
                Issue.record("a certificate that should be refused was taken: \(answer)")
                continue
            }
            #expect(reason.hasPrefix("the server's certificate is not trusted: "))
        }
        #expect(server.received.isEmpty)
    }

    @Test func aPlainRequestToATLSServerFailsInsteadOfHanging() throws {
        let server = try ScriptedServer(.answer, tls: true)
        let answer = HTTPClient.send("POST", to: url("http://127.0.0.1:\(server.port)/"), timeout: 3)
        guard case .failure = answer else {
            Issue.record("plain HTTP to a TLS server got an answer")
            return
        }
    }
}

/// The roots `SSL_CERT_FILE` and `SSL_CERT_DIR` name: checked so that unusable ones are said.
@Suite struct TrustedRootsTests {
    /// A new folder of `files`, removed by the caller.
    private func folder(holding files: [String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-roots-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in files { try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/" + name)) }
        return path
    }

    @Test func unsetOrUsableRootsHaveNoProblem() throws {
        #expect(TrustedRoots.problems(in: [:]).isEmpty)
        let server = try ScriptedServer(.answer, tls: true)
        let hashed = try folder(holding: ["5ad8a5d6.0", "ca.pem"])
        defer { try? FileManager.default.removeItem(atPath: hashed) }
        #expect(TrustedRoots.problems(in: ["SSL_CERT_FILE": server.certificatePath, "SSL_CERT_DIR": hashed]).isEmpty)
        // A file in SSL_CERT_DIR is read as one of certificates.
        #expect(TrustedRoots.problems(in: ["SSL_CERT_DIR": server.certificatePath]).isEmpty)
    }

    @Test func rootsThatCannotBeUsedAreNamedWithWhy() throws {
        let notPEM = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-not-pem-\(UUID().uuidString)").path
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: notPEM))
        defer { try? FileManager.default.removeItem(atPath: notPEM) }
        #expect(TrustedRoots.problems(in: ["SSL_CERT_FILE": notPEM]) == [
            TrustedRoots.Problem(variable: "SSL_CERT_FILE", path: notPEM, reason: "holds no certificate in PEM form")])
        let unhashed = try folder(holding: ["ca.pem"])
        defer { try? FileManager.default.removeItem(atPath: unhashed) }
        #expect(TrustedRoots.problems(in: ["SSL_CERT_FILE": "/nonexistent/roots.pem", "SSL_CERT_DIR": unhashed + ":" + notPEM]) == [
            TrustedRoots.Problem(variable: "SSL_CERT_FILE", path: "/nonexistent/roots.pem", reason: "does not exist"),
            TrustedRoots.Problem(variable: "SSL_CERT_DIR", path: unhashed,
                                 reason: "holds no certificate under the hashed names OpenSSL looks them up by (HASH.0: run `openssl rehash` on it)"),
            TrustedRoots.Problem(variable: "SSL_CERT_DIR", path: notPEM, reason: "holds no certificate in PEM form")])
    }
}
