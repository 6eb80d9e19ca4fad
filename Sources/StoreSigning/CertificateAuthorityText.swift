import Foundation
import StoreLedger

/// The text of a certificate authority file, written and read without touching any file.
///
/// A seal line, then the leaf's private key (PKCS#8) and the leaf, intermediate and root
/// certificates in PEM. PEM readers skip text outside blocks, so `openssl` still reads the
/// file as it is. The seal is the store key's MAC of the root certificate: the root is what
/// verifiers trust, and the chain checks tie the key and the other certificates to it.
enum CertificateAuthorityText {
    /// Anything longer is not a file this store wrote.
    static let maximumByteCount = 64 * 1024
    /// Starts the line that carries the seal.
    static let sealPrefix = "Storefront-Store-Seal: "
    /// What the store key's MAC is computed for, so it is never the MAC of anything else.
    static let sealPurpose = "storefront certificate authority root\n"

    /// What a file holds: a sound authority, and the seal it carries (nil when it has none).
    struct Contents {
        let authority: CertificateAuthority
        let seal: String?
    }

    /// The file's text for `authority`, carrying `seal`.
    static func text(of authority: CertificateAuthority, seal: String) throws(CryptoError) -> String {
        sealPrefix + seal + "\n" + (try authority.leafKey.pem()) + authority.leaf.pem + authority.intermediate.pem + authority.root.pem
    }

    /// Reads a file's bytes, refusing with the first problem found.
    static func read(_ bytes: [UInt8]) throws(AuthorityProblem) -> Contents {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maximumByteCount else { throw .tooLarge(limit: maximumByteCount) }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let blocks = PEMBlock.blocks(in: text) else { throw .cutShort }
        guard !blocks.isEmpty else { throw .notPEM }
        let expected = [PEMBlock.privateKeyLabel] + Array(repeating: PEMBlock.certificateLabel, count: 3)
        guard blocks.map(\.label) == expected else { throw .wrongParts(found: blocks.map(\.label)) }
        let key: P256PrivateKey
        do {
            key = try P256PrivateKey(pem: blocks[0].text)
        } catch {
            throw .unreadablePart(part: "private key", detail: error.detail)
        }
        var certificates: [Certificate] = []
        for (block, name) in zip(blocks.dropFirst(), ["leaf certificate", "intermediate certificate", "root certificate"]) {
            do {
                certificates.append(try Certificate(der: block.bytes))
            } catch {
                throw .unreadablePart(part: name, detail: error.detail)
            }
        }
        let authority = try CertificateAuthority(leafKey: key, leaf: certificates[0], intermediate: certificates[1],
                                                 root: certificates[2])
        return Contents(authority: authority, seal: seal(in: text))
    }

    /// The seal line's value, when the text has one.
    private static func seal(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(sealPrefix) {
            return String(line.dropFirst(sealPrefix.count)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
