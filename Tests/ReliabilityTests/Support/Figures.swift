import Foundation

/// Prints one suite's figures in the one-line form `.ci/run` collects for its summary.
///
/// Every line starts with `figures: <suite>:` so the CI log can be searched for them,
/// whatever order the suites ran in.
enum Figures {
    static func report(_ suite: String, _ text: String) {
        print("figures: \(suite): \(text)")
    }

    /// Seconds since `start`, with one decimal, for the figures line.
    static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return String(format: "%.1f s", seconds)
    }
}
