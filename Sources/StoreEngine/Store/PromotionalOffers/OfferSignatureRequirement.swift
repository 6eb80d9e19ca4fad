/// Whether buying with a promotional offer needs a signature made with an in-app purchase key.
public enum OfferSignatureRequirement: String, Sendable, CaseIterable, Codable {
    /// Needed once the store has a key (the default), as on the App Store.
    case required
    /// Never needed; a signature given is still checked.
    case off
}
