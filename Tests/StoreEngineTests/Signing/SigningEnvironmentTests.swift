import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning
@testable import StoreCatalog
@testable import StoreLedger

/// The `environment` store setting: recorded in the ledger, kept in checkpoints, stamped into
/// every signed payload.
@Suite struct SigningEnvironmentTests {
    @Test func sandboxIsTheDefaultAndEverySignedPayloadCarriesTheSetting() throws {
        let fixture = try SigningFixture()
        #expect(fixture.store.environment == .sandbox)
        let first = try fixture.buy(Rage.monthly)
        #expect(try TokenParts.object(try fixture.sign(first), segment: 1)["environment"] as? String == "Sandbox")

        try fixture.store.set(.environment, to: "Production", for: phone)
        #expect(fixture.store.environment == .production)
        #expect(try TokenParts.object(try fixture.sign(first), segment: 1)["environment"] as? String == "Production")
        let subscription = try #require(fixture.store.entitlements(for: phone).subscriptions.first)
        let renewal = try #require(try fixture.store.signedRenewalInfo(subscription, signer: fixture.signer))
        #expect(try TokenParts.object(renewal, segment: 1)["environment"] as? String == "Production")
        let app = try fixture.store.signedAppTransaction(for: phone, signer: fixture.signer)
        #expect(try TokenParts.object(app.token, segment: 1)["receiptType"] as? String == "Production")

        try fixture.store.set(.environment, to: "LocalTesting", for: phone)
        #expect(try fixture.stores.store().environment == .localTesting, "another process reads it from the ledger")
    }

    @Test(arguments: ["sandbox", "Prod", "", "Xcode "])
    func onlyApplesNamesAreAccepted(value: String) throws {
        let fixture = try SigningFixture()
        #expect(throws: StoreError.self) { try fixture.store.set(.environment, to: value, for: phone) }
        #expect(fixture.store.environment == .sandbox)
    }

    @Test func aCheckpointKeepsTheEnvironment() throws {
        var settings = StoreSettings()
        settings.environment = .xcode
        var writer = CheckpointWriter()
        settings.write(to: &writer)
        var reader = CheckpointReader(writer.bytes[...])
        #expect(try StoreSettings(from: &reader).environment == .xcode)
    }

    @Test func theAppTransactionNamesTheCatalogsAppAppleID() throws {
        var catalog = try CatalogLoader.loadBundled("Rage")
        catalog.appAppleID = 1_234_567_890
        let directory = try SigningTestDirectory()
        let store = try Store(catalog: catalog, log: try LedgerEventLog.open(path: directory.ledgerPath))
        let signer = try TransactionSigner(ledgerPath: directory.ledgerPath)
        let app = try store.signedAppTransaction(for: phone, signer: signer)
        #expect(app.payload.appAppleId == 1_234_567_890)
        #expect(try TokenParts.object(app.token, segment: 1)["appAppleId"] as? Int == 1_234_567_890)
    }
}
