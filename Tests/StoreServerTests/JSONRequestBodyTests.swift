import Foundation
@testable import StoreServer
import XCTest

/// Bodies that are JSON but not what an endpoint takes: the 400 names the field, never a Swift type.
final class JSONRequestBodyTests: XCTestCase {
    struct Extension: Decodable {
        var extendByDays: Int?
        var consumptionStatus: Int?
    }

    private func message(decoding body: String) throws -> String {
        do {
            _ = try JSONRequestBody.decode(Extension.self, from: HTTPRequest(method: "PUT", path: "/x", body: Array(body.utf8)))
        } catch {
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(error.response.body)) as? [String: Any])
            XCTAssertEqual(error.response.status, 400)
            return try XCTUnwrap(json["errorMessage"] as? String)
        }
        XCTFail("\(body) was accepted")
        return ""
    }

    func testAFractionWhereAWholeNumberBelongsNamesTheField() throws {
        let text = try message(decoding: #"{"extendByDays":1.5}"#)
        XCTAssertTrue(text.contains("extendByDays"), text)
        XCTAssertFalse(text.contains("DecodingError") || text.contains("Int"), text)
    }

    func testANumberTooLargeForTheFieldNamesTheField() throws {
        let text = try message(decoding: #"{"consumptionStatus":1e30}"#)
        XCTAssertTrue(text.contains("consumptionStatus"), text)
        XCTAssertFalse(text.contains("DecodingError") || text.contains("Int"), text)
    }

    func testAnUnfinishedObjectSaysItIsNotAJSONObject() throws {
        let text = try message(decoding: "{")
        XCTAssertTrue(text.contains("not a JSON object"), text)
        XCTAssertFalse(text.contains("DecodingError"), text)
    }

    func testAnObjectFollowedByMoreTextSaysThereIsTextAfterIt() throws {
        for body in [#"{"extendByDays":1} x"#, #"{"extendByDays":1}{}"#, " {} ]"] {
            let text = try message(decoding: body)
            XCTAssertTrue(text.contains("text after the JSON object"), "\(body): \(text)")
        }
        XCTAssertTrue(try message(decoding: "[1] x").contains("not a JSON object"))
    }

    func testKeysThatOnlyLookAlikeAreNotRefusedAsGivenTwice() throws {
        let body = #"{"extendByDays":1,"e\u0301":1,"\u00e9":2}"#
        let decoded = try JSONRequestBody.decode(Extension.self, from: HTTPRequest(method: "PUT", path: "/x", body: Array(body.utf8)))
        XCTAssertEqual(decoded.extendByDays, 1)
    }

    func testAKeyGivenTwiceIsRefusedWithApplesBadRequestCodeNamingIt() throws {
        let text = try message(decoding: #"{"extendByDays":1,"extendByDays":2}"#)
        XCTAssertTrue(text.contains("\"extendByDays\"") && text.contains("more than once"), text)
        do {
            _ = try JSONRequestBody.decode(Extension.self, from: HTTPRequest(method: "PUT", path: "/x", body: Array(#"{"extendByDays":1,"extendByDays":1}"#.utf8)))
            XCTFail("a key given twice with the same value was accepted")
        } catch {
            XCTAssertEqual(error.errorCode, AppStoreAPIError.Code.generalBadRequest)
        }
    }

    func testAKeyGivenTwiceInANestedObjectIsNamedWithItsPath() throws {
        let text = try message(decoding: #"{"consumptionStatus":1,"extra":{"a":1,"a":2}}"#)
        XCTAssertTrue(text.contains("\"extra.a\""), text)
    }
}
