import Testing
import TerminalUI
@testable import StorefrontApp

/// The header's line of balances: names are shortened to fit, but never so far that two read the same,
/// and a number is never cut.
@Suite("Render: the line of credit balances")
struct CreditLineTests {
    static let sharedPrefix: [(name: String, amount: String)] = [
        (name: "简体Fuel Cells Alpha", amount: "0"), (name: "简体Fuel Cells Beta", amount: "12"),
        (name: "简体Fuel Cells Gamma", amount: "345"),
    ]

    /// The names as drawn, each the text before its ": ".
    static func drawnNames(_ spans: [Span]) -> [String] {
        spans.map(\.text).filter { $0.hasSuffix(": ") }.map { String($0.dropLast(2)) }
    }

    @Test("Names that share a long prefix stay apart when shortened, and every number shows whole",
          arguments: [18, 24, 30, 40, 50, 60])
    func sharedPrefixStaysDistinct(width: Int) {
        let spans = CreditLine.spans(Self.sharedPrefix, width: width)
        let text = spans.map(\.text).joined()
        #expect(text.displayWidth <= width, "\(text) is wider than \(width)")
        let names = Self.drawnNames(spans)
        #expect(!names.isEmpty)
        #expect(Set(names).count == names.count, "names read the same: \(text)")
        for (shown, balance) in zip(names, Self.sharedPrefix) {
            #expect(text.contains("\(shown): \(balance.amount)"), "\(balance.amount) cut in \(text)")
        }
        if names.count < Self.sharedPrefix.count {
            #expect(text.hasSuffix("+\(Self.sharedPrefix.count - names.count) more"))
        }
    }

    @Test("With room enough the names show in full")
    func fullNames() {
        let text = CreditLine.spans(Self.sharedPrefix, width: 200).map(\.text).joined()
        #expect(text == "简体Fuel Cells Alpha: 0 · 简体Fuel Cells Beta: 12 · 简体Fuel Cells Gamma: 345")
    }
}
