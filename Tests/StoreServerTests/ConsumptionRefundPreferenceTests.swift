import Foundation
import StoreCatalog
import StoreEngine
@testable import StoreServer
import StoreSigning
import StorefrontTesting
import XCTest

/// `refundPreference` may be left out of Send Consumption Information, but when given it is one
/// of Apple's four values (0 undeclared, 1 prefer grant, 2 prefer decline, 3 no preference).
final class ConsumptionRefundPreferenceTests: XCTestCase {
    private func answer(refundPreference: String?) throws -> Result<Int, AppStoreAPIError> {
        let store = try Store(catalog: CatalogLoader.loadBundled("Rage"), log: InMemoryEventLog().connection())
        let served = ServedStore(store: store, signer: CurrentSigner(fixed: TransactionSigner(authority: try CertificateAuthority.make())),
                                 reportInternalFailure: { _ in })
        guard case let .purchased(record) = try store.purchase("com.example.rage.face.random", buyer: Buyer(), storefront: "USA") else {
            XCTFail("the face pack was not bought")
            return .success(0)
        }
        var members = [#""customerConsented":true"#, #""sampleContentProvided":false"#, #""consumptionStatus":1"#,
                       #""platform":1"#, #""deliveryStatus":0"#, #""accountTenure":0"#, #""playTime":0"#,
                       #""lifetimeDollarsRefunded":0"#, #""lifetimeDollarsPurchased":0"#, #""userStatus":0"#]
        if let refundPreference { members.append(#""refundPreference":"# + refundPreference) }
        let request = RouteRequest(request: HTTPRequest(method: "PUT", path: "/", body: Array(("{" + members.joined(separator: ",") + "}").utf8)),
                                   parameters: ["transactionId": record.id], caller: nil)
        do {
            return .success(try ConsumptionEndpoint.handle(request, served).status)
        } catch {
            return .failure(error)
        }
    }

    func testEachOfTheFourValuesAndNoneAreAccepted() throws {
        for value in [nil, "0", "1", "2", "3"] {
            guard case .success(let status) = try answer(refundPreference: value) else {
                XCTFail("refundPreference \(value ?? "left out") was refused")
                continue
            }
            XCTAssertEqual(status, 202)
        }
    }

    func testAValueOutsideTheFourIsRefusedNamingTheField() throws {
        for value in ["4", "-1", "1000"] {
            guard case .failure(let error) = try answer(refundPreference: value) else {
                XCTFail("refundPreference \(value) was accepted")
                continue
            }
            XCTAssertEqual(error.httpStatus, 400)
            XCTAssertEqual(error.errorCode, AppStoreAPIError.Code.generalBadRequest)
            XCTAssertTrue(error.errorMessage.contains("refundPreference"), error.errorMessage)
        }
    }
}
