import Foundation
import StoreEngine

extension StoreText {
    /// Why a promotional offer's signature was refused, and what to do about it.
    public func message(for refusal: OfferSignatureRefusal) -> String {
        switch refusal {
        case let .signatureRequired(offerID, keysInUse):
            "The promotional offer \(offerID) needs a signature, because this store has an in-app purchase key in use "
                + "(\(keysInUse.joined(separator: ", "))): give --offer-signature, --key-id, --nonce and --timestamp made with it, "
                + "or turn the requirement off with `storefront settings set promotional-offer-signatures off` "
                + "(revoking every key lifts it too). Nothing was charged."
        case let .unknownKey(keyID):
            "The offer was signed with key \(keyID), which this store does not know; `storefront api-key list` shows its keys. "
                + "Nothing was charged."
        case let .revokedKey(keyID):
            "The offer was signed with key \(keyID), which was revoked; sign it with a key in use "
                + "(`storefront api-key create` makes one). Nothing was charged."
        case let .invalidSignature(keyID):
            "The offer signature is not valid: it was not made by key \(keyID) over this bundle id, product, offer, "
                + "app account token, nonce and timestamp. Nothing was charged."
        case let .stale(signed, storeTime):
            "The offer signature is stale: its timestamp (\(signed.formatted(.iso8601))) is more than 24 hours before store time "
                + "(\(storeTime.formatted(.iso8601))); sign it again with a timestamp of store time, "
                + "\(Self.milliseconds(storeTime)) (milliseconds since 1970), not this machine's clock. Nothing was charged."
        case let .fromTheFuture(signed, storeTime):
            "The offer signature is dated in the future: its timestamp (\(signed.formatted(.iso8601))) is more than 24 hours "
                + "after store time (\(storeTime.formatted(.iso8601))); sign it again with a timestamp of store time, "
                + "\(Self.milliseconds(storeTime)) (milliseconds since 1970)"
                + (Self.advanceToAccept(signed, at: storeTime).map { ", or move store time to within 24 hours of it: `storefront advance \($0)`" } ?? "")
                + ". Nothing was charged."
        case let .nonceReused(nonce):
            "The offer signature's nonce \(nonce) was already used; sign it again with a new nonce. Nothing was charged."
        }
    }

    /// The `advance` that moves store time for a signature dated `signed` to be no more than its
    /// validity ahead of it, in whole minutes, so that it works as printed; nil when no advance
    /// can: longer than the longest one, or past where store time stops.
    private static func advanceToAccept(_ signed: Date, at storeTime: Date) -> String? {
        let minutes = max(1, Int(((signed.timeIntervalSince(storeTime) - PromotionalOfferSignature.validity) / 60).rounded(.up)))
        let target = storeTime.addingTimeInterval(Double(minutes) * 60)
        guard minutes <= StoreDuration.longestDays * 24 * 60, target <= Store.latestStoreTime else { return nil }
        return "PT\(minutes)M"
    }

    /// `date` as a promotional offer's timestamp gives it: whole milliseconds since 1970.
    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded(.down)) }
}
