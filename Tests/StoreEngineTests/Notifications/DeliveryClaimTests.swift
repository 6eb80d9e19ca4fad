import Foundation
import StoreLedger
import StorePostgres
import StorefrontTesting
import Testing

/// One server per store and app delivers notifications: its claim excludes every other
/// claimant of the same app, not those of other apps, and passes on when given up.
@Suite struct DeliveryClaimTests {
    /// A claim as the server uses it: ask whether it is held (taking it when free), give it up.
    struct Claim {
        var isHeld: () -> Bool
        var release: () -> Void
    }

    /// A maker of claims on one new store of `backend`, each as a separate process would hold it.
    func claims(on backend: StoreBackend) throws -> (StoreBackend.Place, (String) -> Claim) {
        let place = try backend.newPlace()
        switch place.kind {
        case .memory:
            Issue.record("the memory store has no delivery claim")
            return (place, { _ in Claim(isHeld: { false }, release: {}) })
        case .file(let folder):
            let family = LedgerFamily(ledgerPath: folder + "/entitlements.jsonl")
            return (place, { app in
                let claim = LedgerDeliveryClaim(family: family, app: app)
                return Claim(isHeld: claim.isHeld, release: claim.release)
            })
        case .postgres(let address, _):
            return (place, { app in
                let claim = PostgresDeliveryClaim(address: address, app: app)
                return Claim(isHeld: claim.isHeld, release: claim.release)
            })
        }
    }

    @Test(arguments: StoreBackend.shipped)
    func oneClaimantPerAppUntilItGivesUp(backend: StoreBackend) throws {
        let (place, claim) = try claims(on: backend)
        defer { withExtendedLifetime(place) {} }
        let first = claim("com.example.rage"), second = claim("com.example.rage"), otherApp = claim("com.example.shooter")
        #expect(first.isHeld())
        #expect(first.isHeld(), "asking again keeps it")
        #expect(!second.isHeld())
        #expect(otherApp.isHeld(), "another app's server delivers its own")
        first.release()
        #expect(second.isHeld())
        #expect(!first.isHeld())
    }
}
