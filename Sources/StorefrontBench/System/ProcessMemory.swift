import Foundation

/// This process's memory as the kernel reports it in /proc/self/status.
enum ProcessMemory {
    /// Peak resident set size (VmHWM) in kilobytes; nil when /proc is not available.
    static func peakResidentKilobytes() -> Int? { field("VmHWM:") }

    /// Current resident set size (VmRSS) in kilobytes.
    static func residentKilobytes() -> Int? { field("VmRSS:") }

    private static func field(_ name: String) -> Int? {
        guard let text = statusText() else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// /proc files report a size of 0, so they are read until end of file rather than by size.
    private static func statusText() -> String? {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
