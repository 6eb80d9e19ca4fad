import Foundation
import StoreEngine

/// Draws random model steps: every product type, several accounts and devices, many steps in
/// the same store second, and time moved by random amounts across month ends.
struct ModelStepGenerator {
    static let accounts = ["alice", "bob"]
    static let devices = ["phone", "tablet"]

    /// Kinds of step left out of the draw (see `ModelSuiteOptions`).
    var excluded: Set<String> = []

    func sequence(length: Int, using generator: inout SeededGenerator) -> [ModelStep] {
        var steps: [ModelStep] = []
        while steps.count < length {
            let step = next(using: &generator)
            if !excluded.contains(step.kind) { steps.append(step) }
        }
        return steps
    }

    private func next(using generator: inout SeededGenerator) -> ModelStep {
        let buyer = Buyer(account: Self.accounts.randomElement(using: &generator)!,
                          device: Self.devices.randomElement(using: &generator)!)
        let product = ModelCatalog.products.randomElement(using: &generator)!.id
        let subscription = ModelCatalog.subscriptionIDs.randomElement(using: &generator)!
        let pick = Int.random(in: 0..<8, using: &generator)
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<26:
            // Some buys of a subscription that has a promotional offer take it; the draw is the
            // one `pick` already made, so sequences without them stay as they were.
            if pick < 3, let offer = ModelCatalog.product(product)?.promotionalOffer {
                return .buyWithOffer(product, offer: offer.id, buyer)
            }
            return .buy(product, buyer)
        case 26..<34:
            let credit = ModelCatalog.credits.randomElement(using: &generator)!
            return .spend(credit.id, amount: Int.random(in: 1...6, using: &generator), buyer)
        case 34..<39: return .refund(pick: pick)
        case 39..<41: return .refundSubscription(subscription, account: buyer.account)
        case 41..<45: return .approve(pick: pick)
        case 45..<47: return .decline(pick: pick)
        case 47..<50: return .resolve(pick: pick)
        case 50..<54: return .restore(buyer)
        case 54..<70: return .advance(randomDuration(using: &generator))
        case 70..<74: return .renewNow(subscription, account: buyer.account)
        case 74..<77: return .expire(subscription, account: buyer.account)
        case 77..<81:
            return .cancelRenewal(Bool.random(using: &generator) ? subscription : "com.example.rage.newsletter",
                                  account: buyer.account)
        case 81..<84: return .resolveBilling(subscription, account: buyer.account)
        default:
            let setting = [StoreSetting.askToBuy, .interruptedPurchases, .billingRetry, .gracePeriod]
                .randomElement(using: &generator)!
            return .setting(setting, Bool.random(using: &generator))
        }
    }

    /// Mostly nothing or a second (the same store second), else minutes, days or months.
    private func randomDuration(using generator: inout SeededGenerator) -> StoreDuration {
        let text = switch Int.random(in: 0..<10, using: &generator) {
        case 0..<2: "1s"
        case 2..<4: "\(Int.random(in: 1...90, using: &generator))m"
        case 4..<8: "\(Int.random(in: 1...40, using: &generator))d"
        default: "P\(Int.random(in: 1...2, using: &generator))M"
        }
        return StoreDuration(text)!
    }
}

extension ModelStep {
    /// The step's kind, as `STOREFRONT_MODEL_EXCLUDE` names it.
    var kind: String {
        switch self {
        case .buy: "buy"
        case .buyWithOffer: "buyWithOffer"
        case .spend: "spend"
        case .refund: "refund"
        case .refundSubscription: "refundSubscription"
        case .approve: "approve"
        case .decline: "decline"
        case .resolve: "resolve"
        case .restore: "restore"
        case .advance: "advance"
        case .renewNow: "renewNow"
        case .expire: "expire"
        case .cancelRenewal: "cancelRenewal"
        case .resolveBilling: "resolveBilling"
        case .setting: "setting"
        }
    }
}
