/// What is wrong with a certificate authority file, from the first thing that fails to the
/// last: a file that is not there at all is not a problem of this kind (`authorityMissing`).
public enum AuthorityProblem: Error, Sendable, Equatable {
    /// The file has no bytes; the store never writes one (it writes a whole file or none).
    case empty
    /// The file is larger than any this store writes.
    case tooLarge(limit: Int)
    /// No PEM block at all: not text of that kind.
    case notPEM
    /// A block has no END line, or a body that is not base64.
    case cutShort
    /// The blocks are not a private key followed by three certificates; `found` lists the
    /// labels in order.
    case wrongParts(found: [String])
    /// A part is not the kind of key or certificate its label says.
    case unreadablePart(part: String, detail: String)
    /// The private key does not belong to the leaf certificate.
    case keyMismatch
    /// The certificates are not a chain from the leaf up to the root.
    case chainBroken(detail: String)
    /// The intermediate or the leaf lacks Apple's marker extension.
    case markerMissing(certificate: String, marker: String)
    /// The file carries no seal of this store's key (one copied from elsewhere, or written
    /// before authorities were sealed).
    case unsealed
    /// The file's seal was made with another store's key: it is that store's authority.
    case otherStore

    /// What is wrong, as a clause that follows "the certificate authority PATH is refused: ".
    public var reason: String {
        switch self {
        case .empty:
            "it is empty (0 bytes), and this store never leaves an authority file empty"
        case let .tooLarge(limit):
            "it is larger than \(limit) bytes, more than any authority this store writes"
        case .notPEM:
            "it holds no PEM block (no -----BEGIN line), so it is not an authority file"
        case .cutShort:
            "a PEM block in it is cut short or its body is not base64"
        case let .wrongParts(found):
            "a part is missing or out of place: it holds \(Self.describe(found)), where a private key "
                + "followed by three certificates (leaf, intermediate, root) belong"
        case let .unreadablePart(part, detail):
            "its \(part) cannot be read (\(detail))"
        case .keyMismatch:
            "its private key does not belong to its leaf certificate"
        case let .chainBroken(detail):
            "its three certificates are not a chain from the leaf up to the root (\(detail))"
        case let .markerMissing(certificate, marker):
            "its \(certificate) certificate lacks the App Store marker \(marker)"
        case .unsealed:
            "it carries no seal of this store's key, so it is not known to be this store's: it may have been "
                + "copied from another store, or made by a version of storefront that did not seal authorities"
        case .otherStore:
            "it is sealed with another store's key, so it is that store's authority, not this one's"
        }
    }

    /// Whether the file is a sound authority that is only not known to be this store's, which
    /// `storefront certificate --adopt` can settle.
    public var isAdoptable: Bool { self == .unsealed || self == .otherStore }

    /// "a private key and 2 certificates", "a block labelled EC PRIVATE KEY".
    private static func describe(_ labels: [String]) -> String {
        var counts: [(label: String, count: Int)] = []
        for label in labels {
            if let index = counts.firstIndex(where: { $0.label == label }) {
                counts[index].count += 1
            } else {
                counts.append((label, 1))
            }
        }
        return counts.map { entry in
            switch entry.label {
            case PEMBlock.privateKeyLabel: entry.count == 1 ? "a private key" : "\(entry.count) private keys"
            case PEMBlock.certificateLabel: entry.count == 1 ? "1 certificate" : "\(entry.count) certificates"
            default: entry.count == 1 ? "a block labelled \(entry.label)" : "\(entry.count) blocks labelled \(entry.label)"
            }
        }.joined(separator: " and ")
    }
}
