import Foundation
@testable import StoreEngine
@testable import StoreSigning

/// A store with a controlled clock and a signer whose key lives in a fresh directory.
final class SigningFixture {
    let directory: SigningTestDirectory
    let stores: StoreFixture
    let store: Store
    let signer: TransactionSigner
    let verifier: TransactionVerifier

    init() throws {
        directory = try SigningTestDirectory()
        stores = try StoreFixture()
        store = try stores.store()
        signer = try TransactionSigner(ledgerPath: directory.ledgerPath)
        verifier = TransactionVerifier(root: signer.authority.root)
    }

    /// Buys `productID` on the phone in the USA storefront and returns the new transaction.
    func buy(_ productID: String, quantity: Int = 1) throws -> TransactionRecord {
        let outcome = try store.purchase(productID, quantity: quantity, buyer: phone, storefront: "USA")
        guard case let .purchased(record) = outcome else { throw SigningTestFailure("buying \(productID) gave \(outcome.name)") }
        return record
    }

    /// The ledger's current record of `id`.
    func record(_ id: String) throws -> TransactionRecord {
        guard let record = store.snapshot.transactions[id] else { throw SigningTestFailure("no transaction \(id)") }
        return record
    }

    /// `record` signed as the store issues it now.
    func sign(_ record: TransactionRecord, appAccountToken: String? = nil) throws -> String {
        try store.signedTransaction(record, signer: signer, appAccountToken: appAccountToken)
    }

    var nowInMilliseconds: Int64 { SignedTransactionPayload.milliseconds(stores.clock.now()) }
}

/// A fresh directory for one test's ledger path, removed afterwards, holding the store's key
/// (a store that has been started, which the certificate authority is sealed to).
final class SigningTestDirectory {
    let path: String
    let ledgerPath: String
    var keyPath: String { ledgerPath + ".key" }

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-signing-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        ledgerPath = path + "/entitlements.jsonl"
        try Self.writeStoreKey(at: keyPath)
    }

    /// A new random store key at `path`, mode 0600, as a store's first write leaves it.
    static func writeStoreKey(at path: String) throws {
        let hex = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        guard FileManager.default.createFile(atPath: path, contents: Data((hex + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw SigningTestFailure("could not write a store key at \(path)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

struct SigningTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Pulls tokens apart the way an app would, without the store's own code.
enum TokenParts {
    static func segments(_ token: String) -> [String] {
        token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The JSON object in segment `index` (0 header, 1 payload).
    static func object(_ token: String, segment index: Int) throws -> [String: Any] {
        let parts = segments(token)
        guard parts.count == 3, let bytes = Base64URL.decode(parts[index]),
              let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        else { throw SigningTestFailure("segment \(index) of \(token) is not a JSON object") }
        return object
    }

    /// `token` with its character at `offset` replaced by `replacement`.
    static func replacing(_ token: String, at offset: Int, with replacement: Character) -> String {
        var characters = Array(token)
        characters[offset] = replacement
        return String(characters)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// Characters to put in place of `character`: for a base64url digit, the digits that
    /// differ from it in the lowest and in the highest of its six bits (the lowest bit of a
    /// last digit is often unused, which a lax decoder would not notice); else a letter.
    static func replacements(for character: Character) -> [Character] {
        guard let value = alphabet.firstIndex(of: character) else { return ["A"] }
        return [alphabet[value ^ 1], alphabet[value ^ 32]]
    }
}

/// Chains and tokens made for tests only, to build what the store itself never makes.
enum TestAuthority {
    /// A whole chain with the given markers (the App Store's by default).
    static func chain(leafMarker: String? = Certificate.leafMarker,
                      intermediateMarker: String? = Certificate.intermediateMarker) throws -> CertificateChain {
        try CertificateChain.issue(names: ("Test root", "Test intermediate", "Test leaf"), organization: "Tests",
                                   intermediateMarker: intermediateMarker, leafMarker: leafMarker)
    }

    /// `payload` signed as ES256 by `key` with any list of certificates in the header's x5c.
    static func token(payload: String, key: P256PrivateKey, chain: [Certificate]) throws -> String {
        let x5c = chain.map { "\"\(Data($0.der).base64EncodedString())\"" }.joined(separator: ",")
        let input = Base64URL.encode(Array(#"{"alg":"ES256","x5c":[\#(x5c)]}"#.utf8)) + "." + Base64URL.encode(Array(payload.utf8))
        return input + "." + Base64URL.encode(try key.rawSignature(for: Array(input.utf8)))
    }
}
