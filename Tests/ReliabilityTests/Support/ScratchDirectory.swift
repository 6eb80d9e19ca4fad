import Foundation
import Glibc

/// A fresh directory for one test, removed when the value goes away.
final class ScratchDirectory {
    let path: String

    init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-reliability-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The names of the files in the directory.
    func names() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Replaces the content of the file at `path` in place, keeping its mode (unlike
    /// `Data.write`, which resets it).
    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            written += count
        }
    }
}
