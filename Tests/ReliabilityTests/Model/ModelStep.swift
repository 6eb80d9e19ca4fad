import Foundation
import StoreEngine

/// One operation of a model-based run, as a person would type it.
///
/// Steps that act on an earlier transaction name it by `pick`, an index into the candidates at
/// that moment (taken modulo their number), so a sequence stays meaningful when the shrinker
/// removes steps before it.
enum ModelStep: Sendable, Equatable, CustomStringConvertible {
    case buy(String, Buyer)
    /// Buys a subscription with one of its promotional offers (`buy ID --offer OFFER`).
    case buyWithOffer(String, offer: String, Buyer)
    case spend(String, amount: Int, Buyer)
    /// Refunds a consumable, non-consumable or pass purchase.
    case refund(pick: Int)
    /// Refunds the current period of an account's subscription to a product.
    case refundSubscription(String, account: String)
    case approve(pick: Int)
    case decline(pick: Int)
    case resolve(pick: Int)
    case restore(Buyer)
    case advance(StoreDuration)
    case renewNow(String, account: String)
    case expire(String, account: String)
    case cancelRenewal(String, account: String)
    case resolveBilling(String, account: String)
    case setting(StoreSetting, Bool)

    var description: String {
        switch self {
        case .buy(let product, let buyer): "buy \(product) as \(buyer.label)"
        case .buyWithOffer(let product, let offer, let buyer): "buy \(product) with offer \(offer) as \(buyer.label)"
        case .spend(let credit, let amount, let buyer): "spend \(amount) \(credit) as \(buyer.label)"
        case .refund(let pick): "refund purchase #\(pick)"
        case .refundSubscription(let product, let account): "refund the current period of \(account)'s \(product)"
        case .approve(let pick): "approve request #\(pick)"
        case .decline(let pick): "decline request #\(pick)"
        case .resolve(let pick): "resolve interrupted purchase #\(pick)"
        case .restore(let buyer): "restore as \(buyer.label)"
        case .advance(let duration): "advance \(duration)"
        case .renewNow(let product, let account): "renew \(product) of \(account)"
        case .expire(let product, let account): "expire \(product) of \(account)"
        case .cancelRenewal(let product, let account): "cancel renewal of \(product) of \(account)"
        case .resolveBilling(let product, let account): "resolve billing of \(product) of \(account)"
        case .setting(let setting, let value): "set \(setting.rawValue) \(value)"
        }
    }

    /// The promotional offer a buying step takes, if any.
    var offer: String? {
        if case .buyWithOffer(_, let offer, _) = self { offer } else { nil }
    }

    /// Whether the step buys something, with an offer or without.
    var isBuying: Bool {
        switch self {
        case .buy, .buyWithOffer: true
        default: false
        }
    }

    /// Whether the step names an earlier transaction by position (resolved at run time).
    var pick: Int? {
        switch self {
        case .refund(let pick), .approve(let pick), .decline(let pick), .resolve(let pick): pick
        default: nil
        }
    }
}

extension Buyer {
    /// "alice on phone", for step descriptions and facts.
    var label: String { "\(account) on \(device)" }
}
