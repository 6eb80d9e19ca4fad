import Foundation
import StoreEngine

/// What a buyer can observe, as sorted one-line facts ("alice balance rage-faces 5"), so the
/// model and the engine are compared line by line and a disagreement reads as a sentence.
struct ModelFacts: Equatable {
    var lines: [String]

    /// Whether exact dates are part of the facts (not for the binary, whose clock runs).
    var withDates: Bool

    init(_ lines: [String], withDates: Bool) {
        self.lines = lines.sorted()
        self.withDates = withDates
    }

    /// Facts only one side has, as "engine: …" and "model: …" lines.
    static func differences(engine: ModelFacts, model: ModelFacts) -> [String] {
        let engineLines = Set(engine.lines), modelLines = Set(model.lines)
        return engine.lines.filter { !modelLines.contains($0) }.map { "engine: \($0)" }
            + model.lines.filter { !engineLines.contains($0) }.map { "model:  \($0)" }
    }

    static func stamp(_ date: Date?) -> String {
        guard let date else { return "-" }
        return ISO8601DateFormatter().string(from: date)
    }
}

/// Builds the facts both sides report, so the two builders below cannot drift apart in wording.
struct FactWriter {
    let withDates: Bool
    var lines: [String] = []

    mutating func balance(_ account: String, _ credit: String, _ value: Int) {
        lines.append("\(account) balance \(credit) \(value)")
    }

    mutating func status(_ buyer: Buyer, _ product: String, _ name: String) {
        lines.append("\(buyer.label) status \(product) \(name)")
    }

    mutating func owns(_ buyer: Buyer, _ product: String, delivered: Bool) {
        lines.append("\(buyer.label) owns \(product)" + (delivered ? "" : " (restore to unlock)"))
    }

    mutating func subscription(_ account: String, _ product: String, state: String, expires: Date?, willRenew: Bool,
                               pending: String?, revoked: Date? = nil, accessEnded: Date? = nil) {
        let until = withDates ? " until \(ModelFacts.stamp(expires))" : ""
        let revokedAt = withDates ? revoked.map { " revoked \(ModelFacts.stamp($0))" } ?? "" : ""
        let accessEnd = withDates ? accessEnded.map { " access ended \(ModelFacts.stamp($0))" } ?? "" : ""
        lines.append("\(account) subscription \(product) \(state)\(until)\(revokedAt)\(accessEnd) renews \(willRenew)"
            + (pending.map { " then \($0)" } ?? ""))
    }

    mutating func pass(_ account: String, _ product: String, expires: Date, active: Bool) {
        let until = withDates ? " until \(ModelFacts.stamp(expires))" : ""
        lines.append("\(account) pass \(product)\(until) active \(active)")
    }

    mutating func waiting(_ account: String, _ product: String, _ what: String) {
        lines.append("\(account) waits for \(what) of \(product)")
    }

    mutating func paidPeriod(_ account: String, start: Date, end: Date, offer: String?) {
        guard withDates else { return }
        lines.append("\(account) paid \(ModelFacts.stamp(start)) to \(ModelFacts.stamp(end))" + (offer.map { " under \($0)" } ?? ""))
    }

    var facts: ModelFacts { ModelFacts(lines, withDates: withDates) }
}
