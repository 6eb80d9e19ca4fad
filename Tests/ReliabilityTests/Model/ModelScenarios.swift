import Foundation
import StoreEngine

/// Hand-picked sequences for rules that random draws reach too rarely to check on every run:
/// the steps are chosen here, what each step must show is still the model's to say.
enum ModelScenarios {
    static let monthly = "com.example.rage.pro.monthly"
    static let offer = "rage.pro.comeback"
    static let alice = Buyer(account: "alice", device: "phone")

    /// A past subscriber takes the comeback offer (three monthly periods paid as they go)
    /// directly, through Ask to Buy and as an interrupted purchase, then lets it run out, renews
    /// ahead during it, or falls into billing retry during it.
    static var offers: [[ModelStep]] {
        let pastSubscriber: [ModelStep] = [.buy(monthly, alice), .advance(day), .expire(monthly, account: "alice"), .advance(day)]
        let bought: [ModelStep] = [.buyWithOffer(monthly, offer: offer, alice)]
        let approved: [ModelStep] = [.setting(.askToBuy, true), .buyWithOffer(monthly, offer: offer, alice),
                                     .setting(.askToBuy, false), .advance(day), .approve(pick: 0)]
        let resolved: [ModelStep] = [.setting(.interruptedPurchases, true), .buyWithOffer(monthly, offer: offer, alice),
                                     .setting(.interruptedPurchases, false), .advance(day), .resolve(pick: 0)]
        let runsOut = [ModelStep](repeating: .advance(month), count: 5)
        let renewedAhead: [ModelStep] = [.renewNow(monthly, account: "alice"), .renewNow(monthly, account: "alice")] + runsOut
        let billingProblem: [ModelStep] = [.setting(.billingRetry, true), .advance(month), .advance(day),
                                           .resolveBilling(monthly, account: "alice"), .setting(.billingRetry, false)] + runsOut
        return [bought, approved, resolved].flatMap { purchase in
            [runsOut, renewedAhead, billingProblem].map { pastSubscriber + purchase + $0 }
        }
    }

    private static let day = StoreDuration("1d")!
    private static let month = StoreDuration("P1M")!
}
