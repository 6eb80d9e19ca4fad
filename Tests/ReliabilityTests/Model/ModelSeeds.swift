import Foundation

/// The seeds the model suite draws its sequences from, one seed per sequence.
///
/// By default the fixed seeds 1, 2, 3, …: every run checks the same sequences, so a rare draw
/// never turns a build red by chance. `STOREFRONT_MODEL_SEED=<n>` starts the list at `n` (with
/// `STOREFRONT_MODEL_SEQUENCES=1` it replays the one sequence a failure names), and
/// `STOREFRONT_MODEL_SEED=random` at a fresh seed, to explore beyond the fixed list.
enum ModelSeeds {
    /// `STOREFRONT_MODEL_SEED` holds neither a number nor `random`.
    struct InvalidSeed: Error, CustomStringConvertible {
        var text: String
        var description: String {
            "STOREFRONT_MODEL_SEED=\(text) is not a seed: set it to a whole number from 0 to \(UInt64.max) "
                + "to replay a sequence, to `random` to explore, or unset it for the fixed seeds"
        }
    }

    /// The first seed: 1 by default, else what `STOREFRONT_MODEL_SEED` asks for.
    static func first(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> UInt64 {
        guard let text = environment["STOREFRONT_MODEL_SEED"]?.trimmingCharacters(in: .whitespaces) else { return 1 }
        if text == "random" { return UInt64.random(in: 1...UInt64(UInt32.max)) }
        guard let seed = UInt64(text) else { throw InvalidSeed(text: text) }
        return seed
    }

    /// The seeds of `count` sequences from `first` on.
    static func list(from first: UInt64, count: Int) -> [UInt64] {
        (0..<count).map { first &+ UInt64($0) }
    }
}
