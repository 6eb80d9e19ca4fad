/// Repeated measurements of one figure, with the statistics the report shows.
struct Samples: Sendable {
    /// The measurements in the order they were taken.
    let values: [Double]
    private let sorted: [Double]

    init(_ values: [Double]) {
        self.values = values
        sorted = values.sorted()
    }

    var count: Int { values.count }

    /// The middle value (the mean of the two middle values for an even count); 0 when empty.
    var median: Double {
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The value that `fraction` of the measurements do not exceed (nearest rank); 0 when empty.
    func percentile(_ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    var p99: Double { percentile(0.99) }
    var total: Double { values.reduce(0, +) }

    /// Every value multiplied by `factor`, e.g. seconds to milliseconds.
    func scaled(by factor: Double) -> Samples { Samples(values.map { $0 * factor }) }
}
