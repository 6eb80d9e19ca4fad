import Foundation
import StoreEngine
import StoreLedger
import StorePostgres
import StorefrontTesting
import Testing

/// One server per store and app delivers notifications: its claim excludes every other
/// claimant of the same app, not those of other apps, and passes on when given up.
@Suite struct DeliveryClaimTests {
    /// A claim as the server uses it: ask whether it is held (taking it when free), give it up.
    struct Claim {
        var isHeld: () throws -> Bool
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
        #expect(try first.isHeld())
        #expect(try first.isHeld(), "asking again keeps it")
        #expect(try !second.isHeld())
        #expect(try otherApp.isHeld(), "another app's server delivers its own")
        first.release()
        #expect(try Self.soonTrue { try second.isHeld() }, "given up, the claim goes to the next to ask")
        #expect(try !first.isHeld())
    }

    /// Whether `condition` turns true within 5 s. A file's `flock` goes with the last
    /// descriptor of its open file: a child that another test forks at the moment of the
    /// release holds a copy until it execs, so the claim may come free a moment later.
    private static func soonTrue(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while true {
            if try condition() { return true }
            if Date() > deadline { return false }
            usleep(10_000)
        }
    }

    /// A database that cannot be reached says nothing of who holds the claim: the claim says
    /// so, rather than that another server holds it.
    @Test func aDatabaseThatCannotBeReachedIsNotAClaimHeldElsewhere() throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let claim = PostgresDeliveryClaim(address: try PostgresAddress("postgresql://postgres@127.0.0.1:1/storefront"),
                                          app: "com.example.rage")
        #expect(throws: StoreUnreachable.self) { try claim.isHeld() }
    }
}

/// What stands where a file store keeps its delivery claim and its server's address and is
/// not Storefront's own is neither taken nor written over.
@Suite struct SideFilesInTheWayTests {
    /// A fresh folder's ledger family, and the path of its delivery claim for the app.
    private static func claimPlace() throws -> (folder: String, family: LedgerFamily, path: String) {
        let folder = try StorefrontProcess.temporaryFolder()
        let family = LedgerFamily(ledgerPath: folder + "/entitlements.jsonl")
        return (folder, family, family.deliveryClaimPath(app: "com.example.rage"))
    }

    @Test("a FIFO at the delivery claim's path is no claim, and once it is moved away the claim is taken (before: the FIFO's descriptor was kept, and nothing was ever delivered)")
    func aFIFOAtTheClaimIsLetGo() throws {
        let (_, family, path) = try Self.claimPlace()
        #expect(mkfifo(path, 0o600) == 0)
        let claim = LedgerDeliveryClaim(family: family, app: "com.example.rage")
        #expect(!claim.isHeld())
        #expect(claim.obstacle() == .namedPipe)
        #expect(rename(path, path + ".moved") == 0)
        #expect(claim.isHeld())
        #expect(claim.obstacle() == nil)
        claim.release()
    }

    @Test("a claim whose file is removed or replaced while held is let go, so that only one server holds the claim on the file at the path (before: both delivered)")
    func aClaimWhoseFileIsReplacedIsLetGo() throws {
        let (folder, family, path) = try Self.claimPlace()
        let first = LedgerDeliveryClaim(family: family, app: "com.example.rage")
        let second = LedgerDeliveryClaim(family: family, app: "com.example.rage")
        #expect(first.isHeld())
        #expect(!second.isHeld())
        #expect(unlink(path) == 0)
        #expect(second.isHeld(), "the file at the path now is free")
        #expect(!first.isHeld(), "its file is no longer the one at the path")
        #expect(first.obstacle() == nil)
        // Replaced by a directory: neither holds it, and the first names what stands there.
        #expect(rename(path, folder + "/elsewhere") == 0)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(!first.isHeld() && !second.isHeld())
        #expect(first.obstacle() == .directory)
        try FileManager.default.removeItem(atPath: path)
        #expect(first.isHeld())
        #expect(!second.isHeld())
        first.release()
        second.release()
    }

    @Test("what keeps the claim from being taken is named when it is a directory, and not when another server holds the claim")
    func theObstacleIsNamedOnlyWhenNoServerHoldsTheClaim() throws {
        let (_, family, path) = try Self.claimPlace()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let claim = LedgerDeliveryClaim(family: family, app: "com.example.rage")
        #expect(!claim.isHeld())
        #expect(claim.obstacle() == .directory)
        try FileManager.default.removeItem(atPath: path)
        let other = LedgerDeliveryClaim(family: family, app: "com.example.rage")
        #expect(other.isHeld())
        #expect(!claim.isHeld())
        #expect(claim.obstacle() == nil, "another server holds it")
        other.release()
    }

    @Test("a file of notes at the server's address path is not taken nor written over (before: overwritten, then emptied)")
    func notesAtTheAddressAreKept() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let family = LedgerFamily(ledgerPath: folder + "/entitlements.jsonl")
        let path = family.servingPath(app: "com.example.rage")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("notes S\n".utf8)))
        #expect(ServerPresence.holdsSomethingElse(atPath: path))
        #expect(ServerPresence.claim(family, app: "com.example.rage", address: "http://127.0.0.1:1") == nil)
        #expect(FileManager.default.contents(atPath: path) == Data("notes S\n".utf8))
        try FileManager.default.removeItem(atPath: path)
        let claimed = try #require(ServerPresence.claim(family, app: "com.example.rage", address: "http://127.0.0.1:1"))
        #expect(ServerPresence.servingAddress(family, app: "com.example.rage") == "http://127.0.0.1:1")
        claimed.release()
    }
}
