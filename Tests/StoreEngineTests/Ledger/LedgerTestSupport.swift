import Foundation
import Glibc
@testable import StoreEngine
@testable import StoreLedger

/// A small event type standing in for the engine's events.
struct LedgerTestEvent: Codable, Equatable, Sendable {
    var kind: String
    var amount: Int
    var note: String?

    static func purchase(_ amount: Int) -> LedgerTestEvent { LedgerTestEvent(kind: "purchase", amount: amount) }
    static func spend(_ amount: Int) -> LedgerTestEvent { LedgerTestEvent(kind: "spend", amount: amount) }
}

/// A fresh directory for one test, removed afterwards.
struct LedgerTestDirectory: ~Copyable {
    let path: String
    let ledgerPath: String

    /// A new directory; the ledger goes at `ledgerName` inside it, which may name subdirectories.
    init(ledgerName: String = "entitlements.jsonl") throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-ledger-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        ledgerPath = path + "/" + ledgerName
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func ledger(
        fileSystem: any FileSystem = POSIXFileSystem(), at ledgerPath: String? = nil
    ) -> LedgerFile<LedgerTestEvent> {
        LedgerFile(path: ledgerPath ?? self.ledgerPath, fileSystem: fileSystem, now: { LedgerTestClock.fixed })
    }
}

enum LedgerTestClock {
    /// 2025-01-02T03:04:05Z
    static let fixed = Date(timeIntervalSince1970: 1_735_787_045)
}

/// Direct access to files, bypassing the ledger, to inspect and damage them.
enum LedgerTestFiles {
    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func lines(_ path: String) throws -> [String] {
        let text = String(decoding: try bytes(path), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try POSIXFileSystem().open(path, access: .writeOnly, options: [.create, .truncate], permissions: 0o600)
        defer { try? POSIXFileSystem().close(file) }
        try POSIXFileSystem().writeAll(file, bytes)
    }

    static func writeLines(_ lines: [String], to path: String) throws {
        try write(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
    }

    static func append(_ bytes: [UInt8], to path: String) throws {
        try write(try Self.bytes(path) + bytes, to: path)
    }

    /// Writes `replacement` over the first `original` in the file, in place (no truncation,
    /// same inode), as an editor that saves into the file does; both must be as long.
    static func overwrite(_ original: String, with replacement: String, in path: String) throws {
        precondition(original.utf8.count == replacement.utf8.count, "an in-place edit keeps the length")
        let bytes = try Self.bytes(path)
        let needle = Array(original.utf8)
        guard let offset = (0...(bytes.count - needle.count)).first(where: { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        else { throw LedgerTestFileError(description: "\(original) is not in \(path)") }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(replacement.utf8))
    }

    /// Waits until a file written now gets later change times than `path` has, so that the
    /// next write to `path` is told apart from its last one: file times move in ticks of the
    /// kernel's coarse clock (a few milliseconds), and a test runs faster than that.
    static func waitForNextChangeTime(after path: String) throws {
        let last = try POSIXFileSystem().status(atPath: path).changeTimes
        let probe = path + ".probe"
        defer { unlink(probe) }
        for _ in 0..<20_000 {
            try write(Array("probe".utf8), to: probe)
            let now = try POSIXFileSystem().status(atPath: probe).changeTimes
            if now.modified > last.modified, now.statusChanged > last.statusChanged { return }
            usleep(100)
        }
        throw LedgerTestFileError(description: "the file times of \(path)'s folder did not move on in two seconds")
    }

    static func permissions(_ path: String) throws -> UInt32 {
        try POSIXFileSystem().status(atPath: path).permissions
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Runs `command` as a user pasting advice into a shell would; returns its exit status.
    static func runInShell(_ command: String) throws -> Int32 {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", command]
        try shell.run()
        shell.waitUntilExit()
        return shell.terminationStatus
    }

    /// The command a problem's words advise, as printed between "(`" and "`)".
    static func advisedCommand(in said: String) -> String? {
        guard let start = said.range(of: "(`"), let end = said.range(of: "`)", range: start.upperBound..<said.endIndex) else {
            return nil
        }
        return String(said[start.upperBound..<end.lowerBound])
    }

    static func directoryEntries(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

struct LedgerTestFileError: Error, CustomStringConvertible {
    var description: String
}

extension LedgerFile {
    /// Appends `events` unconditionally and returns what was appended.
    @discardableResult
    func append(_ events: [Event]) throws -> [LedgerEntry<Event>] {
        try commit { _ in (events, ()) }.appended
    }
}
