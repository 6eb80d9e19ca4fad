import Foundation
import StoreEngine

/// Draws the operations the process suites run: mostly buying and spending credits, some
/// non-consumables, refunds and restores, over a few accounts and devices.
enum OperationMix {
    static let accounts = ["alice", "bob"]
    static let devices = ["phone", "tablet"]

    /// The next operation; refunds pick one of `refundable` (each with the account that bought
    /// it, which asks for its refund), else fall back to a purchase.
    static func next(refundable: [(id: String, account: String)], using generator: inout SeededGenerator) -> StoreModel.Operation {
        let buyer = Buyer(
            account: accounts.randomElement(using: &generator) ?? "alice",
            device: devices.randomElement(using: &generator) ?? "phone")
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<28: return .buy(Rage.face, buyer)
        case 28..<38: return .buy(Rage.lives, buyer)
        case 38..<50:
            return .buy([Rage.drummer, Rage.nightly, Rage.noAds].randomElement(using: &generator) ?? Rage.noAds, buyer)
        case 50..<76: return .spend(Rage.faces, amount: Int.random(in: 1...7, using: &generator), buyer)
        case 76..<82: return .spend(Rage.extraLives, amount: Int.random(in: 1...4, using: &generator), buyer)
        case 82..<91:
            guard let picked = refundable.randomElement(using: &generator) else { return .buy(Rage.face, buyer) }
            return .refund(picked.id, account: picked.account)
        default: return .restore(buyer)
        }
    }
}
