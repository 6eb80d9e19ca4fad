/// One line of the report: a measured quantity, its statistics, and its target if it has one.
struct Figure: Codable, Sendable {
    /// A stable name for scripts, e.g. `catalog.load.10000`.
    var id: String
    /// The report section, e.g. "Catalog load".
    var section: String
    /// What was measured, in words.
    var label: String
    var unit: String
    /// How many measurements the statistics come from.
    var runs: Int
    /// The median; nil when the figure could not be measured (see `note`).
    var median: Double?
    var p99: Double?
    var target: Target?
    /// Whether the median meets the target; nil without a target or a measurement.
    var passed: Bool?
    /// Anything a reader needs to interpret the figure, e.g. why it is missing.
    var note: String?

    /// A figure from repeated measurements; `samples` are already in `unit`.
    init(id: String, section: String, label: String, unit: String, samples: Samples,
         showsP99: Bool = true, target: Target? = nil, note: String? = nil) {
        self.init(id: id, section: section, label: label, unit: unit, runs: samples.count,
                  median: samples.median, p99: showsP99 ? samples.p99 : nil, target: target, note: note)
    }

    init(id: String, section: String, label: String, unit: String, runs: Int, median: Double?,
         p99: Double? = nil, target: Target? = nil, note: String? = nil) {
        self.id = id
        self.section = section
        self.label = label
        self.unit = unit
        self.runs = runs
        self.median = median
        self.p99 = p99
        self.target = target
        self.note = note
        if let target, let median { passed = target.isMet(by: median) }
    }

    /// A figure that could not be measured in this run, and why.
    static func missing(id: String, section: String, label: String, unit: String, target: Target?, reason: String) -> Figure {
        Figure(id: id, section: section, label: label, unit: unit, runs: 0, median: nil, target: target, note: reason)
    }
}
