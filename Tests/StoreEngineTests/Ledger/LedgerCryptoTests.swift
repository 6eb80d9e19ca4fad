import Testing
@testable import StoreEngine
@testable import StoreLedger

/// HMAC-SHA256 against the RFC 4231 test cases.
@Suite("Ledger crypto: HMAC-SHA256")
struct LedgerCryptoTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: [UInt8]
        let data: [UInt8]
        let expectedHex: String
        var testDescription: String { name }
    }

    static let rfc4231: [Vector] = [
        Vector(
            name: "test case 1", key: [UInt8](repeating: 0x0B, count: 20), data: Array("Hi There".utf8),
            expectedHex: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(
            name: "test case 2", key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
            expectedHex: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(
            name: "test case 3", key: [UInt8](repeating: 0xAA, count: 20), data: [UInt8](repeating: 0xDD, count: 50),
            expectedHex: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(
            name: "test case 4", key: Array(1...25), data: [UInt8](repeating: 0xCD, count: 50),
            expectedHex: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Vector(
            name: "test case 6", key: [UInt8](repeating: 0xAA, count: 131),
            data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            expectedHex: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Vector(
            name: "test case 7", key: [UInt8](repeating: 0xAA, count: 131),
            data: Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. "
                    + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            expectedHex: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test("matches RFC 4231", arguments: rfc4231)
    func matchesRFC4231(vector: Vector) throws {
        let mac = try HMACSHA256.mac(key: vector.key, message: vector.data)
        #expect(Hex.string(mac) == vector.expectedHex)
    }

    @Test("truncated output of test case 5 matches RFC 4231")
    func truncatedTestCase5() throws {
        let mac = try HMACSHA256.mac(key: [UInt8](repeating: 0x0C, count: 20), message: Array("Test With Truncation".utf8))
        #expect(Hex.string(mac.prefix(16)) == "a3b6167473100ee06e0c796c2955552b")
    }

    @Test("a reused context gives the same MAC for every message, split or whole")
    func reusedContext() throws {
        let vector = Self.rfc4231[1]
        let context = try HMACSHA256(key: vector.key)
        let whole = try context.mac(vector.data)
        let split = try context.mac(vector.data.prefix(7), vector.data.dropFirst(7))
        let other = try context.mac(Array("another message".utf8))
        let again = try context.mac(vector.data)
        #expect(Hex.string(whole) == vector.expectedHex)
        #expect(split == whole)
        #expect(again == whole)
        #expect(other != whole)
    }

    @Test("secure random bytes have the requested length and differ between calls")
    func randomBytes() throws {
        let first = try SecureRandom.bytes(count: 32)
        let second = try SecureRandom.bytes(count: 32)
        #expect(first.count == 32)
        #expect(first != second)
        #expect(try SecureRandom.bytes(count: 0).isEmpty)
    }

    @Test("hex round-trips and rejects bad digits")
    func hexRoundTrip() {
        let bytes: [UInt8] = [0x00, 0x7F, 0x80, 0xAB, 0xFF]
        #expect(Hex.string(bytes) == "007f80abff")
        #expect(Hex.decode(Array("007F80abff".utf8)) == bytes)
        #expect(Hex.decode(Array("0g".utf8)) == nil)
        #expect(Hex.decode(Array("abc".utf8)) == nil)
    }
}
