import Foundation

/// Everything one benchmark run found, for the table and for `--json`.
struct BenchReport: Codable, Sendable {
    var mode: String
    var machine: MachineInfo
    var figures: [Figure] = []
    /// Wall time of the whole run, data generation included.
    var totalSeconds: Double = 0

    var passedCount: Int { figures.filter { $0.passed == true }.count }
    var failedCount: Int { figures.filter { $0.passed == false }.count }
    var missingCount: Int { figures.filter { $0.median == nil }.count }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        struct Document: Encodable {
            var report: BenchReport
            var passed: Int
            var failed: Int
            var missing: Int
            enum CodingKeys: String, CodingKey { case mode, machine, figures, totalSeconds, passed, failed, missing }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(report.mode, forKey: .mode)
                try container.encode(report.machine, forKey: .machine)
                try container.encode(report.figures, forKey: .figures)
                try container.encode(report.totalSeconds, forKey: .totalSeconds)
                try container.encode(passed, forKey: .passed)
                try container.encode(failed, forKey: .failed)
                try container.encode(missing, forKey: .missing)
            }
        }
        let document = Document(report: self, passed: passedCount, failed: failedCount, missing: missingCount)
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}
