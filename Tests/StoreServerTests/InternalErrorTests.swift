import StoreServer
import XCTest

/// A 500's message is for the client: one line, no paths on the server's disk, no commands.
final class InternalErrorTests: XCTestCase {
    func testEveryInternalFailureIsOneLineWithoutPathsOrCommands() {
        for failure in AppStoreAPIError.InternalFailure.allCases {
            let error = AppStoreAPIError.internalError(failure)
            XCTAssertEqual(error.httpStatus, 500)
            XCTAssertEqual(error.errorCode, 5_000_000)
            let message = error.errorMessage
            XCTAssertFalse(message.contains("\n"), message)
            XCTAssertFalse(message.contains("/"), message)
            XCTAssertFalse(message.contains("`") || message.contains("storefront "), message)
            XCTAssertFalse(message.hasSuffix(".."), message)
            XCTAssertTrue(message.hasSuffix("."), message)
        }
    }
}
