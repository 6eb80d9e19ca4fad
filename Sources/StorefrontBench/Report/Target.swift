/// A limit a figure must meet, and whether it did.
struct Target: Codable, Sendable {
    enum Comparison: String, Codable, Sendable {
        case atMost
        case atLeast
    }

    var comparison: Comparison
    var limit: Double
    var unit: String

    static func atMost(_ limit: Double, _ unit: String) -> Target { Target(comparison: .atMost, limit: limit, unit: unit) }
    static func atLeast(_ limit: Double, _ unit: String) -> Target { Target(comparison: .atLeast, limit: limit, unit: unit) }

    func isMet(by value: Double) -> Bool {
        switch comparison {
        case .atMost: value <= limit
        case .atLeast: value >= limit
        }
    }

    /// The target as people write it, e.g. "≤ 100 ms".
    var text: String {
        let sign = comparison == .atMost ? "≤" : "≥"
        return "\(sign) \(NumberText.format(limit)) \(unit)".trimmingCharacters(in: .whitespaces)
    }
}
