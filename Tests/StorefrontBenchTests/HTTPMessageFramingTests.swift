@testable import StorefrontBench
import XCTest

/// The framing the serve section's client and webhook rely on to know a message is complete.
final class HTTPMessageFramingTests: XCTestCase {
    private let response = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"a\":\"bcd\"}".utf8)

    func testAResponseIsCompleteOnlyWithItsWholeBody() throws {
        for cut in [0, 20, response.count - 1] {
            XCTAssertNil(try HTTPMessageFraming.firstMessage(in: Array(response.prefix(cut))), "cut at \(cut)")
        }
        XCTAssertEqual(try HTTPMessageFraming.firstMessage(in: response),
                       HTTPMessageFraming.Message(length: response.count, statusCode: 200))
    }

    func testTheFirstOfTwoMessagesInOneReadIsFramedAlone() throws {
        let second = Array("HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n".utf8)
        let message = try XCTUnwrap(try HTTPMessageFraming.firstMessage(in: response + second))
        XCTAssertEqual(message.length, response.count)
        XCTAssertEqual(try HTTPMessageFraming.firstMessage(in: second)?.statusCode, 401)
    }

    func testARequestHasNoStatusAndAMessageWithoutLengthHasNoBody() throws {
        let request = Array("POST /notifications HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        XCTAssertEqual(try HTTPMessageFraming.firstMessage(in: request), HTTPMessageFraming.Message(length: request.count, statusCode: nil))
    }

    func testABrokenLengthOrEndlessHeadersAreErrorsNotWaits() {
        XCTAssertThrowsError(try HTTPMessageFraming.firstMessage(in: Array("HTTP/1.1 200 OK\r\nContent-Length: ten\r\n\r\n".utf8))) {
            XCTAssertEqual($0 as? HTTPMessageFraming.Problem, .badContentLength("ten"))
        }
        let endless = [UInt8](repeating: UInt8(ascii: "a"), count: HTTPMessageFraming.headerLimit + 1)
        XCTAssertThrowsError(try HTTPMessageFraming.firstMessage(in: endless))
    }

    func testTheServersPortIsReadFromItsListeningLine() {
        XCTAssertEqual(ServeChild.port(in: "listening on http://127.0.0.1:41234"), 41234)
        XCTAssertNil(ServeChild.port(in: "warning: something else"))
    }
}
