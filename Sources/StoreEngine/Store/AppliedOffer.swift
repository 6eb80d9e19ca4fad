import StoreCatalog

/// The offer a subscription purchase or renewal was made under, as the ledger records it.
///
/// On disk it stays the text it always was, `introductory:<payment mode>` or
/// `promotional:<offer id>`; any other text is a ledger problem naming the line and field.
public enum AppliedOffer: Sendable, Hashable, Codable, RawRepresentable {
    /// The group's introductory offer, once per account and group.
    case introductory(OfferPaymentMode)
    /// A promotional offer of the product, by the catalog's offer id.
    case promotional(id: String)

    private static let introductoryPrefix = "introductory:"
    private static let promotionalPrefix = "promotional:"

    public init?(rawValue: String) {
        if rawValue.hasPrefix(Self.introductoryPrefix) {
            guard let mode = OfferPaymentMode(rawValue: String(rawValue.dropFirst(Self.introductoryPrefix.count))) else {
                return nil
            }
            self = .introductory(mode)
        } else if rawValue.hasPrefix(Self.promotionalPrefix), rawValue.count > Self.promotionalPrefix.count {
            self = .promotional(id: String(rawValue.dropFirst(Self.promotionalPrefix.count)))
        } else {
            return nil
        }
    }

    public var rawValue: String {
        switch self {
        case let .introductory(mode): Self.introductoryPrefix + mode.rawValue
        case let .promotional(id): Self.promotionalPrefix + id
        }
    }

    /// Whether the offer is a free trial (an introductory one; promotional offers say their
    /// payment mode in the catalog, not here).
    public var isFreeTrial: Bool { self == .introductory(.freeTrial) }

    /// The catalog's id of a promotional offer; nil for the introductory offer.
    public var promotionalOfferID: String? {
        if case let .promotional(id) = self { id } else { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let offer = AppliedOffer(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not an offer: write introductory:<payment mode> or promotional:<offer id>")
        }
        self = offer
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension AppliedOffer: LedgerMemberValue {}
