import Foundation
import StoreJSON
@testable import StoreServer
import XCTest

/// Bodies that are JSON but not what an endpoint takes: the 400 names the field, never a Swift type.
final class JSONRequestBodyTests: XCTestCase {
    struct Extension: EndpointRequestBody {
        var extendByDays: Int?
        var consumptionStatus: Int?

        static let wrongValueCodes = ["extendByDays": AppStoreAPIError.Code.invalidExtendByDays]
    }

    private func refusal(decoding body: String) throws -> AppStoreAPIError { try refusal(decoding: Array(body.utf8)) }

    private func refusal(decoding body: [UInt8]) throws -> AppStoreAPIError {
        do {
            _ = try JSONRequestBody.decode(Extension.self, from: HTTPRequest(method: "PUT", path: "/x", body: body))
        } catch {
            XCTAssertEqual(error.response.status, 400)
            return error
        }
        XCTFail("\(body) was accepted")
        return AppStoreAPIError(httpStatus: 200, errorCode: 0, errorMessage: "")
    }

    private func message(decoding body: String) throws -> String {
        let error = try refusal(decoding: body)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(error.response.body)) as? [String: Any])
        return try XCTUnwrap(json["errorMessage"] as? String)
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

    func testANumberTooLargeForADoubleIsOutOfRangeWithTheCodeOfAWrongValueOfItsField() throws {
        let error = try refusal(decoding: #"{"consumptionStatus":1,"extendByDays":1e400}"#)
        XCTAssertEqual(error.errorCode, AppStoreAPIError.Code.invalidExtendByDays)
        XCTAssertTrue(error.errorMessage.contains("extendByDays") && error.errorMessage.contains("1e400")
                      && error.errorMessage.contains("out of range"), error.errorMessage)
        XCTAssertFalse(error.errorMessage.contains("not a JSON object"), error.errorMessage)
    }

    func testANumberOutOfRangeWhereNoFieldHasACodeIsAGeneralBadRequestNamingItsPath() throws {
        for (body, field) in [(#"{"consumptionStatus":-1E+400}"#, "consumptionStatus"),
                              (#"{"extendByDays":1,"extra":{"list":[1,2e308]}}"#, "extra.list[1]")] {
            let error = try refusal(decoding: body)
            XCTAssertEqual(error.errorCode, AppStoreAPIError.Code.generalBadRequest, body)
            XCTAssertTrue(error.errorMessage.contains(field) && error.errorMessage.contains("out of range"), error.errorMessage)
        }
        XCTAssertTrue(try message(decoding: "[1e400]").contains("not a JSON object"), "an array is no object, whatever it holds")
    }

    func testAnUnfinishedObjectSaysWhereTheBodyEnds() throws {
        XCTAssertEqual(try message(decoding: "{"), "The request body is not valid: at byte 1, the body ends inside an object (is it truncated?).")
        XCTAssertEqual(try message(decoding: #"{"a":[1,2"#),
                       "The request body is not valid: at byte 9, the body ends where ',' or ']' in an array was expected (is it truncated?).")
        XCTAssertTrue(try message(decoding: "[[[[").contains("at byte 4, the body ends where a value was expected"))
    }

    func testABodyOfSeveralLinesIsToldTheLineAndColumnToo() throws {
        XCTAssertEqual(try message(decoding: "{\n  \"extendByDays\": NaN\n}"),
                       "The request body is not valid: at byte 20 (line 2, column 19), expected a value, found 'NaN' "
                       + "(a JSON value is an object, array, string, number, true, false or null).")
    }

    func testInvalidUTF8InAStringNamesTheByte() throws {
        let body = Array(#"{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let error = try refusal(decoding: body)
        XCTAssertEqual(error.errorCode, AppStoreAPIError.Code.generalBadRequest)
        XCTAssertTrue(error.errorMessage.contains("at byte 7, invalid UTF-8 in a string: byte 0x28"), error.errorMessage)
    }

    func testAValidObjectNestedTooDeepIsRefusedForItsDepthWithTheLimit() throws {
        for depth in [512, 10_000] {
            let body = String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
            let text = try message(decoding: body)
            XCTAssertTrue(text.contains("nesting is deeper than \(JSONParser.maximumDepth) levels"), text)
            XCTAssertFalse(text.contains("not a JSON object"), text)
        }
    }

    func testARefusedNumberIsQuotedAsWrittenNotAsFoundationReadIt() throws {
        let request = HTTPRequest(method: "PUT", path: "/x", body: Array(#"{"extendByDays":1e2}"#.utf8))
        XCTAssertEqual(try JSONRequestBody.decode(Extension.self, from: request).extendByDays, 100)
        XCTAssertEqual(JSONRequestBody.numberAsWritten("extendByDays", in: request), "1e2")
    }

    func testANumberTooNearZeroForADoubleIsOutOfRangeWithTheCodeOfAWrongValueOfItsField() throws {
        for literal in ["1e-400", "-1e-400", "4e-330", "0." + String(repeating: "0", count: 400) + "1"] {
            let error = try refusal(decoding: #"{"consumptionStatus":0,"extendByDays":\#(literal)}"#)
            XCTAssertEqual(error.errorCode, AppStoreAPIError.Code.invalidExtendByDays, literal)
            XCTAssertTrue(error.errorMessage.hasPrefix("The request body is not valid: the number \(literal.prefix(39))"), error.errorMessage)
            XCTAssertTrue(error.errorMessage.contains("in the field extendByDays is out of range: it is not 0, yet nearer to 0"),
                          error.errorMessage)
        }
        let nested = try refusal(decoding: #"{"extendByDays":1,"extra":{"list":[0,5e-324,-9E-999]}}"#)
        XCTAssertEqual(nested.errorCode, AppStoreAPIError.Code.generalBadRequest)
        XCTAssertTrue(nested.errorMessage.contains("the number -9E-999 in the field extra.list[2] is out of range"), nested.errorMessage)
    }

    func testZeroWrittenAnyWayAndTheSmallestDoubleAreNotOutOfRange() throws {
        for literal in ["0", "0.0", "-0", "0e5", "0e-400", "-0.00E-999"] {
            let body = HTTPRequest(method: "PUT", path: "/x", body: Array(#"{"consumptionStatus":\#(literal)}"#.utf8))
            XCTAssertEqual(try JSONRequestBody.decode(Extension.self, from: body).consumptionStatus, 0, literal)
        }
        let tiny = try message(decoding: #"{"consumptionStatus":5e-324}"#)
        XCTAssertEqual(tiny, "The request body is not valid: the field consumptionStatus has the wrong type.")
    }

    func testAnObjectFollowedByMoreTextSaysThereIsTextAfterIt() throws {
        for body in [#"{"extendByDays":1} x"#, #"{"extendByDays":1}{}"#, " {} ]"] {
            let text = try message(decoding: body)
            XCTAssertTrue(text.contains("text after the JSON object"), "\(body): \(text)")
        }
        XCTAssertTrue(try message(decoding: "[1] x").contains("at byte 4, unexpected text after the end of the JSON value"))
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
