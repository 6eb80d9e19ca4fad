import Foundation

/// A small, fast random number generator (SplitMix64) that repeats its sequence for a seed.
///
/// Suites print the seed they used; setting `STOREFRONT_RELIABILITY_SEED` to it replays the
/// same sequence of operations.
struct SeededGenerator: RandomNumberGenerator {
    private(set) var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The seed from `STOREFRONT_RELIABILITY_SEED`, else a fresh one.
    static func seedFromEnvironment() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["STOREFRONT_RELIABILITY_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 1...UInt64(UInt32.max))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// How many rounds a suite runs: its default, or `STOREFRONT_<NAME>` for longer local runs.
enum SuiteSize {
    static func value(_ name: String, default fallback: Int) -> Int {
        ProcessInfo.processInfo.environment["STOREFRONT_\(name)"].flatMap(Int.init).map { max(1, $0) } ?? fallback
    }
}
