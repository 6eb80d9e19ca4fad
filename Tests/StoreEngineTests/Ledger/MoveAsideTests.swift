import Foundation
import StorefrontTesting
import Testing
@testable import StoreLedger

/// The `mv` advised where something stands in the place of a file storefront keeps: followed as
/// printed, it never moves anything over a file, nor into a directory, of the name it gives.
@Suite("Moving aside what stands in a kept file's place")
struct MoveAsideTests {
    @Test("a FIFO or directory opened where a ledger keeps its lock, key or certificate authority is advised the mv that clears it, as verify advises (before: \"move it away\", no command); a path a user gives is never advised a move",
          arguments: [("/s/e.jsonl.lock", FileSystemError.notOrdinaryFile, true), ("/s/e.jsonl.key", EISDIR, true),
                      ("/s/e.jsonl.authority.pem", EISDIR, true), ("/s/e.jsonl.authority.pem", FileSystemError.notOrdinaryFile, true),
                      ("/dev/null", FileSystemError.notOrdinaryFile, false), ("/s/catalog.json", EISDIR, false)])
    func openingRefusalsAdviseTheMove(path: String, code: Int32, advisesMove: Bool) {
        let said = FileSystemError(operation: .open, path: path, code: code).description
        #expect(said.contains("(`mv -n -T \(path) \(path).moved`)") == advisesMove, "\(said)")
    }

    @Test("the first of .moved, .moved-2, … at which nothing stands is named, a dangling link counting as something (before: always .moved)")
    func theFirstFreeNameIsNamed() throws {
        let directory = try LedgerTestDirectory()
        let path = directory.path + "/e.jsonl.lock"
        #expect(MoveAside.spareName(for: path) == path + ".moved")
        #expect(FileManager.default.createFile(atPath: path + ".moved", contents: Data("mine\n".utf8)))
        #expect(MoveAside.spareName(for: path) == path + ".moved-2")
        try FileManager.default.createSymbolicLink(atPath: path + ".moved-2", withDestinationPath: directory.path + "/nowhere")
        try FileManager.default.createDirectory(atPath: path + ".moved-3", withIntermediateDirectories: false)
        #expect(MoveAside.spareName(for: path) == path + ".moved-4")
        #expect(MoveAside.spareName(for: path, ending: "refused") == path + ".refused")
    }

    @Test("a name taken after the advice was printed is neither moved over nor moved into")
    func aNameTakenSinceIsLeftAlone() throws {
        let directory = try LedgerTestDirectory()
        let path = directory.path + "/e.jsonl.delivering-x"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let command = MoveAside.command(for: path)
        try FileManager.default.createDirectory(atPath: path + ".moved", withIntermediateDirectories: false)
        _ = try LedgerTestFiles.runInShell(command)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path + ".moved").isEmpty, "not moved into")
        #expect(FileManager.default.fileExists(atPath: path), "left where it was, for the advice to be asked again")
    }

    @Test("followed in a shell, the command moves a directory past a file and a directory of the names before, which keep what they held")
    func followedItMovesNothingOver() throws {
        let directory = try LedgerTestDirectory()
        let path = directory.path + "/it's here.lock"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: path + ".moved", contents: Data("mine\n".utf8)))
        try FileManager.default.createDirectory(atPath: path + ".moved-2", withIntermediateDirectories: false)
        let command = MoveAside.command(for: path)
        #expect(try LedgerTestFiles.runInShell(command) == 0, "\(command)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.contents(atPath: path + ".moved") == Data("mine\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: path + ".moved-2").isEmpty)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path + ".moved-3", isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
