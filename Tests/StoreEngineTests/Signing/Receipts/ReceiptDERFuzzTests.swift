import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning

/// Damaged receipt payloads are refused with a reason, never a crash: every truncation of a
/// real payload and of a signed receipt, and every byte of them changed in several ways.
@Suite struct ReceiptDERFuzzTests {
    static func payload() throws -> [UInt8] {
        let fixture = try SigningFixture()
        _ = try fixture.buy(Rage.monthly)
        _ = try fixture.buy(Rage.drummer)
        return try fixture.store.appReceipt(for: phone, signer: fixture.signer).receipt.der
    }

    @Test func everyTruncationOfAPayloadIsRefused() throws {
        let whole = try Self.payload()
        for length in 0..<whole.count {
            #expect(throws: AppReceiptFormatError.self) { try AppReceipt(der: Array(whole.prefix(length))) }
        }
    }

    @Test func changedPayloadsEitherReadOrAreRefusedWithAReason() throws {
        let whole = try Self.payload()
        // Each byte set to the values that break DER most: lengths and tags at their extremes.
        for offset in whole.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0x81, 0x84, 0xFF, whole[offset] ^ 0x20] {
                var bytes = whole
                bytes[offset] = value
                do {
                    _ = try AppReceipt(der: bytes)
                } catch {
                    #expect(!error.reason.isEmpty)
                }
            }
        }
    }

    @Test func lengthsThatPointPastTheEndOrAreNotDERAreRefused() {
        for bytes: [UInt8] in [[0x31, 0x84, 0xFF, 0xFF, 0xFF, 0xFF], [0x31, 0x80, 0x00, 0x00], [0x31, 0x81, 0x05, 0, 0, 0, 0, 0],
                               [0x31, 0x85, 1, 1, 1, 1, 1], [0x1F, 0x01, 0x00], [0x31, 0x03, 0x30, 0x01, 0x02]] {
            #expect(throws: AppReceiptFormatError.self) { try AppReceipt(der: bytes) }
        }
    }

    @Test func truncatedAndGarbledSignedReceiptsAreMalformedOrNotAuthentic() throws {
        let fixture = try SigningFixture()
        _ = try fixture.buy(Rage.drummer)
        let signed = Array(Data(base64Encoded: try fixture.store.appReceipt(for: phone, signer: fixture.signer).base64)!)
        let root = fixture.signer.authority.root
        let now = fixture.stores.clock.now()
        for length in stride(from: 0, to: signed.count, by: 3) {
            if case .authentic = SignedAppReceipt.check(der: Array(signed.prefix(length)), root: root, at: now) {
                Issue.record("a receipt cut at \(length) bytes was accepted")
            }
        }
        for offset in stride(from: 0, to: signed.count, by: 5) {
            var bytes = signed
            bytes[offset] = bytes[offset] == 0xFF ? 0x00 : 0xFF
            if case .authentic = SignedAppReceipt.check(der: bytes, root: root, at: now) {
                Issue.record("a receipt with byte \(offset) changed was accepted")
            }
        }
    }
}
