import Foundation
import Glibc

/// The files of a ledger's directory (ledger, key, lock, torn side files), captured and restored.
struct DirectorySnapshot {
    /// The directory inside a scratch directory that holds the ledger; the workload creates it.
    static let folder = "data"
    static let ledgerName = "entitlements.jsonl"

    var files: [String: [UInt8]] = [:]

    static func ledgerPath(in scratch: ScratchDirectory) -> String {
        scratch.file("\(folder)/\(ledgerName)")
    }

    static func capture(_ scratch: ScratchDirectory) throws -> DirectorySnapshot {
        let folder = scratch.file(Self.folder)
        guard FileManager.default.fileExists(atPath: folder) else { return DirectorySnapshot() }
        var snapshot = DirectorySnapshot()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            snapshot.files[name] = try ScratchDirectory.bytes(folder + "/" + name)
        }
        return snapshot
    }

    /// Writes the files into `scratch`, each with mode 0600 in a 0700 directory.
    func restore(into scratch: ScratchDirectory) throws {
        guard !files.isEmpty else { return }
        let folder = scratch.file(Self.folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o700)
        for (name, bytes) in files {
            try ScratchDirectory.write(bytes, to: folder + "/" + name)
        }
    }

    /// The ledger's bytes up to its last newline: what a reader counts as written.
    var completeLedgerLines: [UInt8] {
        let bytes = files[Self.ledgerName] ?? []
        guard let last = bytes.lastIndex(of: 0x0A) else { return [] }
        return Array(bytes[...last])
    }
}
