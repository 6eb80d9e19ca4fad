import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// Plain prices are parsed without `Decimal(string:)` but must come out identical to it.
@Suite struct ExactDecimalPlainParsingTests {
    @Test("plain decimals give the same value, text and representation as Decimal(string:)", arguments: [
        "0", "0.99", "1.10", "160", "0.10", "100", "1.0", "00.5", "0.00", "000", "19.990", "123456789012345678",
        "0.000000000000000001", "99999.999999", "1",
    ])
    func sameAsFoundation(text: String) throws {
        let parsed = try #require(ExactDecimal.parse(text))
        let foundation = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(parsed == foundation)
        #expect(ExactDecimal.string(parsed) == ExactDecimal.string(foundation))
        #expect(withUnsafeBytes(of: parsed) { Array($0) } == withUnsafeBytes(of: foundation) { Array($0) })
    }
}

/// Amounts in `--json` read with their currency's decimal places, whatever the value's own.
@Suite struct ExactDecimalAmountTests {
    @Test("an amount has its currency's places: trailing zeros added, never a digit taken away", arguments: [
        ("2.7", "USD", "2.70"), ("0", "USD", "0.00"), ("0.29", "USD", "0.29"), ("19.99", "EUR", "19.99"), ("3", "EUR", "3.00"),
        ("160", "JPY", "160"), ("1.5", "KWD", "1.500"), ("0.125", "USD", "0.125"), ("2.7", nil, "2.7"),
    ] as [(String, String?, String)])
    func placesOfTheCurrency(value: String, currency: String?, expected: String) throws {
        let decimal = try #require(ExactDecimal.parse(value))
        #expect(ExactDecimal.amount(decimal, currency: currency) == expected)
    }
}
