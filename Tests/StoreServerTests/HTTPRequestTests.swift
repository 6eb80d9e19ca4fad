import StoreServer
import XCTest

/// Repeated headers and query parameters are kept as sent, so none is picked silently.
final class HTTPRequestTests: XCTestCase {
    func testEveryValueOfARepeatedHeaderIsKeptWhateverTheCaseOfItsName() {
        let request = HTTPRequest(method: "GET", path: "/", headerFields: [("Authorization", "a"), ("authorization", "b"), ("X", "c")])
        XCTAssertEqual(request.headerValues("AUTHORIZATION"), ["a", "b"])
        XCTAssertEqual(request.header("x"), "c")
        XCTAssertEqual(request.headerValues("missing"), [])
    }

    func testAParameterGivenOnceOrNotAtAllIsRead() throws {
        let request = HTTPRequest(method: "GET", path: "/", query: [.init(name: "sort", value: "DESCENDING")])
        XCTAssertEqual(try request.singleQueryValue("sort"), "DESCENDING")
        XCTAssertNil(try request.singleQueryValue("revision"))
    }

    func testAParameterGivenTwiceIs400NamingIt() {
        let request = HTTPRequest(method: "GET", path: "/", query: [.init(name: "startDate", value: "1"), .init(name: "startDate", value: "2")])
        XCTAssertThrowsError(try request.singleQueryValue("startDate")) { error in
            let refusal = error as? AppStoreAPIError
            XCTAssertEqual(refusal?.httpStatus, 400)
            XCTAssertEqual(refusal?.errorCode, AppStoreAPIError.Code.generalBadRequest)
            XCTAssertTrue(refusal?.errorMessage.contains("startDate is given 2 times") == true, "\(error)")
        }
    }
}
