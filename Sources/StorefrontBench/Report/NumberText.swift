import Foundation

/// Numbers written for people: about three significant digits, thousands grouped.
enum NumberText {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let decimals: Int
        switch magnitude {
        case 0: decimals = 0
        case ..<0.01: decimals = 4
        case ..<0.1: decimals = 3
        case ..<10: decimals = 2
        case ..<100: decimals = 1
        default: decimals = 0
        }
        if decimals > 0 {
            let text = String(format: "%.\(decimals)f", value)
            return text.contains(".") && magnitude >= 1 ? trimmed(text) : text
        }
        return grouped(Int(value.rounded()))
    }

    /// 100000 as "100,000".
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// "1.50" as "1.5" and "2.00" as "2", for values whose extra digits add nothing.
    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
