import Foundation
import StorefrontTesting
import Glibc
import StoreEngine
import StoreLedger
import Testing

/// Files and permissions, through the binary: private files in a private directory; a key file
/// others could read, or another user's, refused with the command that fixes it; entitlements
/// paths that are directories, devices or another user's files (also through a symbolic link)
/// refused; a lock file path that is not the store's never overwritten.
@Suite("Files and permissions")
struct FilePermissionTests {
    static let isRoot = geteuid() == 0
    /// A user other than the one running the tests, to own "another user's" files.
    static let otherUser: uid_t = 65534

    let directory: ScratchDirectory
    let cli: StorefrontProcess

    init() throws {
        directory = try ScratchDirectory("files")
        cli = StorefrontProcess(ledger: directory.file("data/store/entitlements.jsonl"))
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test("the ledger, key, lock and torn-line files are 0600, in directories created 0700")
    func privateFiles() throws {
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        try ScratchDirectory.write(try ScratchDirectory.bytes(cli.ledger) + Array(#"{"seq":2,"acc"#.utf8), to: cli.ledger)
        #expect(try cli.run(["buy", Rage.face]).stderr.contains("was incomplete"))
        let folder = directory.file("data/store")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            #expect(try Self.mode(folder + "/" + name) == 0o600, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 4)
        #expect(try Self.mode(folder) == 0o700)
        #expect(try Self.mode(directory.file("data")) == 0o700)
        Figures.report("files", "ledger, key, lock and torn-line files created 0600 in directories created 0700")
    }

    @Test("a key file others could read is refused for writing, with the chmod that fixes it", arguments: [0o644, 0o640, 0o604, 0o660])
    func exposedKeyIsRefused(mode: Int) throws {
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        let key = cli.ledger + ".key"
        chmod(key, mode_t(mode))
        let before = try ScratchDirectory.bytes(cli.ledger)
        let buy = try cli.run(["buy", Rage.face])
        #expect(buy.status == 3)
        #expect(buy.stderr.contains("the key file \(key) is not private") && buy.stderr.contains("run `chmod 600 \(key)`"),
                "\(buy.stderr)")
        #expect(try ScratchDirectory.bytes(cli.ledger) == before)
        #expect(try cli.run(["verify"]).status == 3)

        chmod(key, 0o600)
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        #expect(try cli.run(["verify"]).status == 0)
    }

    @Test("a key file of another user is refused for writing", .enabled(if: isRoot, "needs root to give a file to another user"))
    func foreignKeyIsRefused() throws {
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        let key = cli.ledger + ".key"
        chown(key, Self.otherUser, Self.otherUser)
        let buy = try cli.run(["buy", Rage.face])
        #expect(buy.status == 3)
        #expect(buy.stderr.contains("belongs to another user (uid \(Self.otherUser))"), "\(buy.stderr)")
        // Root is told first to run as the owner (before: only to take the file over, which locks its owner out).
        #expect(buy.stderr.contains("run storefront as that user instead (`sudo -u '#\(Self.otherUser)' storefront …`, naming the store")
                    && buy.stderr.contains("to take it over instead"), "\(buy.stderr)")
    }

    @Test("root is told to run as the owner of another user's ledger (before: only to choose another path)",
          .enabled(if: isRoot, "needs root to give a file to another user"))
    func foreignLedgerAdvisesRunningAsItsOwner() throws {
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        chown(cli.ledger, Self.otherUser, Self.otherUser)
        let before = try ScratchDirectory.bytes(cli.ledger)
        let buy = try cli.run(["buy", Rage.face])
        #expect(buy.status == 3)
        #expect(buy.stderr.contains("belongs to another user (uid \(Self.otherUser))")
                    && buy.stderr.contains("`sudo -u '#\(Self.otherUser)' storefront --entitlements \(cli.ledger) …`) if its .key and .lock files are theirs too"),
                "\(buy.stderr)")
        #expect(try ScratchDirectory.bytes(cli.ledger) == before)
    }

    @Test("a lock file of another user is refused with the rm that mends it, which works (before: advised choosing another path)",
          .enabled(if: isRoot, "needs root to give a file to another user"))
    func foreignLockIsRemovedByTheAdvice() throws {
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        let lock = cli.ledger + ".lock"
        chown(lock, Self.otherUser, Self.otherUser)
        let buy = try cli.run(["buy", Rage.face])
        #expect(buy.status == 3)
        #expect(buy.stderr.contains("holds only the commit mark, which the next change writes again: remove it (`rm \(lock)`)"),
                "\(buy.stderr)")
        unlink(lock)
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        #expect(try cli.run(["verify"]).status == 0)
    }

    @Test("an entitlements path that is a directory or a device is refused by every command")
    func directoryOrDeviceIsRefused() throws {
        let folder = directory.file("folder.jsonl")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for path in [folder, "/dev/null"] {
            let other = StorefrontProcess(ledger: path)
            for command in [["buy", Rage.face], ["entitlements"], ["verify"]] {
                let result = try other.run(command)
                #expect(result.status == 3, "\(path) \(command): \(result.stdout)")
                // The kind found is named (before: four kinds listed, and advice about .lock files).
                let expected = path == folder ? "is a directory, not an entitlements file"
                    : "/dev/null is a character device, not an ordinary file; storefront reads and writes only ordinary files: "
                        + "give the path of an entitlements file"
                #expect(result.stderr.contains(expected), "\(path) \(command): \(result.stderr)")
                #expect(!result.stderr.contains(".lock"), "\(path) \(command): \(result.stderr)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        for suffix in [".key", ".lock"] {
            #expect(!FileManager.default.fileExists(atPath: "/dev/null" + suffix), "nothing is created beside a device")
        }
        Figures.report(
            "files",
            "key files readable by others and entitlements paths that are directories or devices refused"
                + (Self.isRoot ? "; another user's key file and a link to another user's file refused" : ""))
    }

    @Test("a file under /proc is refused by every command (before: verify called it intact, with 0 events)")
    func procFileIsRefused() throws {
        for path in ["/proc/cpuinfo", "/proc/self/status"] {
            let other = StorefrontProcess(ledger: path)
            for command in [["buy", Rage.face], ["entitlements"], ["verify"], ["repair"]] {
                let result = try other.run(command)
                #expect(result.status == 3, "\(path) \(command): \(result.stdout)")
                #expect(result.stderr.contains("\(path) is not an ordinary file: it holds data its size does not count"),
                        "\(path) \(command): \(result.stderr)")
            }
        }
    }

    @Test("a change to a file that is no ledger makes nothing beside it (before: its .lock), and leaves it as it was")
    func nothingIsMadeBesideAFileThatIsNoLedger() throws {
        let notes = directory.file("notes.txt")
        try Data("important notes\n".utf8).write(to: URL(fileURLWithPath: notes))
        let other = StorefrontProcess(ledger: notes)
        for command in [["buy", Rage.face], ["settings", "set", "ask-to-buy", "true"], ["entitlements", "--json"], ["transactions", "--json"],
                        ["repair"]] {
            let result = try other.run(command)
            #expect(result.stderr.contains("line 1 is not a storefront ledger header"), "\(command): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("notes") } == ["notes.txt"])
        #expect(try ScratchDirectory.bytes(notes) == Array("important notes\n".utf8))
        // Without a line break too (before: `verify` said "intact" and a purchase moved it aside as a torn line).
        let unbroken = directory.file("notes-unbroken.txt")
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: unbroken))
        let verified = try StorefrontProcess(ledger: unbroken).run(["verify"])
        #expect(verified.status == 3 && verified.stdout.contains("not a storefront ledger header"), "\(verified.stdout)")
        let bought = try StorefrontProcess(ledger: unbroken).run(["buy", Rage.face])
        #expect(bought.status != 0 && bought.stderr.contains("line 1 is not a storefront ledger header"), "\(bought.stderr)")
        #expect(try ScratchDirectory.bytes(unbroken) == Array("my notes".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("notes-unbroken") } == ["notes-unbroken.txt"])
    }

    @Test("a symbolic link to another user's file is refused, and the file is left alone",
          .enabled(if: isRoot, "needs root to give a file to another user"))
    func linkToAnotherUsersFileIsRefused() throws {
        let theirs = directory.file("theirs.jsonl")
        let other = StorefrontProcess(ledger: theirs)
        #expect(try other.run(["buy", Rage.face]).status == 0)
        chown(theirs, Self.otherUser, Self.otherUser)
        let before = try ScratchDirectory.bytes(theirs)
        let link = directory.file("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: theirs)

        let buy = try StorefrontProcess(ledger: link).run(["buy", Rage.face])
        #expect(buy.status == 3)
        #expect(buy.stderr.contains("\(link): it is a symbolic link"), "\(buy.stderr)")
        #expect(try ScratchDirectory.bytes(theirs) == before)
    }

    @Test("a symbolic link to one's own ledger is refused too, and nothing is written through it")
    func linkToOwnLedgerIsRefused() throws {
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        let before = try ScratchDirectory.bytes(cli.ledger)
        let link = directory.file("mine.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: cli.ledger)
        let buy = try StorefrontProcess(ledger: link).run(["buy", Rage.face])
        #expect(buy.status == 3)
        #expect(buy.stderr.contains("give the real path of the file it points to"), "\(buy.stderr)")
        #expect(try ScratchDirectory.bytes(cli.ledger) == before)
        #expect(try cli.run(["verify"]).stdout.contains("intact, 1 event,"))
    }

    /// The lock file holds the commit mark and is written. A link planted at its path must not
    /// turn a purchase into an overwrite of the file it points to.
    @Test("a lock file path that leads to a file other than a commit mark is never overwritten")
    func lockPathNotOverwritten() throws {
        let victim = directory.file("notes.txt")
        let notes = Array("my own notes, not a commit mark\n".utf8)
        try ScratchDirectory.write(notes, to: victim)
        try FileManager.default.createDirectory(atPath: directory.file("data/store"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cli.ledger + ".lock", withDestinationPath: victim)

        let buy = try cli.run(["buy", Rage.face])
        #expect(buy.status == 3, "\(buy.stdout)")
        #expect(buy.stderr.contains("lock: it is a symbolic link"), "\(buy.stderr)")
        #expect(try ScratchDirectory.bytes(victim) == notes)
    }
}

extension FilePermissionTests {
    @Test("a file of another user is a refusal to write, which turns a storefront read-only, not damage (before: it kept offering changes)")
    func aFileOfAnotherUserIsAWriteRefusal() {
        let refusal = StoreWriteRefusal.of(LedgerError.notYours(path: "/s/e.jsonl.lock", owner: 65534))
        #expect(refusal?.reason.contains("belongs to another user (uid 65534)") == true, "\(String(describing: refusal))")
        #expect(StoreWriteRefusal.of(LedgerError.ledgerMissing(path: "/s/e.jsonl")) == nil)
    }

    @Test("root's change to a store wholly another user's leaves no lock file of root's behind (before: it made one, locking the owner out)",
          .enabled(if: isRoot, "needs root to give a file to another user"))
    func aRefusedChangeOfAnotherUsersStoreMakesNoLockFile() throws {
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        let lock = cli.ledger + ".lock"
        unlink(lock)
        for path in [cli.ledger, cli.ledger + ".key"] { chown(path, Self.otherUser, Self.otherUser) }
        let buy = try cli.run(["buy", Rage.face])
        #expect(buy.status == 3 && buy.stderr.contains("\(cli.ledger) belongs to another user"), "\(buy.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lock), "no lock file was made")
        // Nor by a command that makes the certificate authority under the writer lock, which named the lock file
        // of such a store as the only file in the way (before: its advice to rm it left root's files behind).
        let certificate = try cli.run(["certificate"])
        #expect(certificate.status == 3 && certificate.stderr.contains("\(cli.ledger) belongs to another user"), "\(certificate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lock), "no lock file was made")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger + ".authority.pem"), "no authority was made")
    }

    @Test("the owner of a store whose lock file root made (0600 or 0644) is told to remove it, which works, not that its commit mark is damaged and to repair (before: repair, which could not mend it)",
          .enabled(if: isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root to give a file to another user"),
          arguments: [0o600, 0o644])
    func ownerOfAStoreWithRootsLockFileIsToldToRemoveIt(mode: Int) throws {
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        let folder = (cli.ledger as NSString).deletingLastPathComponent
        for path in [directory.path, directory.file("data"), folder, cli.ledger, cli.ledger + ".key"] {
            chown(path, Self.otherUser, Self.otherUser)
        }
        chmod(directory.path, 0o755)
        let lock = cli.ledger + ".lock"
        // Readable by the owner (0644) or not, every change is refused, so verify names it too
        // (before: a readable one was called intact).
        #expect(chmod(lock, mode_t(mode)) == 0)
        #expect(try Self.owner(lock) == 0)
        // The store's owner runs storefront.
        let asOwner = { (arguments: [String]) throws -> StorefrontProcess.Result in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(Self.otherUser)", "--regid=\(Self.otherUser)", "--clear-groups",
                                 StorefrontProcess.binary, "--entitlements", self.cli.ledger] + arguments
            process.environment = self.cli.environment.merging(["HOME": self.directory.path]) { $1 }
            let output = Pipe(), errors = Pipe()
            (process.standardOutput, process.standardError) = (output, errors)
            try process.run()
            let out = output.fileHandleForReading.readDataToEndOfFile(), err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return .init(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
        }
        let verify = try asOwner(["verify"])
        #expect(verify.status == 3, "\(verify)")
        #expect(verify.stdout.contains("\(lock) is a file of another user (uid 0)") && verify.stdout.contains("`rm \(lock)`")
                && verify.stdout.contains("repair` cannot fix this") && !verify.stdout.contains("is damaged"), "\(verify.stdout)")
        let buy = try asOwner(["buy", Rage.face])
        #expect(buy.status == 3 && buy.stderr.contains("\(lock) belongs to another user (uid 0)") && buy.stderr.contains("`rm \(lock)`"),
                "\(buy.stderr)")
        unlink(lock)
        #expect(try asOwner(["buy", Rage.face]).status == 0)
        #expect(try asOwner(["verify"]).status == 0)
    }

    static func owner(_ path: String) throws -> uid_t {
        var information = stat()
        guard stat(path, &information) == 0 else { throw POSIXError(.ENOENT) }
        return information.st_uid
    }
}
