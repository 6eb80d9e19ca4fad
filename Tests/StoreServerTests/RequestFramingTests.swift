import Foundation
import StoreServer
import XCTest

/// Requests whose body's end a proxy in front could read otherwise are refused before any of
/// the body is read, with the answer of the endpoint asked.
final class RequestFramingTests: XCTestCase {
    private func refusal(_ fields: [(name: String, value: String)]) -> AppStoreAPIError? {
        RequestFraming.refusal(headerFields: fields)
    }

    func testContentLengthBesideTransferEncodingIsABadRequestNamingBoth() throws {
        for fields in [[("Content-Length", "5"), ("Transfer-Encoding", "chunked")],
                       [("transfer-encoding", "gzip, chunked"), ("CONTENT-LENGTH", "0")]] {
            let refusal = try XCTUnwrap(self.refusal(fields), "\(fields)")
            XCTAssertEqual(refusal.httpStatus, 400)
            XCTAssertEqual(refusal.errorCode, AppStoreAPIError.Code.generalBadRequest)
            XCTAssertTrue(refusal.errorMessage.contains("Content-Length") && refusal.errorMessage.contains("Transfer-Encoding"),
                          refusal.errorMessage)
        }
    }

    func testContentLengthsThatDisagreeAreABadRequestWhileOneLengthRepeatedIsTaken() {
        let refusal = self.refusal([("Content-Length", "5"), ("Content-Length", "50")])
        XCTAssertEqual(refusal?.httpStatus, 400)
        XCTAssertEqual(refusal?.errorCode, AppStoreAPIError.Code.generalBadRequest)
        XCTAssertTrue(refusal?.errorMessage.contains("\"5\", \"50\"") == true, refusal?.errorMessage ?? "")
        XCTAssertNil(self.refusal([("Content-Length", "5"), ("Content-Length", " 5")]))
    }

    func testEitherFramingAloneIsTaken() {
        XCTAssertNil(refusal([("Content-Length", "5")]))
        XCTAssertNil(refusal([("Transfer-Encoding", "chunked")]))
        XCTAssertNil(refusal([("Host", "h")]))
    }

    func testVerifyReceiptRefusesInItsOwnShapeAndEveryOtherPathWithApplesErrorBody() throws {
        let refusal = try XCTUnwrap(self.refusal([("Content-Length", "2"), ("Transfer-Encoding", "chunked")]))
        let receipt = ServerRoutes.table.answer(refusingUnreadable: refusal, path: "/verifyReceipt")
        XCTAssertEqual(receipt.status, 400)
        XCTAssertEqual(receipt.contentType, "application/json")
        XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(receipt.body)) as? [String: Int], ["status": 21_002])
        for path in ["/inApps/v1/transactions/1", "/inApps/v9/nothing", "/verifyReceipt/"] {
            let answer = ServerRoutes.table.answer(refusingUnreadable: refusal, path: path)
            XCTAssertEqual(answer, refusal.response, path)
        }
    }
}
