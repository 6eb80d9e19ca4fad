import Foundation
import StoreCatalog
import StoreEngine
@testable import StoreServer
import StoreSigning
import StorefrontTesting
import XCTest

/// A number that is not 0 but too near it for a double (`1e-400`) reads as 0 to Foundation. Where
/// 0 is a valid value it would be recorded as if the client had sent 0, so each endpoint that
/// reads numbers from its body refuses it as out of range, with the code of a wrong value of its
/// field; 0 written any way is still 0.
final class NumberTooNearZeroTests: XCTestCase {
    private var store: Store!
    private var served: ServedStore!
    private let buyer = Buyer()

    override func setUpWithError() throws {
        store = try Store(catalog: CatalogLoader.loadBundled("Rage"), log: InMemoryEventLog().connection())
        served = ServedStore(store: store, signer: CurrentSigner(fixed: TransactionSigner(authority: try CertificateAuthority.make())),
                             reportInternalFailure: { _ in })
    }

    /// The id of a transaction of `productID`, bought now.
    private func bought(_ productID: String) throws -> String {
        guard case let .purchased(record) = try store.purchase(productID, buyer: buyer, storefront: "USA") else {
            XCTFail("\(productID) was not bought")
            return ""
        }
        return record.id
    }

    private func request(_ body: String, _ parameters: [String: String]) -> RouteRequest {
        RouteRequest(request: HTTPRequest(method: "PUT", path: "/", body: Array(body.utf8)), parameters: parameters, caller: nil)
    }

    /// The 400 `handle` answers, checked to name `field` and quote `literal` as sent.
    private func refusal(_ literal: String, in field: String,
                         by handle: () throws(AppStoreAPIError) -> HTTPResponse) -> AppStoreAPIError? {
        do {
            let answer = try handle()
            XCTFail("\(field) \(literal) was accepted with \(answer.status)")
            return nil
        } catch {
            XCTAssertEqual(error.httpStatus, 400, error.errorMessage)
            XCTAssertTrue(error.errorMessage.contains("the number \(literal) in the field \(field) is out of range"), error.errorMessage)
            return error
        }
    }

    // MARK: Send Consumption Information

    /// A consumption body whose every number is 0, each a valid value, with `field` written as `literal`.
    private func consumption(_ field: String? = nil, _ literal: String = "0") -> String {
        let numbers = ["consumptionStatus", "platform", "deliveryStatus", "accountTenure", "playTime", "lifetimeDollarsRefunded",
                       "lifetimeDollarsPurchased", "userStatus", "refundPreference"]
        let members = numbers.map { "\"\($0)\":\($0 == field ? literal : "0")" }
        return "{" + (members + [#""customerConsented":true"#, #""sampleContentProvided":false"#]).joined(separator: ",") + "}"
    }

    func testAConsumptionFieldTooNearZeroIsRefusedWithItsOwnCodeAndNothingIsRecorded() throws {
        let id = try bought("com.example.rage.face.random")
        // Apple has no code of its own for refundPreference: a wrong one is a general bad request.
        let codes = ["consumptionStatus": 4_000_034, "platform": 4_000_039, "deliveryStatus": 4_000_036, "accountTenure": 4_000_032,
                     "playTime": 4_000_040, "lifetimeDollarsRefunded": 4_000_038, "lifetimeDollarsPurchased": 4_000_037,
                     "userStatus": 4_000_042, "refundPreference": 4_000_000]
        for (field, code) in codes {
            for literal in ["1e-400", "-1e-400", "4e-330"] {
                let error = refusal(literal, in: field) { () throws(AppStoreAPIError) in
                    try ConsumptionEndpoint.handle(request(consumption(field, literal), ["transactionId": id]), served)
                }
                XCTAssertEqual(error?.errorCode, code, "\(field) \(literal)")
            }
        }
        XCTAssertNil(try served.refreshed().consumptionReports[id], "a refused body records nothing")
    }

    func testZeroWrittenAnyWayIsStillAcceptedAsZero() throws {
        let id = try bought("com.example.rage.face.random")
        for literal in ["0", "0.0", "-0", "0e5", "0e-400"] {
            let answer = try ConsumptionEndpoint.handle(request(consumption("consumptionStatus", literal), ["transactionId": id]), served)
            XCTAssertEqual(answer.status, 202, literal)
            let fields = try XCTUnwrap(try served.refreshed().consumptionReports[id]?.fields)
            XCTAssertTrue(fields.contains(#""consumptionStatus":0,"#), "\(literal): \(fields)")
        }
    }

    func testTheSmallestNumberThatIsNotZeroIsJudgedByItsField() throws {
        let id = try bought("com.example.rage.face.random")
        do {
            _ = try ConsumptionEndpoint.handle(request(consumption("playTime", "5e-324"), ["transactionId": id]), served)
            XCTFail("5e-324 was accepted as a whole number")
        } catch {
            XCTAssertEqual(error.errorMessage, "The request body is not valid: the field playTime has the wrong type.")
        }
    }

    // MARK: Extend a Subscription Renewal Date

    private func extensionBody(days: String = "1", reason: String) -> String {
        #"{"extendByDays":\#(days),"extendReasonCode":\#(reason),"requestIdentifier":"a"}"#
    }

    func testAnExtensionReasonOrLengthTooNearZeroIsRefusedWithItsOwnCodeAndNothingIsExtended() throws {
        // The yearly plan has no free trial, which would not be extended whatever the body.
        let id = try bought("com.example.rage.pro.yearly")
        let cases = [(extensionBody(reason: "1e-400"), "extendReasonCode", "1e-400", 4_000_010),
                     (extensionBody(reason: "-0.0000001e-399"), "extendReasonCode", "-0.0000001e-399", 4_000_010),
                     (extensionBody(days: "1e-400", reason: "0"), "extendByDays", "1e-400", 4_000_009)]
        for (body, field, literal, code) in cases {
            let error = refusal(literal, in: field) { () throws(AppStoreAPIError) in
                try RenewalExtensionEndpoint.handle(request(body, ["originalTransactionId": id]), served)
            }
            XCTAssertEqual(error?.errorCode, code, body)
        }
        XCTAssertEqual(try served.refreshed().renewalExtensions[id] ?? [], [], "a refused body extends nothing")

        XCTAssertEqual(try RenewalExtensionEndpoint.handle(request(extensionBody(reason: "0e-400"), ["originalTransactionId": id]), served).status,
                       200, "0 written with a tiny exponent is still the reason code 0")
        XCTAssertEqual(try served.refreshed().renewalExtensions[id]?.map(\.reasonCode), [0])
    }

    // MARK: Get Notification History

    func testAHistoryDateTooNearZeroIsRefusedWithItsOwnCode() throws {
        for (body, field, code) in [(#"{"startDate":1e-400,"endDate":1}"#, "startDate", 4_000_015),
                                    (#"{"startDate":0,"endDate":1E-999}"#, "endDate", 4_000_016)] {
            let error = refusal(field == "startDate" ? "1e-400" : "1E-999", in: field) { () throws(AppStoreAPIError) in
                let request = HTTPRequest(method: "POST", path: "/", body: Array(body.utf8))
                _ = try JSONRequestBody.decode(NotificationEndpoints.HistoryRequest.self, from: request)
                return .empty(status: 200)
            }
            XCTAssertEqual(error?.errorCode, code, body)
        }
    }
}
