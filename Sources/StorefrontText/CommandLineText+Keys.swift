import StoreCatalog
import Foundation

extension CommandLineText {
    /// `api-key` and the signed promotional offers of `buy`.
    public enum Keys {
        /// After `api-key create`; whether `buy --offer` now needs a signature depends on the store setting.
        public static func created(keyID: String, issuerID: String, path: String, signaturesRequired: Bool) -> String {
            "Made in-app purchase key \(keyID) (issuer \(issuerID)); its private key is in \(path) (keep it secret). "
                + (signaturesRequired
                    ? "Sign promotional offers with it; `buy --offer` now needs such a signature."
                    : "Sign promotional offers with it; `buy --offer` needs no signature while the setting "
                        + "promotional-offer-signatures is off (a signature given is still checked).")
        }

        public static func listed(keyID: String, issuerID: String, created: String, revoked: String?) -> String {
            "\(keyID)  issuer \(issuerID)  made \(created)" + (revoked.map { "  revoked \($0)" } ?? "  in use")
        }

        public static let noKeys = "No in-app purchase keys; `storefront api-key create` makes one."

        /// `api-key list` finding no key in a damaged store that is read only up to its damage;
        /// the warning beside it says where reading stops and how to mend it.
        public static let noKeysBeforeDamage =
            "No in-app purchase keys in what can be read; keys recorded after the damage the warning names cannot be listed."

        /// After `api-key revoke`: offers and `serve`'s bearer tokens signed with the key are refused;
        /// with no key left in use, offers need no signature any more.
        public static func revoked(_ keyID: String, noKeyInUse: Bool) -> String {
            "Revoked in-app purchase key \(keyID); offers signed with it, and bearer tokens signed with it for `storefront serve`, are refused from now on."
                + (noKeyInUse ? " With no key in use, promotional offers need no signature until `storefront api-key create` makes one." : "")
        }

        public static func alreadyRevoked(_ keyID: String) -> String {
            "In-app purchase key \(keyID) was already revoked; nothing changed."
        }

        public static let signatureNeedsOffer =
            "--offer-signature, --key-id, --nonce and --timestamp sign a promotional offer; give --offer OFFER_ID too"

        public static func signatureIncomplete(missing: [String]) -> String {
            "a signed promotional offer needs --offer-signature, --key-id, --nonce and --timestamp together; missing "
                + missing.map { "--" + $0 }.joined(separator: ", ")
        }

        public static func notBase64(_ text: String) -> String {
            "--offer-signature takes the signature in standard base64 (as PromotionalOfferSignatureCreator prints it), not \"\(EchoedText.cut(text))\""
        }

        public static func nonceNotAUUID(_ text: String) -> String {
            "--nonce takes the UUID the offer was signed with, such as 3f2c9e1a-8d4b-4c6e-9a7f-0b1c2d3e4f50, not \"\(EchoedText.cut(text))\""
        }

        public static func notATimestamp(_ text: String) -> String {
            "--timestamp takes the signing time in milliseconds since 1970, such as 1767225600000, not \"\(EchoedText.cut(text))\""
        }

        public static let revokeNeedsKey = "api-key revoke needs the id of a key: `storefront api-key revoke KEY_ID` (see `storefront api-key list`)"
    }
}
