import Foundation
import StoreCatalog
import StoreEngine
import StoreServer
import StoreSigning
import StorefrontText
import StorefrontTesting
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

/// A store whose database cannot be reached is answered with Apple's retryable 500, saying so,
/// and its operator is told which database and why, without a command's advice.
final class UnreachableStoreAnswerTests: XCTestCase {
    func testAnUnreachableStoreIsTheRetryable500SayingTheDatabaseCannotBeReached() throws {
        let log = InMemoryEventLog()
        let store = try Store(catalog: CatalogLoader.loadBundled("Rage"), log: log.connection())
        let reports = Reports()
        let served = ServedStore(store: store, signer: CurrentSigner(fixed: TransactionSigner(authority: try CertificateAuthority.make())),
                                 reportInternalFailure: reports.add)
        log.isReachable = false
        log.unreachableReason = "server closed the connection unexpectedly"
        XCTAssertThrowsError(try served.refreshed()) { error in
            let refusal = error as? AppStoreAPIError
            XCTAssertEqual(refusal?.httpStatus, 500)
            XCTAssertEqual(refusal?.errorCode, 5_000_001)
            XCTAssertEqual(refusal?.errorMessage, "The store's database cannot be reached right now. Try again later.")
        }
        XCTAssertEqual(reports.sentences, ["answered 500 (the store's database cannot be reached): the store at memory is "
                + "unreachable (server closed the connection unexpectedly)"])
    }

    /// What the served store told its operator.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var told: [String] = []

        var sentences: [String] { lock.withLock { told } }

        func add(_ sentence: String) { lock.withLock { told.append(sentence) } }
    }
}

/// The 500 answered instead of "not found" on a damaged store tells its operator of the damage
/// in the words of what keeps the store, as every other message does.
final class DamagedStoreAnswerReportTests: XCTestCase {
    func testADamagedDatabaseIsToldInRowsNamedBySeqNotInAFilesLines() {
        let said = ServerText.storeReadInPartReport([.tampered(line: 11)], in: .database(address: ShownStoreAddress("postgresql://db/shop")))
        XCTAssertTrue(said.contains("storefront_events row seq 10 does not match its MAC"), said)
        XCTAssertFalse(said.contains("line 11"), said)
        let fileSaid = ServerText.storeReadInPartReport([.tampered(line: 11)], in: .entitlementsFile)
        XCTAssertTrue(fileSaid.contains("line 11 does not match its MAC"), fileSaid)
    }
}
