import Testing
@testable import StoreEngine
@testable import StoreJSON

/// The parser's UTF-8 check accepts exactly what the standard library accepts.
@Suite struct UTF8ValidationTests {
    func expectSameAsStandardLibrary(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = String(validating: bytes, as: UTF8.self).map { _ in bytes.count { $0 & 0xC0 == 0x80 } }
        let found = bytes.withUnsafeBufferPointer { UTF8Validation.continuationBytes(in: $0) }
        #expect(found == expected, "\(bytes.map { String($0, radix: 16) })", sourceLocation: sourceLocation)
    }

    @Test func everySequenceOfOneOrTwoBytes() {
        for first in UInt8.min...UInt8.max {
            expectSameAsStandardLibrary([first])
            for second in UInt8.min...UInt8.max { expectSameAsStandardLibrary([first, second]) }
        }
    }

    @Test func threeAndFourByteSequencesAtTheEdgesOfEachRange() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF5, 0xFF]
        for lead in UInt8(0xC0)...UInt8.max {
            for second in UInt8.min...UInt8.max {
                for third in edges {
                    expectSameAsStandardLibrary([lead, second, third])
                    for fourth in [UInt8(0x80), 0xBF, 0x41] { expectSameAsStandardLibrary([lead, second, third, fourth]) }
                }
            }
        }
    }

    @Test func textsInSeveralScriptsAndTruncations() {
        for text in ["Münzen", "コインパック", "🪙 coins", "Pièces d'or", "مرحبا", "a\u{10FFFF}z"] {
            let bytes = Array(text.utf8)
            expectSameAsStandardLibrary(bytes)
            for cut in 0..<bytes.count { expectSameAsStandardLibrary(Array(bytes[..<cut])) }
        }
    }
}
