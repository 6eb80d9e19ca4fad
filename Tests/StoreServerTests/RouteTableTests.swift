import Foundation
import StoreServer
import XCTest

/// The pure dispatch: 404, 405, 401 before a handler, Apple's error body, path parameters.
final class RouteTableTests: XCTestCase {
    /// A context of two apps (named by their bundle ids) whose check of bearer tokens accepts
    /// exactly "Bearer good-APP" for each app it serves.
    struct FakeAuthorizer: RouteAuthorizing {
        var apps = ["com.example.app", "com.example.other"]

        func authorize(_ request: HTTPRequest) throws(AppStoreAPIError) -> (caller: AuthorizedCaller, app: String) {
            guard let app = apps.first(where: { request.header("authorization") == "Bearer good-\($0)" }) else {
                throw .unauthorized("not good")
            }
            return (AuthorizedCaller(bundleID: app, keyID: "KEY"), app)
        }
    }

    let table = RouteTable<FakeAuthorizer>([
        Route("GET", "/inApps/v1/transactions/{transactionId}", .bearerToken { request, app in
            .json(["id": request.parameter("transactionId"), "bundle": request.caller?.bundleID ?? "none", "app": app])
        }),
        Route("PUT", "/inApps/v1/transactions/consumption/{transactionId}", .bearerToken { _, _ in .empty() }),
        Route("POST", "/verifyReceipt", .open { request, context in
            .json(["caller": request.caller?.keyID ?? "none", "apps": context.apps.joined(separator: " ")])
        }),
    ])

    private func body(_ response: HTTPResponse) throws -> [String: AnyHashable] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: AnyHashable])
    }

    func testAMatchingRouteGetsItsPathParameterAndCaller() throws {
        let response = table.respond(to: HTTPRequest(method: "GET", path: "/inApps/v1/transactions/2000000001",
                                                     headers: ["Authorization": "Bearer good-com.example.app"]), context: FakeAuthorizer())
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try body(response), ["id": "2000000001", "bundle": "com.example.app", "app": "com.example.app"])
    }

    func testABearerRouteIsHandedTheAppTheTokenSpeaksForOnly() throws {
        let response = table.respond(to: HTTPRequest(method: "GET", path: "/inApps/v1/transactions/7",
                                                     headers: ["Authorization": "Bearer good-com.example.other"]),
                                     context: FakeAuthorizer())
        XCTAssertEqual(try body(response), ["id": "7", "bundle": "com.example.other", "app": "com.example.other"])
    }

    func testAnUnknownPathIs404WithApplesErrorBody() throws {
        let response = table.respond(to: HTTPRequest(method: "GET", path: "/inApps/v9/nothing"), context: FakeAuthorizer())
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(response.contentType, "application/json")
        let fields = try body(response)
        XCTAssertEqual(fields["errorCode"], AppStoreAPIError.Code.pathNotFound as AnyHashable)
        XCTAssertNotNil(fields["errorMessage"] as? String)
    }

    func testAKnownPathWithAnotherMethodIs405AndSaysWhichMethodsItTakes() throws {
        let response = table.respond(to: HTTPRequest(method: "DELETE", path: "/inApps/v1/transactions/1",
                                                     headers: ["Authorization": "Bearer good-com.example.app"]), context: FakeAuthorizer())
        XCTAssertEqual(response.status, 405)
        XCTAssertEqual(response.headers["Allow"], "GET")
        XCTAssertEqual(try body(response)["errorCode"], AppStoreAPIError.Code.methodNotAllowed as AnyHashable)
    }

    func testABearerRouteRefusesBeforeItsHandlerRuns() throws {
        let response = table.respond(to: HTTPRequest(method: "GET", path: "/inApps/v1/transactions/1"), context: FakeAuthorizer())
        XCTAssertEqual(response.status, 401)
        XCTAssertEqual(try body(response)["errorCode"], AppStoreAPIError.Code.unauthorized as AnyHashable)
    }

    func testAnOpenRouteNeedsNoToken() throws {
        let response = table.respond(to: HTTPRequest(method: "POST", path: "/verifyReceipt"), context: FakeAuthorizer())
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try body(response), ["caller": "none", "apps": "com.example.app com.example.other"])
    }

    /// A context of one app that holds only part of its events, so it cannot say an id is unknown.
    struct CutShortAuthorizer: RouteAuthorizing {
        func authorize(_ request: HTTPRequest) throws(AppStoreAPIError) -> (caller: AuthorizedCaller, app: String) {
            (AuthorizedCaller(bundleID: "com.example.app", keyID: "KEY"), "com.example.app")
        }

        func refusalOfUnknownIDs(in app: String) -> AppStoreAPIError? { .storeReadInPart }
    }

    let cutShortTable = RouteTable<CutShortAuthorizer>([
        Route("GET", "/found/{id}", .bearerToken { _, _ in .json(["found": "yes"]) }),
        Route("GET", "/thrownUnknown/{id}", .bearerToken { _, _ throws(AppStoreAPIError) in
            throw .notFound(AppStoreAPIError.Code.transactionIDNotFound, "no such transaction")
        }),
        Route("GET", "/answeredUnknown/{id}", .bearerToken { _, _ in
            var answer = HTTPResponse.json(["status": 1])
            answer.saysIDIsUnknown = true
            return answer
        }),
        Route("GET", "/badID/{id}", .bearerToken { _, _ throws(AppStoreAPIError) in
            throw .badRequest(AppStoreAPIError.Code.invalidTransactionID, "not an id")
        }),
    ])

    func testWhileTheAppIsReadInPartEveryAnswerThatAnIDIsUnknownIsTheRetryableInternalError() throws {
        for path in ["/thrownUnknown/1", "/answeredUnknown/1"] {
            let response = cutShortTable.respond(to: HTTPRequest(method: "GET", path: path), context: CutShortAuthorizer())
            XCTAssertEqual(response.status, 500, path)
            XCTAssertEqual(try body(response)["errorCode"], AppStoreAPIError.Code.generalInternalRetryable as AnyHashable, path)
            XCTAssertFalse(response.saysIDIsUnknown, path)
        }
    }

    func testWhileTheAppIsReadInPartFoundDataBadIDsAndUnknownPathsAreAnsweredAsEver() throws {
        let context = CutShortAuthorizer()
        XCTAssertEqual(try body(cutShortTable.respond(to: HTTPRequest(method: "GET", path: "/found/1"), context: context)), ["found": "yes"])
        XCTAssertEqual(cutShortTable.respond(to: HTTPRequest(method: "GET", path: "/badID/x"), context: context).status, 400)
        let unknownPath = cutShortTable.respond(to: HTTPRequest(method: "GET", path: "/nothing"), context: context)
        XCTAssertEqual(try body(unknownPath)["errorCode"], AppStoreAPIError.Code.pathNotFound as AnyHashable)
    }

    func testAnAppThatHoldsEveryEventAnswersAnUnknownIDWith404() throws {
        let table = RouteTable<FakeAuthorizer>([
            Route("GET", "/thrownUnknown/{id}", .bearerToken { _, _ throws(AppStoreAPIError) in
                throw .notFound(AppStoreAPIError.Code.transactionIDNotFound, "no such transaction")
            }),
        ])
        let response = table.respond(to: HTTPRequest(method: "GET", path: "/thrownUnknown/1",
                                                     headers: ["Authorization": "Bearer good-com.example.app"]), context: FakeAuthorizer())
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(try body(response)["errorCode"], AppStoreAPIError.Code.transactionIDNotFound as AnyHashable)
    }

    func testAnEmptyParameterSegmentMatchesNothing() {
        XCTAssertNil(PathPattern("/inApps/v1/transactions/{transactionId}").match("/inApps/v1/transactions/"))
        XCTAssertNil(PathPattern("/inApps/v1/transactions/{transactionId}").match("/inApps/v1/transactions//7"))
        XCTAssertNil(PathPattern("/inApps/v1/transactions/{transactionId}").match("/inApps/v1/transactions/7/extra"))
    }

    /// One resource, one path: `/x/7/` is another path than `/x/7`, as a doubled slash is.
    func testATrailingSlashMatchesNoRouteServed() throws {
        for route in ServerRoutes.table.routes {
            let path = route.pattern.description.replacingOccurrences(of: #"\{[A-Za-z]+\}"#, with: "7", options: .regularExpression)
            XCTAssertNotNil(route.pattern.match(path), path)
            XCTAssertNil(route.pattern.match(path + "/"), path + "/")
            XCTAssertNil(route.pattern.match(path + "//"), path + "//")
        }
        let response = table.respond(to: HTTPRequest(method: "POST", path: "/verifyReceipt/"), context: FakeAuthorizer())
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(try body(response)["errorCode"], AppStoreAPIError.Code.pathNotFound as AnyHashable)
    }

    func testAnEncodedSlashStaysInsideItsSegment() {
        XCTAssertEqual(PathPattern("/inApps/v1/transactions/{transactionId}").match("/inApps/v1/transactions/1%2F2"),
                       ["transactionId": "1/2"])
        XCTAssertNil(PathPattern("/inApps/v1/transactions/consumption/{transactionId}").match("/inApps/v1/transactions/consumption%2F5"))
        let put = table.respond(to: HTTPRequest(method: "PUT", path: "/inApps/v1/transactions/consumption%2F5",
                                                headers: ["Authorization": "Bearer good-com.example.app"]), context: FakeAuthorizer())
        XCTAssertEqual(put.status, 405, "an encoded slash does not reach the consumption route")
    }

    func testEscapesInASegmentAreDecodedAfterThePathIsSplit() throws {
        let response = table.respond(to: HTTPRequest(method: "GET", path: "/inApps/v1/%74ransactions/%32%30",
                                                     headers: ["Authorization": "Bearer good-com.example.app"]), context: FakeAuthorizer())
        XCTAssertEqual(try body(response), ["id": "20", "bundle": "com.example.app", "app": "com.example.app"])
        XCTAssertEqual(PathPattern("/t/{id}").match("/t/%G1"), ["id": "%G1"], "a broken escape is kept as written")
        XCTAssertEqual(PathPattern("/t/{id}").match("/t/%FF"), ["id": "%FF"], "an escape that is not UTF-8 is kept as written")
    }

    func testABodyDeclaredOverTheLimitIsRefusedWith413() {
        XCTAssertEqual(ServerLimits.refusal(declaredLengths: ["11"], limit: 10)?.httpStatus, 413)
        XCTAssertNil(ServerLimits.refusal(declaredLengths: ["10"], limit: 10))
        XCTAssertNil(ServerLimits.refusal(declaredLengths: [], limit: 10))
    }

    func testVerifyReceiptTakesLargerBodiesThanTheOtherEndpoints() {
        XCTAssertEqual(ServerRoutes.table.maximumBodyBytes(path: "/verifyReceipt"), 4 * 1_048_576)
        XCTAssertNil(ServerRoutes.table.maximumBodyBytes(path: "/inApps/v1/notifications/history"))
        XCTAssertNil(ServerRoutes.table.maximumBodyBytes(path: "/nowhere"))
    }
}
