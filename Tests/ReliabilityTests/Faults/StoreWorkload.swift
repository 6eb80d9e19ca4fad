import Foundation
import StoreEngine

/// A representative day of a store, one operation at a time, replayable from any point.
///
/// Every operation is deterministic (a fixed clock, predictable transaction ids), so running
/// it twice from the same files gives the same state: a retry after a failure must reach
/// exactly the state a fault-free run reached.
struct StoreWorkload {
    struct Operation: Sendable {
        var name: String
        /// Bytes appended to the ledger before the operation, as a crash mid-write leaves them.
        var tornTail: [UInt8] = []
        /// Opens the store when true; otherwise `run` gets a store opened beforehand.
        var opensStore = false
        var run: @Sendable (Store, Context) throws -> Void
    }

    /// What an operation may need beyond the store.
    struct Context: Sendable {
        let clock: ManualClock
    }

    static let phone = Buyer(account: "tester", device: "phone")
    static let tablet = Buyer(account: "tester", device: "tablet")
    static let devices = [phone.device, tablet.device]
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    /// The first transaction id the engine hands out, and the ones after it in order.
    static func transactionID(_ index: Int64) -> String {
        String(2_000_000_000_000_000 + index)
    }

    static let operations: [Operation] = [
        Operation(name: "first purchase, creating the directory, key and ledger") { store, _ in
            _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        },
        Operation(name: "buy a non-consumable") { store, _ in
            _ = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        },
        Operation(name: "spend credits") { store, _ in
            _ = try store.spend(Rage.faces, amount: 2, buyer: phone)
        },
        Operation(name: "buy a quantity of a consumable") { store, _ in
            _ = try store.purchase(Rage.lives, quantity: 2, buyer: phone, storefront: "DEU")
        },
        Operation(name: "refund the non-consumable") { store, _ in
            _ = try store.refund(transactionID(2))
        },
        Operation(name: "buy remove-ads") { store, _ in
            _ = try store.purchase(Rage.noAds, buyer: phone, storefront: "USA")
        },
        Operation(name: "restore onto the tablet") { store, _ in
            _ = try store.restore(tablet)
        },
        Operation(name: "start a subscription with a free trial") { store, _ in
            _ = try store.purchase("com.example.rage.pro.monthly", buyer: phone, storefront: "USA")
        },
        Operation(name: "advance store time past the trial, recording the renewal") { store, _ in
            guard let duration = StoreDuration("8d") else { return }
            _ = try store.advance(by: duration, buyer: phone)
        },
        Operation(name: "change a setting") { store, _ in
            try store.set(.gracePeriod, to: "true", for: phone)
        },
        Operation(
            name: "buy after a crash left a torn line",
            tornTail: Array(#"{"seq":13,"account":"tester","amount":5,"app":"com.exa"#.utf8)
        ) { store, _ in
            _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        },
        Operation(name: "open the store and read the whole ledger", opensStore: true) { _, _ in },
    ]
}
