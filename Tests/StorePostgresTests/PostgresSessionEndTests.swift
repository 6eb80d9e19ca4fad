import Foundation
import StorefrontTesting
import Testing

/// A server that ends a session the moment it accepted it: its FATAL message arrives while
/// libpq is still connecting, which libpq's own receiver would print on standard error. A
/// scripted server in Python does it every time (a real one only when `pg_terminate_backend`
/// lands in that instant).
@Suite("PostgreSQL store: a session ended as it opens")
struct PostgresSessionEndTests {
    /// A loopback server speaking just enough of PostgreSQL's protocol: it refuses TLS and
    /// GSS encryption, then either accepts the session and ends it at once with a FATAL
    /// message (as `pg_terminate_backend` does), or never answers.
    final class ScriptedPostgres {
        enum Behaviour: String {
            case endAtOnce
            case silent
        }

        let port: Int
        private let folder: String
        private let process: Process

        init(_ behaviour: Behaviour) throws {
            folder = try StorefrontProcess.temporaryFolder()
            let folder = folder
            (process, port) = try LoopbackPythonServer.start(
                script: Self.script, arguments: [folder, behaviour.rawValue],
                reportedPort: { (try? String(contentsOfFile: folder + "/port", encoding: .utf8)).flatMap { Int($0) } },
                failure: CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the scripted server did not start"]))
        }

        deinit {
            _ = kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: folder)
        }

        var url: String { "postgresql://tester@127.0.0.1:\(port)/shop" }

        private static let script = #"""
import os, socket, struct, sys
folder, behaviour = sys.argv[1], sys.argv[2]
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(16)
with open(os.path.join(folder, "port.tmp"), "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
def field(code, text):
    return code + text.encode() + b"\0"
def message(kind, body):
    return kind + struct.pack("!I", 4 + len(body)) + body
held = []
while True:
    connection, _ = listener.accept()
    if behaviour == "silent":
        held.append(connection)
        continue
    while True:
        length = struct.unpack("!I", connection.recv(4, socket.MSG_WAITALL))[0]
        request = struct.unpack("!I", connection.recv(length - 4, socket.MSG_WAITALL)[:4])[0]
        if request not in (80877103, 80877104):
            break
        connection.sendall(b"N")
    end = (field(b"S", "FATAL") + field(b"V", "FATAL") + field(b"C", "57P01")
           + field(b"M", "terminating connection due to administrator command") + b"\0")
    connection.sendall(message(b"R", struct.pack("!I", 0)) + message(b"Z", b"I") + message(b"E", end))
    connection.close()
"""#
    }

    let cli: StorefrontProcess

    init() throws {
        var cli = StorefrontProcess(ledger: "")
        cli.environment["STOREFRONT_STORE_KEY"] = try StorefrontProcess.temporaryFolder() + "/team.key"
        self.cli = cli
    }

    @Test("the server's FATAL line never reaches standard error on its own: the command says why, in its own words")
    func fatalMessageIsTheReason() throws {
        let server = try ScriptedPostgres(.endAtOnce)
        for command in [["products"], ["buy", "com.example.rage.face.random"], ["verify"]] {
            var cli = cli
            cli.storeArguments = ["--store", server.url]
            let result = try cli.run(command)
            #expect(result.status == 3, "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("FATAL"), "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("storefront: the server of the store \(server.url) ended this session as it was "
                + "opened: terminating connection due to administrator command. Nothing was read or written."), "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(command): \(result.stderr)")
        }
    }

    @Test("a server that never answers fails the command once connect_timeout has run out, with libpq's words")
    func connectTimeoutStillApplies() throws {
        let server = try ScriptedPostgres(.silent)
        var cli = cli
        cli.storeArguments = ["--store", server.url + "?connect_timeout=2"]
        let result = try cli.run(["products"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("cannot reach the store") && result.stderr.contains("timeout expired"), "\(result.stderr)")
    }
}
