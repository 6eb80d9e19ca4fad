/// How much of a split a row or column band asks for.
public enum LayoutSize: Hashable, Sendable {
    /// Exactly this many cells (fewer if the area runs out).
    case fixed(Int)
    /// A share of what the fixed bands leave, in proportion to the weight.
    case weighted(Int)

    /// One equal share of the remaining space.
    public static let fill = LayoutSize.weighted(1)

    /// Lengths for `sizes` that add up to `total`.
    ///
    /// Fixed bands are served first, in order, and shrink when there is not
    /// enough room; the rest is shared among weighted bands, any remainder going
    /// to the earliest of them so the lengths always add up exactly.
    static func lengths(of sizes: [LayoutSize], total: Int) -> [Int] {
        var remaining = max(0, total)
        var lengths = Array(repeating: 0, count: sizes.count)
        for (index, size) in sizes.enumerated() {
            if case .fixed(let length) = size {
                lengths[index] = min(max(0, length), remaining)
                remaining -= lengths[index]
            }
        }
        let weights = sizes.map { size -> Int in
            if case .weighted(let weight) = size { return max(0, weight) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        guard totalWeight > 0 else { return lengths }
        var handedOut = 0
        for (index, weight) in weights.enumerated() where weight > 0 {
            lengths[index] = remaining * weight / totalWeight
            handedOut += lengths[index]
        }
        var leftover = remaining - handedOut
        for (index, weight) in weights.enumerated() where weight > 0 && leftover > 0 {
            lengths[index] += 1
            leftover -= 1
        }
        return lengths
    }
}
