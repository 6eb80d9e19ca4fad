import Foundation
import Testing
@testable import StoreHTTPClient

@Suite struct HTTPTargetTests {
    private func target(_ text: String) -> HTTPTarget? { URL(string: text).flatMap(HTTPTarget.init) }

    @Test func aPlainURLGoesToPort80WithItsPath() throws {
        let found = try #require(target("http://example.com/hook"))
        #expect(!found.usesTLS)
        #expect(found.host == "example.com")
        #expect(found.port == 80)
        #expect(found.requestPath == "/hook")
        #expect(found.hostHeader == "example.com")
    }

    @Test func anHTTPSURLKeepsItsPortQueryAndEscapes() throws {
        let found = try #require(target("https://Example.com:8443/a%20b/c?x=1&y=%2F"))
        #expect(found.usesTLS)
        #expect(found.port == 8443)
        #expect(found.requestPath == "/a%20b/c?x=1&y=%2F")
        #expect(found.hostHeader == "Example.com:8443")
        #expect(try #require(target("https://example.com")).port == 443)
    }

    @Test func anIPv6LiteralIsResolvedBareAndSentInBrackets() throws {
        let found = try #require(target("http://[::1]:9000"))
        #expect(found.host == "::1")
        #expect(found.requestPath == "/")
        #expect(found.hostHeader == "[::1]:9000")
    }

    @Test func aNamesTrailingDotIsNotResolvedOrSent() throws {
        let found = try #require(target("https://example.com.:8443/n"))
        #expect(found.host == "example.com")
        #expect(found.hostHeader == "example.com:8443")
    }

    @Test(arguments: ["ftp://example.com/x", "mailto:someone@example.com", "http:///path", "http://example.com:0/", "/relative"])
    func whatIsNotAnHTTPURLWithAHostHasNoTarget(_ text: String) {
        #expect(target(text) == nil)
    }
}
