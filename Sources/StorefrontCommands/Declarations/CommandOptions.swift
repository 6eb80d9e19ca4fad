import StoreEngine
import StorefrontText

/// The options commands take, each declared once and used by name by its command.
enum CommandOptions {
    private typealias Text = CommandHelpText.Option

    static let quantity = OptionDeclaration(name: "quantity", placeholder: "N", summary: Text.quantity)
    static let simulate = OptionDeclaration(name: "simulate", placeholder: "cancel|fail", summary: Text.simulate,
                                            completion: .words([PurchaseSimulation.cancel.rawValue, PurchaseSimulation.fail.rawValue]))
    static let offer = OptionDeclaration(name: "offer", placeholder: "OFFER_ID", summary: Text.offer)
    static let noFinish = OptionDeclaration(name: "no-finish", placeholder: nil, summary: Text.noFinish)
    static let appAccountToken = OptionDeclaration(name: "app-account-token", placeholder: "UUID", summary: Text.appAccountToken)
    static let offerSignature = OptionDeclaration(name: "offer-signature", placeholder: "BASE64", summary: Text.offerSignature)
    static let keyID = OptionDeclaration(name: "key-id", placeholder: "KEY_ID", summary: Text.keyID)
    static let nonce = OptionDeclaration(name: "nonce", placeholder: "UUID", summary: Text.nonce)
    static let timestamp = OptionDeclaration(name: "timestamp", placeholder: "MS", summary: Text.timestamp)
    static let amount = OptionDeclaration(name: "amount", placeholder: "N", summary: Text.amount)
    static let refundReason = OptionDeclaration(name: "reason", placeholder: "REASON", summary: Text.refundReason,
                                                completion: .words(RefundReason.allCases.map(\.word)))
    static let der = OptionDeclaration(name: "der", placeholder: nil, summary: Text.der)
    static let adopt = OptionDeclaration(name: "adopt", placeholder: nil, summary: Text.adopt)
    static let from = OptionDeclaration(name: "from", placeholder: "FILE_OR_URL", summary: Text.from, completion: .file,
                                        isRequired: true)
    static let to = OptionDeclaration(name: "to", placeholder: "FILE_OR_URL", summary: Text.to, completion: .file,
                                      isRequired: true)
    static let verifiedOnly = OptionDeclaration(name: "verified-only", placeholder: nil, summary: Text.verifiedOnly)
    static let host = OptionDeclaration(name: "host", placeholder: "ADDRESS", summary: Text.host)
    static let port = OptionDeclaration(name: "port", placeholder: "N", summary: Text.port)
    static let idleTimeout = OptionDeclaration(name: "idle-timeout", placeholder: "SECONDS", summary: Text.idleTimeout)
    static let expectSequence = OptionDeclaration(name: "expect-sequence", placeholder: "N", summary: Text.expectSequence)
    static let expectMAC = OptionDeclaration(name: "expect-mac", placeholder: "MAC", summary: Text.expectMAC)
}

extension CommandLineArguments {
    /// The value given for `option`, if it was given.
    func value(of option: OptionDeclaration) -> String? { options[option.name] }

    /// Whether the flag `option` was given.
    func isSet(_ option: OptionDeclaration) -> Bool { flags.contains(option.name) }
}
