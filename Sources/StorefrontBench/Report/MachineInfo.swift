import Foundation

/// The machine a run measured, so figures can be compared with the right expectations.
struct MachineInfo: Codable, Sendable {
    var processors: Int
    var cpuModel: String
    var memoryMegabytes: Int
    var kernel: String
    /// One-minute load average when the run started and when it ended: other work on the
    /// machine slows every figure.
    var loadAverageAtStart: Double
    var loadAverageAtEnd: Double?
    /// Where the generated data lives; durable commits depend on its file system.
    var dataFolder: String

    static func current(dataFolder: String) -> MachineInfo {
        MachineInfo(
            processors: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: cpuModel() ?? "unknown CPU",
            memoryMegabytes: Int(ProcessInfo.processInfo.physicalMemory / 1_048_576),
            kernel: kernel(),
            loadAverageAtStart: loadAverage(),
            dataFolder: dataFolder)
    }

    var summary: String {
        var text = "\(processors) CPUs (\(cpuModel)), \(NumberText.grouped(memoryMegabytes)) MB, Linux \(kernel)"
        text += "; load average \(NumberText.format(loadAverageAtStart)) at start"
        if let end = loadAverageAtEnd { text += ", \(NumberText.format(end)) at end" }
        return text
    }

    static func loadAverage() -> Double {
        var averages = [Double](repeating: 0, count: 3)
        return getloadavg(&averages, 3) > 0 ? averages[0] : 0
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static func kernel() -> String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
