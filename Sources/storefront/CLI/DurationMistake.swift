import StoreEngine

/// Says what is wrong with a duration that `advance` could not use.
///
/// `StoreDuration` only answers yes or no; a person who typed `-3d` or `P10000Y` needs to
/// hear that store time never goes back, or that the step is too long, not that it is "not a
/// duration".
enum DurationMistake {
    static func message(for text: String) -> String {
        if text.hasPrefix("-") {
            return "\"\(text)\" is negative, and store time only moves forward; give a positive duration such as "
                + "\(text.dropFirst()) (to start over, use a new entitlements file)"
        }
        let shapes = [#"[pP](\d+[yYmMwWdD])*([tT](\d+[hHmMsS])+)?"#, #"\d+[wWdDhHmMsS]"#]
        let looksLikeDuration = shapes.contains { pattern in
            (try? Regex(pattern).wholeMatch(in: text)) != nil
        }
        guard looksLikeDuration else { return "\(StoreError.invalidDuration(text))" }
        if !text.contains(where: { $0.isNumber && $0 != "0" }) {
            return "\"\(text)\" is zero: store time would not move; give a duration such as 1d"
        }
        return "\"\(text)\" is longer than store time can move in one step (at most 1000 years, e.g. P1000Y); "
            + "give a shorter duration"
    }
}
