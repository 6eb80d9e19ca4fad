/// A small deterministic random number generator kept in the app state (xorshift64*).
///
/// `update` must be a pure function, so the randomness of the rage faces comes from a seed
/// the runtime chooses at start; tests choose a fixed one and get the same faces every time.
public struct RandomSequence: Equatable, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    /// The next number in `0..<bound` (bound must be positive).
    public mutating func next(below bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        let value = state &* 0x2545_F491_4F6C_DD1D
        return Int(value % UInt64(max(1, bound)))
    }

    /// A number in `0..<count` different from `current` (when there is a choice).
    public mutating func next(below count: Int, other current: Int) -> Int {
        guard count > 1 else { return 0 }
        let step = 1 + next(below: count - 1)
        return (current + step) % count
    }
}
