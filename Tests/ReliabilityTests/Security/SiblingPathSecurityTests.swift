import Foundation
import Glibc
import Testing

/// Every path beside the ledger planted with something hostile before the binary runs: a
/// symbolic link (to another user's file, to one's own file, dangling), a FIFO, a directory, a
/// hard link. Whatever the commands answer, none hangs, none crashes, and nothing outside the
/// store's own files is written, created or changed in mode.
@Suite("Security: sibling paths", .serialized)
struct SiblingPathSecurityTests {
    static let isRoot = geteuid() == 0

    /// The store's paths, as suffixes of the ledger's; `.torn-` stands for the dated side files.
    static let siblings = ["", ".key", ".key.new", ".lock", ".checkpoint-com.example.rage", ".torn-", ".authority.pem"]

    enum Plant: String, CaseIterable {
        case linkToOtherUsersFile = "link to another user's file"
        case linkToOwnFile = "link to one's own file"
        case danglingLink = "dangling link"
        case fifo = "FIFO"
        case directory = "directory"
        case hardLink = "hard link"
    }

    static let commands = [["buy", Rage.lives], ["entitlements"], ["certificate"], ["verify"], ["repair"], ["buy", Rage.face]]

    @Test("no planted sibling path makes a command hang, crash or write outside the store's files")
    func plantedSiblings() throws {
        let started = ContinuousClock.now
        var cases = 0, runs = 0, hangs = 0, crashes = 0, outsideChanges = 0
        var findings: [String] = []
        for sibling in Self.siblings {
            for plant in Plant.allCases where plant != .linkToOtherUsersFile || Self.isRoot {
                let scratch = try ScratchDirectory("security")
                let outcome = try Self.attack(sibling: sibling, with: plant, in: scratch)
                cases += 1
                runs += outcome.runs
                hangs += outcome.hangs.count
                crashes += outcome.crashes.count
                if !outcome.outsideUnchanged { outsideChanges += 1 }
                findings += (outcome.hangs + outcome.crashes + (outcome.outsideUnchanged ? [] : ["files outside changed"]))
                    .map { "\(sibling.isEmpty ? "ledger" : sibling) as \(plant.rawValue): \($0)" }
            }
        }
        #expect(findings.isEmpty, "\(findings.prefix(10))")
        let skipped = Self.isRoot ? "" : " (links to another user's file skipped: they need root to give a file away)"
        Figures.report("security", "\(cases) planted sibling paths (\(Self.siblings.count) paths x \(Plant.allCases.count) "
            + "kinds)\(skipped), \(runs) commands: \(hangs) hangs, \(crashes) crashes, \(outsideChanges) with files "
            + "outside the store changed, \(Figures.seconds(since: started))")
    }

    /// What happened to one planted path.
    struct Attack {
        var runs = 0
        var hangs: [String] = []
        var crashes: [String] = []
        var outsideUnchanged = true
    }

    /// Makes a ledger (unless the ledger path itself is attacked), plants `plant` at the sibling
    /// path, then runs every command.
    static func attack(sibling: String, with plant: Plant, in scratch: ScratchDirectory) throws -> Attack {
        let store = scratch.file("store")
        let outside = scratch.file("outside")
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let ledger = store + "/e.jsonl"
        let run = SecurityRun(ledger: ledger)
        if !sibling.isEmpty {
            _ = try run.run(["buy", Rage.face])
            _ = try run.run(["certificate"])
        }
        let own = outside + "/own.txt"
        try ScratchDirectory.write(Array("one's own notes\n".utf8), to: own)
        let theirs = outside + "/theirs.txt"
        try ScratchDirectory.write(Array("another user's notes\n".utf8), to: theirs)
        chmod(theirs, 0o644)
        if isRoot { chown(theirs, SecurityRun.nobody, SecurityRun.nobody) }

        let paths = sibling == ".torn-" ? tornNames(ledger) : [ledger + sibling]
        for path in paths {
            unlink(path)
            try plantAt(path, plant, own: own, theirs: theirs, missing: outside + "/missing-\(UUID().uuidString)")
        }
        if sibling == ".torn-" {
            // An incomplete last line, which the next writer moves into a dated side file.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: ledger))
            handle.seekToEndOfFile()
            handle.write(Data(#"{"seq":9,"acc"#.utf8))
            try handle.close()
        }
        let before = FolderSnapshot(outside)
        var attack = Attack()
        for command in commands {
            let outcome = try run.run(command)
            attack.runs += 1
            if outcome.hung { attack.hangs.append("\(command) hung") }
            if outcome.crashed {
                attack.crashes.append("\(command) crashed (status \(outcome.result.status)): \(outcome.result.stderr.prefix(200))")
            }
        }
        attack.outsideUnchanged = FolderSnapshot(outside) == before
        return attack
    }

    /// The names a torn line moved aside now or in the next seconds would get.
    static func tornNames(_ ledger: String) -> [String] {
        let style = Date.ISO8601FormatStyle(dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted)
        return (-1...30).map { ledger + ".torn-" + Date().addingTimeInterval(Double($0)).formatted(style) }
    }

    static func plantAt(_ path: String, _ plant: Plant, own: String, theirs: String, missing: String) throws {
        switch plant {
        case .linkToOtherUsersFile: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: theirs)
        case .linkToOwnFile: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: own)
        case .danglingLink: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: missing)
        case .fifo: #expect(mkfifo(path, 0o600) == 0)
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .hardLink: #expect(link(own, path) == 0)
        }
    }
}
