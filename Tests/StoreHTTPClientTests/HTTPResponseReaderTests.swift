import Testing
@testable import StoreHTTPClient

@Suite struct HTTPResponseReaderTests {
    private func read(_ text: String, atEnd: Bool = false, readsBody: Bool = true) throws(HTTPClientFailure) -> HTTPResponse? {
        try HTTPResponseReader.response(in: Array(text.utf8), atEnd: atEnd, readsBody: readsBody)
    }

    @Test func aBodyEndsAtItsLength() throws {
        let response = try #require(try read("HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\ncontent-length: 5\r\n\r\nhello and more"))
        #expect(response.status == 201)
        #expect(response.header("Content-Type") == "text/plain")
        #expect(response.header("CONTENT-LENGTH") == "5")
        #expect(response.body == Array("hello".utf8))
    }

    @Test func aBodyShorterThanItsLengthWaitsAndIsCutShortAtTheEnd() throws {
        let partial = "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello"
        #expect(try read(partial) == nil)
        #expect(throws: HTTPClientFailure.unreachable("the server closed the connection after 5 of the body's 10 bytes")) {
            try read(partial, atEnd: true)
        }
    }

    @Test func chunksAreJoinedOnceTheLastOneCame() throws {
        let whole = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;name=x\r\nWiki\r\n5\r\npedia\r\n0\r\n\r\n"
        #expect(try read(whole)?.body == Array("Wikipedia".utf8))
        #expect(try read(String(whole.dropLast(9))) == nil)
        #expect(throws: HTTPClientFailure.self) { try read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") }
    }

    @Test func bareLineFeedsEndLinesToo() throws {
        let response = try #require(try read("HTTP/1.1 200 OK\nContent-Length: 2\n\nok"))
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "2")
        #expect(response.body == Array("ok".utf8))
        #expect(try read("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n2\nok\n0\n\n")?.body == Array("ok".utf8))
    }

    @Test func withoutALengthTheBodyRunsToTheEnd() throws {
        #expect(try read("HTTP/1.0 200 OK\r\n\r\nall of it") == nil)
        #expect(try read("HTTP/1.0 200 OK\r\n\r\nall of it", atEnd: true)?.body == Array("all of it".utf8))
    }

    @Test func anInterimAnswerIsSkipped() throws {
        let response = try read("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n")
        #expect(response?.status == 204)
    }

    @Test func onlyTheStatusIsReadWhenTheBodyIsNotWanted() throws {
        #expect(try read("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 100\r\n\r\n", readsBody: false)?.status == 500)
        #expect(try read("HTTP/1.1 500 Internal Server Error\r\nContent-Le", readsBody: false) == nil)
    }

    @Test func whatIsNotHTTPOrEndsEarlyIsSaidInWords() {
        #expect(throws: HTTPClientFailure.unreachable("the answer is not HTTP (it starts \"SSH-2.0-OpenSSH_9.2\")")) {
            try read("SSH-2.0-OpenSSH_9.2\r\n\r\n")
        }
        #expect(throws: HTTPClientFailure.unreachable("the server closed the connection before any answer")) {
            try read("", atEnd: true)
        }
        #expect(throws: HTTPClientFailure.unreachable("the server closed the connection inside the answer's header fields")) {
            try read("HTTP/1.1 200 OK\r\n", atEnd: true)
        }
    }
}
