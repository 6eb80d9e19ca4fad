/// TUI render: full frames of the 10,000-product catalog, a scroll session and the first
/// frame of the app in a pseudo-terminal.
enum RenderBenchmark {
    static let section = "TUI render"

    static func run(_ context: BenchContext) throws -> [Figure] {
        let reason = "The TUI app (StorefrontApp: AppState, update, render, and the TUI run loop) is not in this build yet."
        return [
            .missing(id: "render.frame.80x24", section: section, label: "full frame, 10,000 products, 80x24",
                     unit: "ms", target: nil, reason: reason),
            .missing(id: "render.frame.240x70", section: section, label: "full frame, 10,000 products, 240x70",
                     unit: "ms", target: nil, reason: reason),
            .missing(id: "render.key.10000", section: section, label: "key to diffed frame, 10,000 products",
                     unit: "ms", target: .atMost(2, "ms"), reason: reason),
            .missing(id: "render.first-frame", section: section, label: "process start to first frame (pseudo-terminal)",
                     unit: "ms", target: .atMost(50, "ms"), reason: reason),
        ]
    }
}
